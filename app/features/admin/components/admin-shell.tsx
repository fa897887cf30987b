import type { ReactNode } from "react";
import { Form, NavLink } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";

export const adminNav: Array<{ label: string; to: string; held?: keyof HeldCounts }> = [
  { label: "Dashboard", to: "/admin" },
  { label: "Leads", to: "/admin/leads", held: "leads" },
  { label: "Submissions", to: "/admin/submissions", held: "submissions" },
  { label: "Subscribers", to: "/admin/subscribers" },
  { label: "Newsletter", to: "/admin/newsletter" },
  { label: "Outbox", to: "/admin/outbox" },
  { label: "Feeds", to: "/admin/feeds" },
  { label: "Account", to: "/admin/account" },
];

/** Items held for review (docs/admin.md, "Held items"), shown next to their list in the navigation. */
export type HeldCounts = { leads: number; submissions: number };

/** Heading, admin navigation and sign-out for every signed-in admin page. */
export function AdminShell({
  title,
  description,
  email,
  heldCounts,
  actions,
  children,
}: {
  title: string;
  description?: ReactNode;
  email: string;
  heldCounts?: HeldCounts;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="bg-ink-50">
      <div className="border-b border-ink-200 bg-white">
        <div className="container-page flex flex-wrap items-center justify-between gap-3 py-3">
          <nav aria-label="Admin">
            <ul className="flex flex-wrap gap-1">
              {adminNav.map((link) => {
                const held = link.held && heldCounts ? heldCounts[link.held] : 0;
                return (
                  <li key={link.to}>
                    <NavLink
                      to={link.to}
                      end={link.to === "/admin"}
                      className={({ isActive }) =>
                        cn(
                          "inline-flex items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-medium",
                          isActive ? "bg-ink-950 text-white" : "text-ink-700 hover:bg-ink-100 hover:text-ink-950",
                        )
                      }
                    >
                      {({ isActive }) => (
                        <>
                          {link.label}
                          {held > 0 ? (
                            <span
                              className={cn(
                                "rounded-full px-1.5 text-xs font-semibold",
                                isActive ? "bg-white text-ink-950" : "bg-violet-300/40 text-violet-700",
                              )}
                            >
                              {held} held
                            </span>
                          ) : null}
                        </>
                      )}
                    </NavLink>
                  </li>
                );
              })}
            </ul>
          </nav>
          <Form method="post" action="/admin/sign-out" className="flex items-center gap-3">
            <span className="text-sm text-ink-600">{email}</span>
            <Button type="submit" variant="outline" size="sm">
              Sign out
            </Button>
          </Form>
        </div>
      </div>
      <div className="container-page py-10">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wider text-aurora-700">Admin</p>
            <h1 className="mt-1 text-3xl font-semibold sm:text-4xl">{title}</h1>
            {description ? <div className="mt-2 max-w-2xl text-ink-600">{description}</div> : null}
          </div>
          {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
        </div>
        <div className="mt-8">{children}</div>
      </div>
    </div>
  );
}
