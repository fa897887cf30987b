import { useEffect, useLayoutEffect, useRef } from "react";
import { ScrollRestoration, useLocation, useNavigation } from "react-router";

/**
 * React Router's scroll restoration, made exact for pages whose lower blocks
 * skip rendering while off-screen (decision 0084). Depends on how React Router
 * stores positions: see README.md in this folder before upgrading.
 *
 * Blocks marked `lazy-render` are skipped while off-screen on the page as first
 * loaded, and count as 600px tall until drawn (app/app.css). A scroll position
 * taken or restored while some of them are estimates would not match the real
 * page, so the document is marked `data-exact-layout` (which turns the skipping
 * off) before React Router saves or restores one: when a navigation starts or
 * the page is left (keeping what is on screen in place while the blocks above
 * take their real size), and, on a reload with a stored position, by a script
 * ahead of React Router's restore script.
 */

/** Where the positions are kept in sessionStorage: ours, passed to `<ScrollRestoration storageKey>`. */
export const SCROLL_POSITIONS_KEY = "nordlys-scroll-positions";

/**
 * Runs before React Router's restore script. It reads the positions as React
 * Router stores them (a JSON object from `history.state.key` to a y offset).
 * If a later version stores them differently, restores after a reload are
 * approximate again and nothing breaks.
 */
const MARK_IF_RESTORING =
  `try{var k=history.state&&history.state.key,p=JSON.parse(sessionStorage.getItem(${JSON.stringify(SCROLL_POSITIONS_KEY)})||"{}");` +
  'if(k&&typeof p[k]==="number"&&p[k]>0)document.documentElement.setAttribute("data-exact-layout","")}catch(e){}';

function markExactLayout() {
  const root = document.documentElement;
  if (root.hasAttribute("data-exact-layout")) return;
  // Keep what is in the middle of the screen where it is while the blocks above it take their
  // real size (as scroll anchoring would, but at once, before anyone reads the position).
  const anchor = document.elementFromPoint(window.innerWidth / 2, window.innerHeight / 2);
  const top = anchor?.getBoundingClientRect().top;
  root.setAttribute("data-exact-layout", "");
  const moved = anchor && top !== undefined ? anchor.getBoundingClientRect().top - top : 0;
  if (moved) window.scrollBy({ top: moved, behavior: "instant" });
}

/** `<ScrollRestoration>` with the marking; the page's policy allows the inline script by its hash. */
export function ExactScrollRestoration() {
  return (
    <>
      <script suppressHydrationWarning dangerouslySetInnerHTML={{ __html: MARK_IF_RESTORING }} />
      <MarkExactLayout />
      <ScrollRestoration storageKey={SCROLL_POSITIONS_KEY} />
    </>
  );
}

/** A sibling before <ScrollRestoration>: its effects and listeners run before that one's. */
function MarkExactLayout() {
  const location = useLocation();
  const navigation = useNavigation();
  const firstKey = useRef(location.key);
  useLayoutEffect(() => {
    if (navigation.state !== "idle" || location.key !== firstKey.current) markExactLayout();
  }, [navigation.state, location.key]);
  useEffect(() => {
    window.addEventListener("pagehide", markExactLayout);
    return () => window.removeEventListener("pagehide", markExactLayout);
  }, []);
  return null;
}
