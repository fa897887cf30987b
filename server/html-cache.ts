import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { LRUCache } from "lru-cache";
import { fixedPages, PROJECT_PATH, type PageCacheKind } from "~/content/public-pages.ts";
import { readCookie } from "~/lib/cookies.ts";
import { preferredEncoding, type Encoding } from "./accept-encoding.ts";

/**
 * Public pages that are the same for every visitor, rendered once and kept in
 * memory as bytes, with their Brotli and gzip forms made once
 * (docs/decisions/0120-csp-hashes-and-shared-page-cache.md, docs/performance.md).
 *
 * A listed page is rendered for no one in particular: a GET of its path at the
 * site's public address, without the visitor's cookies, headers or query
 * string. What comes back (a 200 HTML page that sets no cookie) is stored with
 * its Content-Security-Policy (hashes of its inline scripts, so it holds for
 * these very bytes) and served to everyone until it expires or is invalidated:
 * a strong ETag per encoding, 304s, and a Cache-Control that lets shared caches
 * (a CDN, a reverse proxy) keep it, never past the moment this server would
 * render it anew. Concurrent requests for a page that is not stored wait for
 * one rendering.
 *
 * Requests with a query string or the one-time toast cookie go past the cache
 * and are rendered for the visitor (`private, no-store`, app/entry.server.tsx).
 *
 * Only canonical paths are stored: other spellings of a page's address were
 * redirected before (server/canonical-path.ts). Stored pages live in two tiers
 * with their own byte budgets, so no number of stories can push out a fixed
 * page (docs/decisions/0174-canonical-page-addresses-and-a-bounded-page-cache.md).
 */

/** `site`: changes with a deployment (and the date at midnight); `news`: changes with every news refresh (stories, and when the sources were tried). */
export type PageKind = PageCacheKind;

/** Renders a page's path for no visitor in particular; `req` is the request that needs it (for logs). */
export type RenderPage = (path: string, req: Request) => Promise<globalThis.Response>;

type Entry = {
  kind: PageKind;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** Strong validators, one per encoding (the bytes differ), derived from the hash of the page's bytes. */
  etags: Record<"br" | "gzip" | "identity", string>;
  contentType: string;
  contentSecurityPolicy: string;
  lastModified: string;
  expiresAt: number;
};

/**
 * Where a stored page is kept. `core`: the site's fixed list of pages (app/content/public-pages.ts),
 * a set the code bounds; `items`: pages with an id in their address (news stories), as many as
 * there are items. Each tier has its own byte budget and least-recently-used order, so no number
 * of stories can push a core page out (docs/decisions/0174).
 */
export type PageTier = "core" | "items";
export const PAGE_TIERS: readonly PageTier[] = ["core", "items"];

export type TierStats = { bytes: number; maxBytes: number; entries: number };

/** A rendering that may not be stored (a 404 for an unknown slug, say), sent as it came. */
type Unstored = { status: number; headers: Headers; body: Buffer };
type Outcome = { entry: Entry } | { unstored: Unstored } | { pass: true };

export type HtmlCacheOptions = {
  /** Which paths are the same for every visitor, and of which kind. */
  policyFor: (path: string) => PageKind | null;
  render: RenderPage;
  /** Which tier keeps a stored page (default: `items`, the one that evicts). */
  tierFor?: (path: string) => PageTier;
  now?: () => number;
  /** Memory for stored pages (all three encodings) over both tiers: a quarter for `core`, the rest for `items`; least recently used go first. */
  maxBytes?: number;
  /** Told of every page pushed out to make room (not of pages that expired or were invalidated). */
  onEvict?: (tier: PageTier) => void;
};

export type HtmlCache = {
  middleware: (req: Request, res: Response, next: NextFunction) => void;
  /** Forgets the stored pages of a kind (e.g. after news was stored); renderings under way are not stored. */
  invalidate: (kind: PageKind) => void;
  /** Stored pages over both tiers. */
  size: () => number;
  /** Bytes, budget and stored pages of each tier (/metrics). */
  stats: () => Record<PageTier, TierStats>;
};

const ONE_TIME_COOKIES = ["toast"];
const MINUTE = 60_000;
/** The news refresh runs every 30 minutes, at :00 and :30 UTC (app/features/news/fetch/news-jobs.server.ts). */
const NEWS_REFRESH_MS = 30 * MINUTE;

/**
 * How long browsers and shared caches may keep a page of each kind (seconds),
 * each capped by the time the stored page has left (docs/decisions/0120). A
 * shared cache asks again after a second: the studio's publish reaches visitors
 * at once (decision 0208), and the proxy (deploy/nginx) asks in the background,
 * with the page's ETag, while it keeps serving what it has: a 304 from this
 * cache costs next to nothing.
 */
export const SHARED_CACHING: Record<PageKind, { maxAge: number; sMaxAge: number; staleWhileRevalidate: number }> = {
  site: { maxAge: 60, sMaxAge: 1, staleWhileRevalidate: 60 },
  news: { maxAge: 60, sMaxAge: 1, staleWhileRevalidate: 30 },
};

/** How long this process keeps a news page at most (a refresh on another instance shows up by then). */
const NEWS_KEEP_MS = 5 * MINUTE;

/**
 * When a page stored at `now` must be rendered anew. Site pages: at the next
 * UTC midnight (the legal pages show the date, the footer the year). News
 * pages: after 5 minutes, and never later than a minute after the next
 * refresh slot, so that a refresh on another instance shows up soon (this
 * instance forgets them at once when it stores news).
 */
export function expiresAt(kind: PageKind, now: number): number {
  if (kind === "site") {
    const midnight = new Date(now);
    midnight.setUTCHours(24, 0, 0, 0);
    return midnight.getTime();
  }
  const nextRefresh = (Math.floor(now / NEWS_REFRESH_MS) + 1) * NEWS_REFRESH_MS;
  return Math.min(now + NEWS_KEEP_MS, nextRefresh + MINUTE);
}

export function sharedCacheControl(kind: PageKind, secondsLeft: number): string {
  const { maxAge, sMaxAge, staleWhileRevalidate } = SHARED_CACHING[kind];
  const left = Math.max(0, Math.floor(secondsLeft));
  return `public, max-age=${Math.min(maxAge, left)}, s-maxage=${Math.min(sMaxAge, left)}, stale-while-revalidate=${staleWhileRevalidate}`;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function compress(body: Buffer): Promise<{ br: Buffer; gzip: Buffer }> {
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzip(body, { level: 9 }),
  ]);
  return { br, gzip: gz };
}

/** Sends a stored page in the encoding the client prefers, or 304 when it has this one. */
function serve(entry: Entry, req: Request, res: Response, state: "hit" | "miss", now: number) {
  const encoding = preferredEncoding(req.headers["accept-encoding"]);
  const body = bodyIn(entry, encoding);
  res.status(200);
  res.setHeader("Content-Type", entry.contentType);
  res.setHeader("Content-Security-Policy", entry.contentSecurityPolicy);
  res.setHeader("Cache-Control", sharedCacheControl(entry.kind, (entry.expiresAt - now) / 1000));
  res.setHeader("ETag", entry.etags[encoding ?? "identity"]);
  res.setHeader("Last-Modified", entry.lastModified);
  res.setHeader("Vary", "Accept-Encoding");
  res.setHeader("X-Page-Cache", state);
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  if (encoding) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  if (req.method === "HEAD") res.end();
  else res.end(body);
}

/** A stored page's bytes in an encoding. */
function bodyIn(page: Entry, encoding: Encoding): Buffer {
  return encoding === "br" ? page.br : encoding === "gzip" ? page.gzip : page.identity;
}

/** A rendering that was not stored goes out as React Router answered it. */
function sendUnstored({ status, headers, body }: Unstored, req: Request, res: Response) {
  res.status(status);
  headers.forEach((value, name) => res.setHeader(name, value));
  res.setHeader("X-Page-Cache", "miss");
  res.setHeader("Content-Length", body.length);
  if (req.method === "HEAD") res.end();
  else res.end(body);
}

/** The default budget: PAGE_CACHE_MAX_MB's default (app/.server/env.ts). */
const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;

/** The share of the budget kept for core pages (1–5 MB of pages, by the newest stories' length: docs/decisions/0174). */
export function tierBudgets(maxBytes: number): Record<PageTier, number> {
  const core = Math.floor(maxBytes / 4);
  return { core, items: maxBytes - core };
}

export function createHtmlCache({
  policyFor,
  render,
  tierFor = () => "items",
  now = Date.now,
  maxBytes = DEFAULT_MAX_BYTES,
  onEvict,
}: HtmlCacheOptions): HtmlCache {
  const budgets = tierBudgets(maxBytes);
  const makeTier = (tier: PageTier) =>
    new LRUCache<string, Entry>({
      maxSize: budgets[tier],
      sizeCalculation: (entry) => entry.identity.length + entry.br.length + entry.gzip.length,
      dispose: (_entry, _path, reason) => {
        if (reason === "evict") onEvict?.(tier);
      },
    });
  const tiers: Record<PageTier, LRUCache<string, Entry>> = { core: makeTier("core"), items: makeTier("items") };
  const inFlight = new Map<string, Promise<Outcome>>();
  const generation: Record<PageKind, number> = { site: 0, news: 0 };

  function lookup(path: string): Entry | undefined {
    const entries = tiers[tierFor(path)];
    const entry = entries.get(path);
    if (entry && entry.expiresAt <= now()) {
      entries.delete(path);
      return undefined;
    }
    return entry;
  }

  async function produce(path: string, kind: PageKind, req: Request): Promise<Outcome> {
    const startedIn = generation[kind];
    const response = await render(path, req);
    const body = Buffer.from(await response.arrayBuffer());
    const contentType = response.headers.get("Content-Type") ?? "";
    if (response.headers.has("Set-Cookie")) return { pass: true };
    const contentSecurityPolicy = response.headers.get("Content-Security-Policy");
    if (response.status !== 200 || !contentType.startsWith("text/html") || !contentSecurityPolicy) {
      return { unstored: { status: response.status, headers: response.headers, body } };
    }
    const hash = createHash("sha256").update(body).digest("base64url").slice(0, 32);
    const compressed = await compress(body);
    const storedAt = now();
    const entry: Entry = {
      kind,
      identity: body,
      ...compressed,
      etags: { br: `"${hash}-br"`, gzip: `"${hash}-gzip"`, identity: `"${hash}"` },
      contentType,
      contentSecurityPolicy,
      lastModified: new Date(storedAt).toUTCString(),
      expiresAt: expiresAt(kind, storedAt),
    };
    // News stored while this page was rendering: serve it to those who asked, but do not keep it.
    if (generation[kind] === startedIn) tiers[tierFor(path)].set(path, entry);
    return { entry };
  }

  function middleware(req: Request, res: Response, next: NextFunction) {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const kind = policyFor(req.path);
    if (!kind || req.originalUrl.includes("?")) return next();
    if (ONE_TIME_COOKIES.some((name) => readCookie(req.headers.cookie, name) !== undefined)) return next();

    const stored = lookup(req.path);
    if (stored) return serve(stored, req, res, "hit", now());

    // A rendering that started before the last invalidation of its kind is not joined.
    const key = `${generation[kind]} ${req.path}`;
    let pending = inFlight.get(key);
    if (!pending) {
      pending = produce(req.path, kind, req).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    pending.then((outcome) => {
      if ("entry" in outcome) serve(outcome.entry, req, res, "miss", now());
      else if ("unstored" in outcome) sendUnstored(outcome.unstored, req, res);
      else next();
    }, next);
  }

  return {
    middleware,
    invalidate(kind) {
      generation[kind]++;
      for (const entries of Object.values(tiers)) {
        for (const [path, entry] of entries.entries()) if (entry.kind === kind) entries.delete(path);
      }
    },
    size: () => tiers.core.size + tiers.items.size,
    stats: () => ({
      core: { bytes: tiers.core.calculatedSize, maxBytes: budgets.core, entries: tiers.core.size },
      items: { bytes: tiers.items.calculatedSize, maxBytes: budgets.items, entries: tiers.items.size },
    }),
  };
}

const CACHED_PAGES = new Map(fixedPages.flatMap((page) => (page.cache ? [[page.path, page.cache] as const] : [])));

/**
 * The site's public pages that are the same for every visitor, and their kind. Only canonical
 * paths (lower case, no trailing slash): other spellings were redirected before (server/canonical-path.ts).
 */
export function sitePagePolicy(path: string): PageKind | null {
  // News stories and projects are not in the list: they come and go with the feeds and the editor.
  const fixed = CACHED_PAGES.get(path);
  if (fixed) return fixed;
  if (/^\/ai-news\/[a-z0-9-]{1,80}$/.test(path)) return "news";
  return path.length <= 100 && PROJECT_PATH.test(path) ? "site" : null;
}

/**
 * The fixed pages of the list and the projects are core (the studio bounds how many projects
 * there are; an address of no project is a 404, never stored); news stories are items.
 */
export function sitePageTier(path: string): PageTier {
  return CACHED_PAGES.has(path) || (path.length <= 100 && PROJECT_PATH.test(path)) ? "core" : "items";
}
