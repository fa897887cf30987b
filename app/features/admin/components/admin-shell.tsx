import type { ReactNode } from "react";
import { Form, NavLink } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";

export const adminNav = [
  { label: "Dashboard", to: "/admin" },
  { label: "Leads", to: "/admin/leads" },
  { label: "Submissions", to: "/admin/submissions" },
  { label: "Subscribers", to: "/admin/subscribers" },
  { label: "Newsletter", to: "/admin/newsletter" },
  { label: "Outbox", to: "/admin/outbox" },
  { label: "Feeds", to: "/admin/feeds" },
  { label: "Account", to: "/admin/account" },
];

/** Heading, admin navigation and sign-out for every signed-in admin page. */
export function AdminShell({
  title,
  description,
  email,
  actions,
  children,
}: {
  title: string;
  description?: ReactNode;
  email: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="bg-ink-50">
      <div className="border-b border-ink-200 bg-white">
        <div className="container-page flex flex-wrap items-center justify-between gap-3 py-3">
          <nav aria-label="Admin">
            <ul className="flex flex-wrap gap-1">
              {adminNav.map((link) => (
                <li key={link.to}>
                  <NavLink
                    to={link.to}
                    end={link.to === "/admin"}
                    className={({ isActive }) =>
                      cn(
                        "inline-block rounded-lg px-3 py-2 text-sm font-medium",
                        isActive ? "bg-ink-950 text-white" : "text-ink-700 hover:bg-ink-100 hover:text-ink-950",
                      )
                    }
                  >
                    {link.label}
                  </NavLink>
                </li>
              ))}
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
