import { parseCookie } from "cookie";

/**
 * The value of cookie `name` in a Cookie request header, or undefined when it is not sent.
 * The one reader of plain cookies (signed or JSON cookies go through React Router's
 * `createCookie`: app/.server/toast.ts, features/analytics/visitor-cookie.server.ts).
 * The consent cookie is plain on purpose: a script in the page reads it before
 * React runs, and `createCookie` would store it encoded.
 */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header || !header.includes(name)) return undefined; // the common case, without parsing
  return parseCookie(header)[name];
}
