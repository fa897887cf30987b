import type { NextFunction, Request, Response } from "express";
import { fixedPages, PROJECT_PATH } from "~/content/public-pages.ts";
import { safeRedirectPath } from "~/lib/safe-redirect.ts";

/**
 * One address per public page (docs/decisions/0174-canonical-page-addresses-and-a-bounded-page-cache.md).
 *
 * The routes match paths case-insensitively, with or without a trailing slash, and decode
 * percent-escapes; a news story's id is a UUID that PostgreSQL reads in any case. So
 * `/AI-News/0F3A…/`, `//about` and `/%61bout` all show a public page. Each such spelling is
 * answered with a 301 to the page's own address (its query string kept), before the page cache
 * is consulted: only canonical paths are rendered, stored and named in the canonical link, and
 * no number of spellings can grow the cache.
 */

const PUBLIC_PATHS = new Set(fixedPages.map((page) => page.path));
/** A story's id as the database writes it: a lower-case UUID. */
const STORY_PATH = /^\/ai-news\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The canonical address of the public page a request path spells, or null when it spells none
 * (then the request goes on as it came: an unknown page is a 404 of React Router's).
 */
export function canonicalPagePath(path: string): string | null {
  if (path.length > 300) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return null;
  }
  const normal = decoded
    .replace(/\/{2,}/g, "/")
    .replace(/(.)\/$/, "$1")
    .toLowerCase();
  return PUBLIC_PATHS.has(normal) || STORY_PATH.test(normal) || PROJECT_PATH.test(normal) ? normal : null;
}

/** GET and HEAD of a public page by another spelling of its address: 301 to the canonical one. */
export function canonicalRedirect(req: Request, res: Response, next: NextFunction) {
  if (req.method !== "GET" && req.method !== "HEAD") return next();
  const canonical = canonicalPagePath(req.path);
  if (canonical === null || canonical === req.path) return next();
  const queryStart = req.originalUrl.indexOf("?");
  const query = queryStart === -1 ? "" : req.originalUrl.slice(queryStart);
  // The same answer for every spelling, for as long as the page exists: shared caches may keep it.
  res.setHeader("Cache-Control", "public, max-age=3600");
  res.redirect(301, safeRedirectPath(canonical + query, canonical));
}
