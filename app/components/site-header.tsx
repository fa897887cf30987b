import { MenuIcon, SparklesIcon } from "lucide-react";
import { useState } from "react";
import { Link, NavLink } from "react-router";
import { headerActions, mainNav, site } from "~/content/site";
import { cn } from "~/lib/cn";
import { Button } from "./ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from "./ui/dialog";

function navLinkClass({ isActive }: { isActive: boolean }) {
  return cn(
    "rounded-lg px-2.5 py-2 text-sm font-medium transition-colors",
    isActive ? "text-ink-950 bg-ink-100" : "text-ink-700 hover:text-ink-950 hover:bg-ink-100",
  );
}

export function Brand() {
  return (
    <Link to="/" className="flex items-center gap-2 font-display text-lg font-semibold text-ink-950">
      <span
        aria-hidden="true"
        className="inline-flex size-8 items-center justify-center rounded-lg bg-gradient-to-br from-aurora-500 to-violet-500 text-white"
      >
        <SparklesIcon className="size-4" />
      </span>
      {site.name}
    </Link>
  );
}

export function SiteHeader() {
  const [isMenuOpen, setMenuOpen] = useState(false);

  return (
    <header className="sticky top-0 z-40 border-b border-ink-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <div className="container-page flex h-16 items-center justify-between gap-4">
        <Brand />
        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-0.5">
            {mainNav.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.to === "/"} className={navLinkClass}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="hidden items-center gap-2 lg:flex">
          <Button asChild variant="outline" size="sm">
            <Link to={headerActions.mentor.to}>{headerActions.mentor.label}</Link>
          </Button>
          <Button asChild size="sm">
            <Link to={headerActions.start.to}>
              {headerActions.start.label}
              <span className="sr-only"> {headerActions.start.hint}</span>
            </Link>
          </Button>
        </div>

        <Dialog open={isMenuOpen} onOpenChange={setMenuOpen}>
          <DialogTrigger asChild>
            <Button variant="ghost" size="icon" className="lg:hidden" aria-label="Open menu">
              <MenuIcon aria-hidden="true" className="!size-6" />
            </Button>
          </DialogTrigger>
          <DialogContent side="right" closeLabel="Close menu" aria-describedby={undefined}>
            <DialogTitle>Menu</DialogTitle>
            <DialogDescription className="sr-only">Site navigation</DialogDescription>
            <nav aria-label="Mobile" className="mt-6">
              <ul className="flex flex-col gap-1">
                {mainNav.map((link) => (
                  <li key={link.to}>
                    <NavLink
                      to={link.to}
                      end={link.to === "/"}
                      className={(state) => cn(navLinkClass(state), "block px-3 py-3 text-base")}
                      onClick={() => setMenuOpen(false)}
                    >
                      {link.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
            <div className="mt-6 grid grid-cols-2 gap-3">
              <Button asChild variant="outline">
                <Link to={headerActions.mentor.to} onClick={() => setMenuOpen(false)}>
                  {headerActions.mentor.label}
                </Link>
              </Button>
              <Button asChild>
                <Link to={headerActions.start.to} onClick={() => setMenuOpen(false)}>
                  {headerActions.start.label}
                  <span className="sr-only"> {headerActions.start.hint}</span>
                </Link>
              </Button>
            </div>
          </DialogContent>
        </Dialog>
      </div>
    </header>
  );
}
