/**
 * The page-view beacon (docs/analytics.md): a standalone script, built minified into its own
 * hashed file by the `standaloneScript` plugin in vite.config.ts. The root layout adds it
 * (`async`) once the page has hydrated, so it never competes with the first paint and adds
 * nothing to the page's modules.
 *
 * It reads nothing the server rendered for this visitor (pages are the same for everyone) and
 * no cookie: the beacon request carries the visitor's cookies to our own origin, and the
 * server decides from the `cookie_consent` cookie whether to set its analytics cookie.
 *
 * Once the page is loaded and the browser is idle (a prerendered page: once it is shown), it
 * sends one `navigator.sendBeacon` to /a/e with the path, the query (for its utm_* parameters),
 * an outside referrer and the window width (the device class). React Router's client-side navigations
 * go through `history.pushState` and the back/forward buttons through `popstate`: each new
 * path is sent the same way. The server drops admin pages, bots and automated browsers.
 */
type PageViewBeacon = { p: string; q: string; w: number; r: string; a?: 1 };

((w: Window & typeof globalThis) => {
  const nav = navigator;
  let last: string | undefined;

  const send = () => {
    const path = location.pathname;
    if (path === last) return;
    // The query goes as it is: the server keeps its utm_* parameters and nothing else. Only the
    // page the visitor arrived on has an outside referrer; later pages are the site's own.
    const body: PageViewBeacon = { p: path, q: location.search, w: w.innerWidth, r: last ? "" : document.referrer };
    if (nav.webdriver) body.a = 1;
    last = path;
    nav.sendBeacon("/a/e", JSON.stringify(body));
  };
  const later = () => {
    if (w.requestIdleCallback) w.requestIdleCallback(send, { timeout: 5000 });
    else setTimeout(send, 1);
  };

  // Added after hydration, the script may run before or after the window's load event.
  const start = () => (document.readyState === "complete" ? later() : w.addEventListener("load", later));
  if ((document as Document & { prerendering?: boolean }).prerendering) document.addEventListener("prerenderingchange", start);
  else start();

  const pushState = history.pushState;
  history.pushState = function (...args: Parameters<History["pushState"]>) {
    pushState.apply(this, args);
    later();
  };
  w.addEventListener("popstate", later);
})(window);
