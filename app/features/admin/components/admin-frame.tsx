import { ExternalLink, Menu } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { Form, Link, NavLink, Outlet, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { adminNav, type HeldCounts } from "./admin-nav";

/** `nav`: the addresses of the navigation this admin's roles may open (docs/admin.md, "Roles"). */
type SignedInAdmin = { email: string; heldCounts: HeldCounts; nav: string[] } | null;

/**
 * The admin application's frame: skip link, a banner with the brand and (signed in) the admin
 * navigation and sign-out, and the main landmark. Below 768 px the navigation folds into a
 * "Menu" disclosure (a <details>, so it works before and without JavaScript).
 */
export function AdminFrame({ admin, children }: { admin: SignedInAdmin; children?: ReactNode }) {
  const main = useFocusMainOnNavigation();
  return (
    <div className="flex min-h-dvh flex-col bg-ink-50">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-medium text-ink-950 focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <header className="relative border-b border-ink-800 bg-ink-950 text-white">
        <div className="container-page flex min-h-14 items-center justify-between gap-4 py-2">
          <Link to={admin ? "/admin" : "/admin/login"} className="flex items-center gap-2 rounded-md font-display text-lg font-semibold">
            Nordlys
            <span className="rounded-md bg-aurora-300 px-1.5 py-0.5 text-xs font-semibold uppercase tracking-wider text-ink-950">
              Admin
            </span>
          </Link>
          <div className="flex items-center gap-3">
            <a
              href="/"
              className="hidden items-center gap-1 rounded-md text-sm text-ink-200 underline-offset-4 hover:text-white hover:underline sm:inline-flex"
            >
              View site
              <ExternalLink aria-hidden="true" className="size-3.5" />
            </a>
            {admin ? (
              <>
                <span className="hidden text-sm text-ink-200 lg:inline">{admin.email}</span>
                <SignOutButton className="hidden md:inline-flex" />
                <CompactMenu admin={admin} />
              </>
            ) : null}
          </div>
        </div>
        {admin ? (
          <div className="hidden border-t border-ink-800 md:block">
            <nav aria-label="Admin" className="container-page py-2">
              <AdminNavList admin={admin} className="flex flex-wrap gap-1" />
            </nav>
          </div>
        ) : null}
      </header>
      <main id="main" ref={main} tabIndex={-1} className="flex-1 focus:outline-none">
        {children ?? <Outlet />}
      </main>
      <footer className="border-t border-ink-200 bg-white">
        <p className="container-page py-4 text-xs text-ink-600">
          Nordlys Studio admin. Visitors' data here is personal: keep it inside this area.
        </p>
      </footer>
    </div>
  );
}

/**
 * After a client-side move to another admin page, focus goes to the new page's main landmark:
 * keyboard and screen reader users start at its content (and the compact menu, which closes,
 * does not leave focus on nothing). Not on the first page load, and not when only the query
 * changes (filters, paging, the delete confirmation keep their own focus).
 */
function useFocusMainOnNavigation() {
  const main = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    main.current?.focus();
  }, [pathname]);
  return main;
}

function SignOutButton({ className }: { className?: string }) {
  return (
    <Form method="post" action="/admin/sign-out" className={className}>
      <Button
        type="submit"
        variant="outline"
        size="sm"
        className="border-ink-600 bg-transparent text-white hover:bg-ink-800 hover:text-white"
      >
        Sign out
      </Button>
    </Form>
  );
}

/** Below 768 px: one "Menu" button that opens the navigation, the address and sign-out. Closes on navigation. */
function CompactMenu({ admin }: { admin: NonNullable<SignedInAdmin> }) {
  const { pathname } = useLocation();
  const current = navOf(admin).find((link) => (link.to === "/admin" ? pathname === "/admin" : pathname.startsWith(link.to)));
  return (
    <details key={pathname} className="group md:hidden">
      <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-lg border border-ink-600 px-3 text-sm font-medium [&::-webkit-details-marker]:hidden">
        <Menu aria-hidden="true" className="size-4" />
        Menu
        {current ? <span className="text-ink-200">· {current.label}</span> : null}
      </summary>
      <div className="absolute inset-x-0 top-14 z-40 border-b border-ink-800 bg-ink-950 shadow-lg">
        <nav aria-label="Admin" className="container-page py-3">
          <AdminNavList admin={admin} className="grid grid-cols-2 gap-1" />
        </nav>
        <div className="container-page flex flex-wrap items-center justify-between gap-3 border-t border-ink-800 py-3">
          <span className="min-w-0 truncate text-sm text-ink-200">{admin.email}</span>
          <a href="/" className="text-sm text-ink-200 underline underline-offset-4">
            View site
          </a>
          <SignOutButton />
        </div>
      </div>
    </details>
  );
}

const navOf = (admin: NonNullable<SignedInAdmin>) => adminNav.filter((link) => admin.nav.includes(link.to));

function AdminNavList({ admin, className }: { admin: NonNullable<SignedInAdmin>; className: string }) {
  return (
    <ul className={className}>
      {navOf(admin).map((link) => {
        const held = link.held ? admin.heldCounts[link.held] : 0;
        return (
          <li key={link.to}>
            <NavLink
              to={link.to}
              end={link.to === "/admin"}
              className={({ isActive }) =>
                cn(
                  "inline-flex min-h-11 w-full items-center gap-1.5 rounded-lg px-3 text-sm font-medium md:min-h-9",
                  isActive ? "bg-white text-ink-950" : "text-ink-100 hover:bg-ink-800 hover:text-white",
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
                        isActive ? "bg-ink-950 text-white" : "bg-violet-300 text-ink-950",
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
  );
}
