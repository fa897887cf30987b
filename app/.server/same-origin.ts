/**
 * Whether a request was sent by a page of this site (docs/decisions/0106-origin-check-and-methods.md).
 *
 * Browsers put `Origin` on every POST (and `Sec-Fetch-Site` on every request);
 * a request with neither comes from a program (curl, a mail provider's
 * one-click unsubscribe), not from a page on another site. So:
 *   - `Origin` present: it must be this request's own origin ("null", which a
 *     browser sends from sandboxed or no-referrer contexts, is not);
 *   - `Sec-Fetch-Site` present: it must be "same-origin" or "none" (typed by the user);
 *   - neither present: "no-browser-origin", which callers may accept.
 * The rule is the one React Router applies to page actions, plus Sec-Fetch-Site.
 */
export type OriginVerdict = "same-origin" | "cross-origin" | "no-browser-origin";

export type OriginHeaders = { origin?: string | null; secFetchSite?: string | null };

export function originVerdict(headers: OriginHeaders, ownOrigin: string): OriginVerdict {
  const { origin, secFetchSite } = headers;
  if (secFetchSite && secFetchSite !== "same-origin" && secFetchSite !== "none") return "cross-origin";
  if (origin === undefined || origin === null) return secFetchSite ? "same-origin" : "no-browser-origin";
  try {
    return new URL(origin).origin === ownOrigin && origin !== "null" ? "same-origin" : "cross-origin";
  } catch {
    return "cross-origin";
  }
}

/** The verdict for a Fetch request (in a loader, action or API endpoint). */
export function requestOriginVerdict(request: Request): OriginVerdict {
  return originVerdict(
    { origin: request.headers.get("Origin"), secFetchSite: request.headers.get("Sec-Fetch-Site") },
    new URL(request.url).origin,
  );
}

/** True when a browser sent `request` from a page on another origin (programs without Origin are not cross-origin). */
export function isCrossOriginRequest(request: Request): boolean {
  return requestOriginVerdict(request) === "cross-origin";
}
