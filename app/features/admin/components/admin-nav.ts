/** Items held for review (docs/admin.md, "Held items"), shown next to their list in the navigation. */
export type HeldCounts = { leads: number; submissions: number };

/** The admin area's pages, in the navigation's order. */
export const adminNav: Array<{ label: string; to: string; held?: keyof HeldCounts }> = [
  { label: "Dashboard", to: "/admin" },
  { label: "Inbox", to: "/admin/inbox" },
  { label: "Mentoring", to: "/admin/mentoring" },
  { label: "Leads", to: "/admin/leads", held: "leads" },
  { label: "Submissions", to: "/admin/submissions", held: "submissions" },
  { label: "Subscribers", to: "/admin/subscribers" },
  { label: "Newsletter", to: "/admin/newsletter" },
  { label: "Outbox", to: "/admin/outbox" },
  { label: "Content", to: "/admin/content" },
  { label: "Feeds", to: "/admin/feeds" },
  { label: "Unmatched mail", to: "/admin/inbox/unmatched" },
  { label: "Webhooks", to: "/admin/webhooks" },
  { label: "Team", to: "/admin/team" },
  { label: "Audit log", to: "/admin/audit" },
  { label: "Account", to: "/admin/account" },
];
