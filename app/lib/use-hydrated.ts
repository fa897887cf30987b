import { startTransition, useEffect, useState } from "react";

/** Set once the first component has hydrated; components mounted later start out hydrated. */
let appHydrated = false;

/**
 * False during server rendering and hydration, true once React runs in the browser.
 *
 * The switch to true after hydration is a transition: React renders it in
 * small slices instead of one blocking task right after the hydration commit
 * (which `useSyncExternalStore` with a different server snapshot would force),
 * so the page stays responsive while it wakes up (docs/performance.md).
 */
export function useHydrated(): boolean {
  const [isHydrated, setHydrated] = useState(appHydrated);
  useEffect(() => {
    appHydrated = true;
    if (!isHydrated) startTransition(() => setHydrated(true));
    // Only the first render's value matters: it never goes back to false.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return isHydrated;
}
