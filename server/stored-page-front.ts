import { randomUUID } from "node:crypto";
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import fresh from "fresh";
import { logger } from "~/.server/logger.ts";
import { requestDurations, routeGroup, type DurationTally } from "~/.server/request-durations.ts";
import { readCookie } from "~/lib/cookies.ts";
import { preferredEncoding } from "./accept-encoding.ts";
import { bodyIn, storedCacheControl, storedHeaders, type HtmlCache, type StoredHead } from "./html-cache.ts";
import { isValidHost } from "./request-host.ts";

/**
 * The front of the HTTP server: a GET or HEAD of a page the page cache holds is answered here,
 * before Express, with the very headers and bytes the whole request path would send
 * (docs/decisions/0197-stored-pages-answered-before-express.md). Everything else goes to Express
 * unchanged. It decides and makes the answer (`answer`); two places write it: the connection
 * front, before Node's HTTP parser (server/stored-page-connections.ts, decision 0201), and the
 * HTTP server's listener for connections handed to Node's server (`answerFromFront`).
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
 * duration in /metrics, and the log line at info level (in a shorter form, `answered` below).
 */

/** A request as the front reads it: from Node's parser (`IncomingMessage`) or from the connection front's (server/stored-page-connections.ts). */
export type FrontRequest = { method: string; url: string; headers: IncomingHttpHeaders };

/**
 * Where an answered request is told (the log line and /metrics: `answered` below). `head` is the
 * stored head it was answered with: one object per page, encoding and status, so what is kept
 * per page can be found by it without a key made for each request.
 */
export type AnsweredRequest = {
  req: { method: string; url: string };
  requestId: string;
  status: number;
  startedAt: number;
  head: StoredHead;
};

/**
 * What the front sends: the status, the page's stored head with this request's id and
 * Cache-Control to fill in (`headersOf` gives the list), and the bytes (none for HEAD and 304).
 */
export type FrontAnswer = {
  status: 200 | 304;
  head: StoredHead;
  requestId: string;
  cacheControl: string;
  body: Buffer | null;
  startedAt: number;
};

export type StoredPageFrontOptions = {
  /** Where the stored pages are: the page cache, or a stored-page process's copy of it (server/stored-page-process.ts). */
  cache: Pick<HtmlCache, "stored">;
  /** The headers every answer carries, `[name, value, …]`: the security headers of server/middleware.ts. */
  fixedHeaders: readonly string[];
  answered: (request: AnsweredRequest) => void;
  now?: () => number;
};

export type StoredPageFront = {
  /** The answer to a request the front takes, or null for one it leaves to Express (having touched nothing). */
  answer(request: FrontRequest): FrontAnswer | null;
  /** Tells the log and /metrics of an answer, once it is written. */
  answered(request: FrontRequest, answer: FrontAnswer): void;
};

const ONE_TIME_COOKIES = ["toast"];

export function createStoredPageFront({ cache, fixedHeaders, answered, now = Date.now }: StoredPageFrontOptions): StoredPageFront {
  const before = ["X-Request-Id", "", ...fixedHeaders];
  return {
    answer({ method, url, headers }) {
      if (method !== "GET" && method !== "HEAD") return null;
      const page = cache.stored(url);
      if (!page) return null;
      if (headers["content-length"] !== undefined || headers["transfer-encoding"] !== undefined) return null;
      if (!acceptedAddress(headers.host, headers["x-forwarded-host"], headers["x-forwarded-proto"])) return null;
      const acceptEncoding = headers["accept-encoding"];
      const encoding = preferredEncoding(acceptEncoding);
      if (encoding === null && acceptEncoding !== undefined) return null;
      const cookie = headers.cookie;
      if (cookie !== undefined && ONE_TIME_COOKIES.some((name) => readCookie(cookie, name) !== undefined)) return null;

      const startedAt = performance.now();
      const requestId = saneRequestId(headers["x-request-id"]) ?? randomUUID();
      const status = isFresh(headers, page.etags[encoding ?? "identity"], page.lastModified) ? 304 : 200;
      const head = storedHeaders(page, encoding, status, before);
      const cacheControl = storedCacheControl(page, now());
      const body = status === 304 || method === "HEAD" ? null : bodyIn(page, encoding);
      return { status, head, requestId, cacheControl, body, startedAt };
    },
    answered({ method, url }, { requestId, status, startedAt, head }) {
      answered({ req: { method, url }, requestId, status, startedAt, head });
    },
  };
}

/**
 * The front on Node's parser: answers the request and returns true, or returns false having
 * touched nothing (for a connection the connection front has handed over, and wherever it does
 * not run).
 */
export function answerFromFront(front: StoredPageFront, req: IncomingMessage, res: ServerResponse): boolean {
  const request = { method: req.method ?? "", url: req.url ?? "", headers: req.headers };
  const answer = front.answer(request);
  if (!answer) return false;
  res.writeHead(answer.status, headersOf(answer));
  if (answer.body) res.end(answer.body);
  else res.end();
  front.answered(request, answer);
  return true;
}

/** An answer's headers, `[name, value, …]`, in the order they are sent. */
export function headersOf({ head, requestId, cacheControl }: FrontAnswer): string[] {
  const headers = head.headers.slice();
  headers[head.requestIdAt] = requestId;
  headers[head.cacheControlAt] = cacheControl;
  return headers;
}

/** An incoming X-Request-Id kept as the request's id (as server/middleware.ts's requestLogging keeps it). */
export function saneRequestId(incoming: string | string[] | undefined): string | undefined {
  return typeof incoming === "string" && /^[\w.-]{1,100}$/.test(incoming) ? incoming : undefined;
}

/**
 * Hosts seen, and whether the request boundary takes them: a site hears a handful of distinct
 * ones, so the map is emptied, not kept in order, when clients send more than a hundred.
 */
const hostVerdicts = new Map<string, boolean>();
function isKnownGoodHost(host: string): boolean {
  let verdict = hostVerdicts.get(host);
  if (verdict === undefined) {
    verdict = isValidHost(host);
    if (hostVerdicts.size >= 100) hostVerdicts.clear();
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
export function isFresh(headers: IncomingHttpHeaders, etag: string, lastModified: string): boolean {
  return fresh(headers, { etag, "last-modified": lastModified });
}

/** A stored page answered before Express: its duration in /metrics, and its log line at info level. */
export function answered({ req: { method, url }, requestId, status, startedAt, head }: AnsweredRequest) {
  const seconds = (performance.now() - startedAt) / 1000;
  storedPageTally(head, method, url, status).observe(seconds);
  if (logger.isLevelEnabled("info")) {
    logger.info(
      { req: { id: requestId, method, url }, res: { statusCode: status }, responseTime: Math.round(seconds * 1000) },
      "request completed",
    );
  }
}

/**
 * The histogram's series for a stored page's answers, found once per stored head (the page,
 * encoding and status) and method, not by a key made for each answer: the front answers a
 * hundred thousand requests a second. A head goes with its page, and its series with it.
 */
const storedPageTallies = new WeakMap<StoredHead, [get?: DurationTally, head?: DurationTally]>();
function storedPageTally(head: StoredHead, method: string, url: string, status: number): DurationTally {
  let tallies = storedPageTallies.get(head);
  if (!tallies) storedPageTallies.set(head, (tallies = []));
  return (tallies[method === "HEAD" ? 1 : 0] ??= requestDurations.tally({ method, route: routeGroup(url, status), status }));
}
