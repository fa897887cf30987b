import { cn } from "~/lib/cn";

/** The main navigation's link style (header and mobile menu); the current page is highlighted. */
export function navLinkClass({ isActive }: { isActive: boolean }) {
  return cn(
    "rounded-lg px-2.5 py-2 text-sm font-medium transition-colors",
    isActive ? "text-ink-950 bg-ink-100" : "text-ink-700 hover:text-ink-950 hover:bg-ink-100",
  );
}
