import { ApiError } from "./api.ts";
import { getEnv } from "./env.ts";

/**
 * Cross-site request forgery guard for requests that change state: a
 * browser names the page that sent a POST or DELETE in `Origin`. It must be
 * this site, as PUBLIC_URL names it or as the request itself was addressed
 * (its Host). A request without `Origin` passes only when it carries no
 * cookies: then it carries no session to abuse (a script signing in).
 */
export const CROSS_ORIGIN_MESSAGE = "This request came from another site and was refused.";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isSameOriginRequest(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return true;
  const origin = request.headers.get("origin");
  if (origin === null) return !(request.headers.get("cookie") ?? "").trim();
  return origin === new URL(getEnv().PUBLIC_URL).origin || origin === new URL(request.url).origin;
}

/** Throws ApiError 403 for a state-changing request from another site (see isSameOriginRequest). */
export function assertSameOrigin(request: Request): void {
  if (!isSameOriginRequest(request)) throw new ApiError(403, CROSS_ORIGIN_MESSAGE);
}
