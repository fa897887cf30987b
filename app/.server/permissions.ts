import { matchPath } from "react-router";

/**
 * Who may open what in the admin area (docs/admin.md, "Roles"): the one table a reader scans.
 * Every admin page, admin API route and form action is listed here with the roles that may use
 * it; the owner may use everything. An export or an erasure of a person's data may need less
 * (fewer roles) than the page it starts from. The guards (app/.server/admin-guard.ts) look the
 * request's path up here, so a route cannot forget to check; a path under /admin or /api/admin
 * that is not listed is refused for everyone, and tests/integration/admin-roles.test.ts walks the
 * route table for every role.
 */

export const ROLES = ["owner", "editor", "sales", "newsletter", "mentor"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  owner: "Owner",
  editor: "Editor",
  sales: "Sales",
  newsletter: "Newsletter",
  mentor: "Mentor",
};

/** What each role is for, as the team page and docs/admin.md say it. */
export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  owner: "everything, including the team and settings",
  editor: "site content and news feeds",
  sales: "inbox, leads, submissions, webhooks, analytics; exports and erasure of a person's data",
  newsletter: "subscribers, issues and sending",
  mentor: "their own hours, bookings and agenda, and their own learners' mentoring enquiries",
};

/** Who works the inbox: enquiries are given to them, and they get the morning digest. */
export const INBOX_ROLES: Role[] = ["owner", "sales"];

/** An operation a route may restrict further than the route itself. */
export type Operation = "export" | "erase";

export type AdminRoute = {
  /** As in app/routes.ts, with the leading slash: `:param` and optional `:param?` segments. */
  path: string;
  /** "public": no session needed (signing in); "any": every role; otherwise the roles besides the owner. */
  access: "public" | "any" | readonly Exclude<Role, "owner">[];
  /** Exports and erasures of a person's data through this route: only these roles besides the owner. */
  personData?: readonly Exclude<Role, "owner">[];
};

const SALES = ["sales"] as const;
/**
 * The inbox's pages a mentor uses too, with their own learners only: the routes scope what they
 * read and change (app/features/inbox/mentor-scope.server.ts), and answer 404 for anyone else's.
 */
const INBOX_AND_MENTOR = ["sales", "mentor"] as const;
/** Exports and erasure of a person's data: the owner and Sales only (decision 0206). */
const PERSON_DATA = ["sales"] as const;

export const ADMIN_ROUTES: readonly AdminRoute[] = [
  { path: "/admin/login", access: "public" },
  { path: "/admin/enrol", access: "public" },
  { path: "/admin/sign-out", access: "public" },
  { path: "/admin/forgot-password", access: "public" },
  { path: "/admin/reset-password", access: "public" },
  { path: "/admin", access: "any" },
  { path: "/admin/account", access: "any" },
  { path: "/admin/two-factor-setup", access: "any" },
  { path: "/admin/inbox", access: INBOX_AND_MENTOR },
  { path: "/admin/inbox/people/:personId", access: INBOX_AND_MENTOR },
  { path: "/admin/inbox/people/:personId/reply", access: INBOX_AND_MENTOR },
  { path: "/admin/inbox/saved-replies", access: SALES },
  { path: "/admin/inbox/unmatched", access: SALES },
  { path: "/admin/inbox/attachments/:attachmentId", access: INBOX_AND_MENTOR },
  { path: "/admin/inbox/people/:personId/export", access: PERSON_DATA, personData: PERSON_DATA },
  { path: "/admin/inbox/people/:personId/erase", access: PERSON_DATA, personData: PERSON_DATA },
  { path: "/admin/leads", access: SALES, personData: PERSON_DATA },
  { path: "/admin/submissions", access: SALES, personData: PERSON_DATA },
  { path: "/admin/webhooks", access: SALES },
  { path: "/admin/subscribers", access: ["newsletter", "sales"], personData: PERSON_DATA },
  { path: "/admin/newsletter", access: ["newsletter"], personData: PERSON_DATA },
  { path: "/admin/outbox", access: [] },
  { path: "/admin/feeds", access: ["editor"] },
  { path: "/admin/content", access: ["editor"] },
  { path: "/admin/content/media", access: ["editor"] },
  { path: "/admin/content/export", access: ["editor"] },
  { path: "/admin/content/import", access: ["editor"] },
  { path: "/admin/content/markdown", access: ["editor"] },
  { path: "/admin/content/:type/new", access: ["editor"] },
  { path: "/admin/content/:type/:id", access: ["editor"] },
  { path: "/admin/content/:type/:id/history", access: ["editor"] },
  { path: "/admin/content/:type/:id/preview", access: ["editor"] },
  { path: "/admin/mentoring", access: ["mentor"] },
  { path: "/admin/mentoring/availability", access: ["mentor"] },
  { path: "/api/admin/leads/:id?", access: SALES, personData: PERSON_DATA },
  { path: "/api/admin/leads/:id/release", access: SALES },
  { path: "/api/admin/submissions/:id?", access: SALES, personData: PERSON_DATA },
  { path: "/api/admin/submissions/:id/release", access: SALES },
  { path: "/api/admin/subscribers/:id?", access: ["newsletter", "sales"], personData: PERSON_DATA },
  { path: "/api/admin/outbox/:file?", access: [] },
  { path: "/api/admin/analytics", access: SALES },
  { path: "/api/admin/people/:id?", access: INBOX_AND_MENTOR },
  { path: "/api/admin/people/:id/stage", access: INBOX_AND_MENTOR },
  { path: "/api/admin/people/:id/notes", access: INBOX_AND_MENTOR },
  { path: "/api/admin/people/:id/reply", access: INBOX_AND_MENTOR },
  { path: "/api/admin/mentoring/availability", access: ["mentor"] },
  { path: "/api/admin/media", access: ["editor"] },
  { path: "/api/admin/content/:type", access: ["editor"] },
  { path: "/api/admin/content/:type/:id", access: ["editor"] },
  { path: "/api/admin/content/:type/:id/draft", access: ["editor"] },
  { path: "/api/admin/content/:type/:id/publish", access: ["editor"] },
  { path: "/api/admin/content/:type/:id/unpublish", access: ["editor"] },
  { path: "/api/admin/content/:type/:id/revisions", access: ["editor"] },
  { path: "/api/admin/content/:type/:id/revisions/:revisionId/restore", access: ["editor"] },
  { path: "/api/send-daily-newsletter", access: ["newsletter"] },
  { path: "/admin/team", access: [] },
  { path: "/admin/audit", access: [] },
  { path: "/api/admin/audit", access: [] },
  { path: "/api/admin/team", access: [] },
  { path: "/api/admin/team/invitations", access: [] },
  { path: "/api/admin/team/:userId", access: [] },
  { path: "/api/admin/team/:userId/roles", access: [] },
];

/** The request path as routes see it: without React Router's `.data` suffix or a trailing slash. */
function routePath(pathname: string): string {
  const path = pathname.replace(/\/_root\.data$/, "").replace(/\.data$/, "");
  return path.length > 1 ? path.replace(/\/+$/, "") : path;
}

/** The table's entry for a request path, or null when none is declared. */
export function adminRouteOf(pathname: string): AdminRoute | null {
  const path = routePath(pathname);
  return ADMIN_ROUTES.find((route) => matchPath({ path: route.path, end: true }, path)) ?? null;
}

/** The roles (besides the owner) that may do this; "any" for every role. */
function grantedTo(route: AdminRoute, operation?: Operation): "any" | readonly Role[] {
  if (route.access === "public" || route.access === "any") return "any";
  return operation && route.personData ? route.personData : route.access;
}

/** Whether someone with these roles may use this route (and this operation on it). */
export function mayUse(roles: readonly Role[], route: AdminRoute | null, operation?: Operation): boolean {
  if (!route || roles.length === 0) return false;
  if (roles.includes("owner")) return true;
  const granted = grantedTo(route, operation);
  return granted === "any" || roles.some((role) => granted.includes(role));
}

/** Whether someone with these roles may open this admin path (the navigation shows only these). */
export function mayOpen(roles: readonly Role[], pathname: string, operation?: Operation): boolean {
  return mayUse(roles, adminRouteOf(pathname), operation);
}

/** "Sales or the owner": who may use the route, for the "not for your role" answers. */
export function whoMay(route: AdminRoute | null, operation?: Operation): string {
  if (!route) return "nobody: this address is not in the admin's table of routes";
  const granted = grantedTo(route, operation);
  if (granted === "any") return "every role";
  return [...granted.map((role) => ROLE_LABELS[role]), "the owner"].join(" or ");
}

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}
