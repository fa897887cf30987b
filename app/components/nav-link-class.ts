import { cn } from "~/lib/cn";

/** The main navigation's link style (header and mobile menu); the current page is highlighted. */
export function navLinkClass({ isActive }: { isActive: boolean }, size: "bar" | "menu" = "bar") {
  return cn(
    "rounded-lg font-medium transition-colors",
    size === "bar" ? "px-2.5 py-2 text-sm" : "block px-3 py-3 text-base",
    isActive ? "text-ink-950 bg-ink-100" : "text-ink-700 hover:text-ink-950 hover:bg-ink-100",
  );
}
