import type { RefObject } from "react";
import { Link, NavLink } from "react-router";
import { headerActions, mainNav } from "~/content/site";
import { navLinkClass } from "./nav-link-class";
import { Button } from "./ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "./ui/dialog";

export type MobileMenuProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The header's menu button: focus goes back to it when the menu closes. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
};

/** The phone and tablet navigation: a side sheet with the main links and the two header actions. */
export default function MobileMenu({ open, onOpenChange, returnFocusTo }: MobileMenuProps) {
  const close = () => onOpenChange(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        side="right"
        closeLabel="Close menu"
        aria-describedby={undefined}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <DialogTitle>Menu</DialogTitle>
        <DialogDescription className="sr-only">Site navigation</DialogDescription>
        <nav aria-label="Mobile" className="mt-6">
          <ul className="flex flex-col gap-1">
            {mainNav.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.to === "/"} className={(state) => navLinkClass(state, "menu")} onClick={close}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-6 grid grid-cols-2 gap-3">
          <Button asChild variant="outline">
            <Link to={headerActions.mentor.to} onClick={close}>
              {headerActions.mentor.label}
            </Link>
          </Button>
          <Button asChild>
            <Link to={headerActions.start.to} onClick={close}>
              {headerActions.start.label}
              <span className="sr-only"> {headerActions.start.hint}</span>
            </Link>
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
