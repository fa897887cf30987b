import { createHash } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { LRUCache } from "lru-cache";

/**
 * Server-rendered HTML of public pages, kept in memory (docs/performance.md).
 *
 * Pages that are the same for every visitor are rendered once and then
 * served from memory: marketing, legal and project pages until the end of
 * the UTC day (their content ships with the build; the legal pages' 'Last
 * updated' date and the footer's year change at midnight), pages that show
 * news for a short time, and at once afresh when this process stores new
 * stories.
 * Each response still gets its own CSP nonce: the stored copy holds a
 * placeholder where the nonce of the first rendering was.
 *
 * A page is stored only when it is a plain GET without a query string, the
 * visitor has no one-time cookie (a toast after a redirect), and the answer
 * is a 200 with HTML that sets no cookie. The only per-visitor input of these
 * pages, the cookie-consent choice (it decides whether the banner shows), is
 * part of the key. Stored pages answer conditional requests with 304
 * (weak ETag: the bytes differ by the nonce, the page does not).
 */

/** `ttlMs` undefined: until the end of the current UTC day. */
export type CachePolicy = { ttlMs: number | undefined; group: "static" | "news" };

const NONCE_PLACEHOLDER = "__nordlys_csp_nonce__";
const CONSENT_COOKIE = "cookie_consent";
const ONE_TIME_COOKIES = ["toast"];

/** The stored page, cut where the nonce goes (Buffers: no re-encoding per response). */
type Entry = { parts: Buffer[]; length: number; etag: string; lastModified: string; contentType: string; group: CachePolicy["group"] };

export type HtmlCacheOptions = {
  /** Which paths may be cached, and for how long. */
  policyFor: (path: string) => CachePolicy | null;
  now?: () => number;
  /** At most this many pages in memory (least recently used go first). */
  maxEntries?: number;
};

export type HtmlCache = {
  middleware: (req: Request, res: Response, next: NextFunction) => void;
  /** Forgets the stored pages of a group (e.g. after the news changed). */
  invalidate: (group: CachePolicy["group"]) => void;
  size: () => number;
};

function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}

function msUntilNextUtcDay(now: number): number {
  const next = new Date(now);
  next.setUTCHours(24, 0, 0, 0);
  return Math.max(1, next.getTime() - now);
}

export function createHtmlCache({ policyFor, maxEntries = 500, now = Date.now }: HtmlCacheOptions): HtmlCache {
  const entries = new LRUCache<string, Entry>({ max: maxEntries, perf: { now } });

  function serve(entry: Entry, req: Request, res: Response) {
    res.setHeader("Content-Type", entry.contentType);
    res.setHeader("Cache-Control", "private, no-cache");
    res.setHeader("ETag", entry.etag);
    res.setHeader("Last-Modified", entry.lastModified);
    res.setHeader("X-Page-Cache", "hit");
    if (req.fresh) {
      // The browser keeps the page it has, with the CSP header that came with it:
      // a new policy (another nonce) would block that page's scripts.
      res.removeHeader("Content-Security-Policy");
      res.status(304).end();
      return;
    }
    const nonce = Buffer.from(String(res.locals.cspNonce ?? ""));
    res.status(200);
    res.setHeader("Content-Length", entry.length + nonce.length * (entry.parts.length - 1));
    if (req.method === "HEAD") {
      res.end();
      return;
    }
    // The stored parts go out as they are, with the nonce between them: one writev, no copy of the page.
    res.cork();
    entry.parts.forEach((part, index) => {
      if (index > 0) res.write(nonce);
      res.write(part);
    });
    res.end();
    res.uncork();
  }

  function middleware(req: Request, res: Response, next: NextFunction) {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const policy = policyFor(req.path);
    if (!policy || req.originalUrl.includes("?")) return next();
    if (ONE_TIME_COOKIES.some((name) => readCookie(req.headers.cookie, name) !== undefined)) return next();
    const consent = readCookie(req.headers.cookie, CONSENT_COOKIE) ?? "";
    const key = `${req.path}\n${/^[a-z]{1,20}$/.test(consent) ? consent : ""}`;

    const stored = entries.get(key);
    if (stored) return serve(stored, req, res);
    if (req.method === "HEAD") return next();

    // Not stored yet: render as usual and keep a copy of what was sent.
    const nonce = String(res.locals.cspNonce ?? "");
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === "function") return;
      if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
      else chunks.push(Buffer.from(String(chunk), typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"));
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as Response["write"];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0]);
      const result = end(chunk, ...rest);
      const contentType = String(res.getHeader("Content-Type") ?? "");
      if (res.statusCode === 200 && !res.getHeader("Set-Cookie") && contentType.startsWith("text/html") && nonce) {
        const page = Buffer.concat(chunks).toString("utf8");
        const parts = page.split(nonce).map((part) => Buffer.from(part));
        const etag = `W/"${createHash("sha256").update(page.replaceAll(nonce, NONCE_PLACEHOLDER)).digest("base64url").slice(0, 27)}"`;
        entries.set(
          key,
          { parts, length: parts.reduce((sum, part) => sum + part.length, 0), etag, lastModified: new Date().toUTCString(), contentType, group: policy.group },
          { ttl: policy.ttlMs ?? msUntilNextUtcDay(now()) },
        );
      }
      return result;
    }) as Response["end"];
    res.setHeader("X-Page-Cache", "miss");
    next();
  }

  return {
    middleware,
    invalidate(group) {
      for (const [key, entry] of entries.entries()) if (entry.group === group) entries.delete(key);
    },
    size: () => entries.size,
  };
}

const STATIC_PAGES = new Set([
  "/about",
  "/projects",
  "/services",
  "/try-ai",
  "/privacy-policy",
  "/terms-of-service",
  "/cookie-policy",
  "/references/shnobergendorff",
  "/references/rentals-in-thailand",
]);

/** How long pages that show news may be served from memory (other instances' refreshes show up within this). */
export const NEWS_PAGE_TTL_MS = 30_000;

/** The site's public pages that are the same for every visitor. */
export function sitePagePolicy(path: string): CachePolicy | null {
  if (STATIC_PAGES.has(path) || /^\/projects\/[a-z0-9-]{1,80}$/.test(path)) return { group: "static", ttlMs: undefined };
  if (path === "/" || path === "/ai-news" || /^\/ai-news\/[A-Za-z0-9-]{1,80}$/.test(path)) return { group: "news", ttlMs: NEWS_PAGE_TTL_MS };
  return null;
}
