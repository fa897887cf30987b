import { MenuIcon, SparklesIcon } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import { Link, NavLink } from "react-router";
import { headerActions, mainNav, site } from "~/content/site";
import { navLinkClass } from "./nav-link-class";
import { Button } from "./ui/button";

// The menu's dialog (Radix, focus trap, scroll lock) is downloaded when the menu is first wanted.
const loadMobileMenu = () => import("./mobile-menu");
const MobileMenu = lazy(loadMobileMenu);
const preloadMobileMenu = () => void loadMobileMenu();

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
  const [isMenuRequested, setMenuRequested] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);

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

        <Button
          ref={toggleRef}
          type="button"
          variant="ghost"
          size="icon"
          className="lg:hidden"
          aria-label="Open menu"
          aria-haspopup="dialog"
          aria-expanded={isMenuOpen}
          onPointerEnter={preloadMobileMenu}
          onFocus={preloadMobileMenu}
          onClick={() => {
            setMenuRequested(true);
            setMenuOpen(true);
          }}
        >
          <MenuIcon aria-hidden="true" className="!size-6" />
        </Button>
        {isMenuRequested ? (
          <Suspense fallback={null}>
            <MobileMenu open={isMenuOpen} onOpenChange={setMenuOpen} returnFocusTo={toggleRef} />
          </Suspense>
        ) : null}
      </div>
    </header>
  );
}
