import { AppError } from "./errors";
import { getEnv } from "./env";

/**
 * Whether a request was sent by a page of this site (docs/decisions/0106-origin-check-and-methods.md,
 * docs/decisions/0116-admin-sign-in-api-and-origin-check.md).
 *
 * Browsers put `Origin` on every POST (and `Sec-Fetch-Site` on every request);
 * a request with neither comes from a program (curl, a mail provider's
 * one-click unsubscribe), not from a page on another site. So:
 *   - `Origin` present: it must be one of this site's origins ("null", which a
 *     browser sends from sandboxed or no-referrer contexts, is not);
 *   - `Sec-Fetch-Site` present: it must be "same-origin" or "none" (typed by the user);
 *   - neither present: "no-browser-origin", which callers may accept.
 * The rule is the one React Router applies to page actions, plus Sec-Fetch-Site.
 */
export type OriginVerdict = "same-origin" | "cross-origin" | "no-browser-origin";

export type OriginHeaders = { origin?: string | null; secFetchSite?: string | null };

export function originVerdict(headers: OriginHeaders, ownOrigins: string | readonly string[]): OriginVerdict {
  const { origin, secFetchSite } = headers;
  const own = typeof ownOrigins === "string" ? [ownOrigins] : ownOrigins;
  if (secFetchSite && secFetchSite !== "same-origin" && secFetchSite !== "none") return "cross-origin";
  if (origin === undefined || origin === null) return secFetchSite ? "same-origin" : "no-browser-origin";
  try {
    return origin !== "null" && own.includes(new URL(origin).origin) ? "same-origin" : "cross-origin";
  } catch {
    return "cross-origin";
  }
}

/** The origins this site answers on: the request's own and PUBLIC_URL's (they differ behind a proxy that rewrites Host). */
function siteOrigins(request: Request): string[] {
  return [new URL(request.url).origin, new URL(getEnv().PUBLIC_URL).origin];
}

/** The verdict for a Fetch request (in a loader, action or API endpoint). */
export function requestOriginVerdict(request: Request): OriginVerdict {
  return originVerdict(
    { origin: request.headers.get("Origin"), secFetchSite: request.headers.get("Sec-Fetch-Site") },
    siteOrigins(request),
  );
}

/** True when a browser sent `request` from a page on another origin (programs without Origin are not cross-origin). */
export function isCrossOriginRequest(request: Request): boolean {
  return requestOriginVerdict(request) === "cross-origin";
}

export const CROSS_ORIGIN_MESSAGE = "This request came from another site and was refused.";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The stricter rule for requests that change admin state: a read passes; a
 * write must come from this site, and one without any browser origin passes
 * only when it carries no cookies (then it carries no session to abuse: a
 * script signing in).
 */
export function isSameOriginRequest(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return true;
  const verdict = requestOriginVerdict(request);
  if (verdict === "no-browser-origin") return !(request.headers.get("cookie") ?? "").trim();
  return verdict === "same-origin";
}

/** Throws AppError `forbidden` for a state-changing admin request from another site (see isSameOriginRequest). */
export function assertSameOrigin(request: Request): void {
  if (!isSameOriginRequest(request)) throw new AppError("forbidden", CROSS_ORIGIN_MESSAGE);
}
