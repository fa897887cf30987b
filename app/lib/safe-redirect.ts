/**
 * The one helper for redirect targets that come from a request (a form's
 * `redirectTo`, a query parameter, a "back to" address): a path on this site,
 * or `fallback`.
 *
 * Browsers read a Location header with the URL parser: they drop tabs and line
 * breaks, turn backslashes into slashes and resolve dot segments, so
 * "/\t/evil.example" and "/.//evil.example" both lead off-site. The value is
 * therefore refused if it holds anything a person would not type in a path
 * (controls, backslashes, spaces of any kind), then resolved the way a browser
 * would; only a same-origin result is kept, re-serialised so the header holds
 * ASCII only.
 */
const BASE = "http://redirect.invalid";

/** Characters that have no place in a path we would send someone back to. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const REFUSED = /[\u0000-\u0020\u007F-\u00A0\\\u1680\u180E\u2000-\u200F\u2028-\u202F\u205F-\u206F\u3000\uFEFF]/;

export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length > 2000 || !value.startsWith("/") || REFUSED.test(value)) return fallback;
  if (value.startsWith("//")) return fallback;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments can resolve "/.//x" to "//x", which a browser reads as another host.
  if (!path.startsWith("/") || path.startsWith("//")) return fallback;
  return path;
}
