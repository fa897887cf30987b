import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import fresh from "fresh";
import { LRUCache } from "lru-cache";
import { readCookie } from "~/lib/cookies.ts";
import { preferredEncoding } from "./accept-encoding.ts";
import { bodyIn, sharedCacheControl, storedHeaders, type HtmlCache } from "./html-cache.ts";
import { isValidHost } from "./react-router-handler.ts";

/**
 * The front of the HTTP server: a GET or HEAD of a page the page cache holds is answered here,
 * before Express, with the very headers and bytes the whole request path would send
 * (docs/decisions/0197-stored-pages-answered-before-express.md). Everything else goes to Express
 * unchanged.
 *
 * It answers only what the request path would answer from the page cache without a decision of
 * its own: a GET or HEAD of exactly a stored page's (canonical) path, no query string, no body
 * framing at all (no Content-Length, not even 0, no Transfer-Encoding), a Host (and an
 * X-Forwarded-Host and -Proto when sent) the request boundary accepts, no one-time cookie,
 * and an Accept-Encoding answered with Brotli or gzip, or none at all (another encoding is
 * compressed on the fly by Express's compression). Anything else, or a page not stored (yet),
 * goes through Express: the guards, the 301 to the canonical address, the page cache's
 * rendering and React Router decide as before.
 *
 * What it keeps of the request path: the request id (a sane incoming X-Request-Id, else a new
 * one) in X-Request-Id, the security headers (taken from the very middleware at start), the
 * page's headers, ETag and 304 (Express's own `fresh` test), HEAD, the request's
 * duration in /metrics, and the log line at info level (in a shorter form, `logRequest`).
 */

/** Where an answered request is told (the log line and /metrics, server/app.ts). */
export type AnsweredRequest = { req: IncomingMessage; requestId: string; status: number; startedAt: number };

export type StoredPageFrontOptions = {
  cache: HtmlCache;
  /** The headers every answer carries, `[name, value, …]`: the security headers of server/middleware.ts. */
  fixedHeaders: readonly string[];
  answered: (request: AnsweredRequest) => void;
  now?: () => number;
};

/** Answers the request and returns true, or returns false having touched nothing. */
export type StoredPageFront = (req: IncomingMessage, res: ServerResponse) => boolean;

const ONE_TIME_COOKIES = ["toast"];

export function createStoredPageFront({ cache, fixedHeaders, answered, now = Date.now }: StoredPageFrontOptions): StoredPageFront {
  const before = ["X-Request-Id", "", ...fixedHeaders];
  return (req, res) => {
    const method = req.method;
    if (method !== "GET" && method !== "HEAD") return false;
    const url = req.url ?? "";
    const page = cache.stored(url);
    if (!page) return false;
    const headers = req.headers;
    if (headers["content-length"] !== undefined || headers["transfer-encoding"] !== undefined) return false;
    if (!acceptedAddress(headers.host, headers["x-forwarded-host"], headers["x-forwarded-proto"])) return false;
    const acceptEncoding = headers["accept-encoding"];
    const encoding = preferredEncoding(acceptEncoding);
    if (encoding === null && acceptEncoding !== undefined) return false;
    const cookie = headers.cookie;
    if (cookie !== undefined && ONE_TIME_COOKIES.some((name) => readCookie(cookie, name) !== undefined)) return false;

    const startedAt = performance.now();
    const requestId = saneRequestId(headers["x-request-id"]) ?? randomUUID();
    const status = isFresh(headers, page.etags[encoding ?? "identity"], page.lastModified) ? 304 : 200;
    const head = storedHeaders(page, encoding, status, before);
    const sent = head.headers.slice();
    sent[head.requestIdAt] = requestId;
    sent[head.cacheControlAt] = sharedCacheControl(page.kind, (page.expiresAt - now()) / 1000);
    res.writeHead(status, sent);
    if (status === 304 || method === "HEAD") res.end();
    else res.end(bodyIn(page, encoding));
    answered({ req, requestId, status, startedAt });
    return true;
  };
}

/** An incoming X-Request-Id kept as the request's id (as server/middleware.ts's requestLogging keeps it). */
export function saneRequestId(incoming: string | string[] | undefined): string | undefined {
  return typeof incoming === "string" && /^[\w.-]{1,100}$/.test(incoming) ? incoming : undefined;
}

/** Hosts seen, and whether the request boundary takes them: a site hears a handful of distinct ones. */
const hostVerdicts = new LRUCache<string, boolean>({ max: 100 });
function isKnownGoodHost(host: string): boolean {
  let verdict = hostVerdicts.get(host);
  if (verdict === undefined) {
    verdict = isValidHost(host);
    hostVerdicts.set(host, verdict);
  }
  return verdict;
}

/** What the request boundary's address check accepts (server/request-guards.ts); anything doubtful goes to Express. */
function acceptedAddress(
  host: string | undefined,
  forwardedHost: string | string[] | undefined,
  forwardedProto: string | string[] | undefined,
) {
  if (host === undefined || !isKnownGoodHost(host)) return false;
  if (forwardedHost !== undefined && (typeof forwardedHost !== "string" || !isKnownGoodHost(forwardedHost.split(",")[0]!.trim()))) {
    return false;
  }
  if (forwardedProto === undefined) return true;
  if (typeof forwardedProto !== "string") return false;
  const proto = forwardedProto.split(",")[0]!.trim();
  return proto === "http" || proto === "https";
}

/**
 * Whether the client's copy is current: Express's own test (`req.fresh`, the `fresh` package),
 * on the page's ETag in the encoding sent and its Last-Modified.
 */
export function isFresh(headers: IncomingMessage["headers"], etag: string, lastModified: string): boolean {
  return fresh(headers, { etag, "last-modified": lastModified });
}
