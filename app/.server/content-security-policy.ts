import { createHash } from "node:crypto";

/**
 * The site's Content-Security-Policy (docs/decisions/0120-csp-hashes-and-shared-page-cache.md).
 *
 * Scripts may come from the site itself and, inline, only when the page's
 * policy lists the SHA-256 hash of their exact text. Every HTML page gets a
 * policy with the hashes of its own inline scripts (app/entry.server.tsx):
 * the page's bytes then need nothing that changes per response, so a page
 * that is the same for everyone can be stored once, compressed once and kept
 * by shared caches. Every other response gets the same policy with no hashes
 * (no inline script may run at all).
 */

type PolicyOptions = {
  /** `'sha256-…'` sources for the page's inline scripts. */
  scriptHashes?: readonly string[];
  /** Adds `upgrade-insecure-requests` (the site is served over https). */
  https: boolean;
};

export function contentSecurityPolicy({ scriptHashes = [], https }: PolicyOptions): string {
  const directives: Array<[string, ...string[]]> = [
    ["default-src", "'self'"],
    ["script-src", "'self'", ...scriptHashes],
    ["script-src-attr", "'none'"],
    // Inline style attributes are rendered by React and Radix; scripts never run inline without a hash.
    ["style-src", "'self'", "'unsafe-inline'"],
    ["img-src", "'self'", "data:", "https:"],
    ["font-src", "'self'"],
    ["connect-src", "'self'"],
    ["media-src", "'self'"],
    ["object-src", "'none'"],
    ["base-uri", "'self'"],
    ["form-action", "'self'"],
    ["frame-ancestors", "'none'"],
    ["manifest-src", "'self'"],
    ["worker-src", "'self'"],
    ...(https ? [["upgrade-insecure-requests"] as [string]] : []),
  ];
  return directives.map((parts) => parts.join(" ")).join(";");
}

/** The CSP source that allows exactly this inline script text. */
export function scriptHash(source: string): string {
  return `'sha256-${createHash("sha256").update(source, "utf8").digest("base64")}'`;
}

/** Script types a browser executes; anything else (JSON-LD, templates) is a data block. */
const EXECUTABLE_TYPES = new Set(["", "text/javascript", "application/javascript", "module"]);

/**
 * The text of every inline script in `html` a browser would run: `<script>`
 * elements without `src` whose type is JavaScript or a module. Reads React's
 * own output, in which script contents end at the first `</script>` (React
 * and React Router escape `<` inside the scripts they write).
 */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  const open = /<script\b([^>]*)>/gi;
  let match: RegExpExecArray | null;
  while ((match = open.exec(html))) {
    const end = html.indexOf("</script>", open.lastIndex);
    if (end === -1) break;
    const attributes = match[1] ?? "";
    const type = /\stype="([^"]*)"/i.exec(attributes)?.[1]?.trim().toLowerCase() ?? "";
    if (!/\ssrc=/i.test(attributes) && EXECUTABLE_TYPES.has(type)) scripts.push(html.slice(open.lastIndex, end));
    open.lastIndex = end + "</script>".length;
  }
  return scripts;
}
