import { randomUUID, timingSafeEqual } from "node:crypto";
import compression from "compression";
import type { ErrorRequestHandler, RequestHandler } from "express";
import helmet from "helmet";
import onHeaders from "on-headers";
import { pinoHttp } from "pino-http";
import { pingDatabase } from "~/.server/db/client.ts";
import { lowDiskFacts } from "~/.server/disk-space.ts";
import { embeddedDbStatus } from "~/.server/health.ts";
import { logger, serializeError } from "~/.server/logger.ts";
import { httpRequests, metricsRegistry, routeGroup } from "~/.server/metrics.ts";
import { sendError } from "./http-errors.ts";

/** The pieces of the request path in server/app.ts, in the order it uses them. */

/** A logged URL: the path, and the query's parameter names only (values may be tokens or e-mail addresses). */
function loggedUrl(url: string): string {
  const queryStart = url.indexOf("?");
  if (queryStart === -1) return url;
  const names = [...new URLSearchParams(url.slice(queryStart + 1)).keys()].map((name) => `${encodeURIComponent(name)}=…`);
  return `${url.slice(0, queryStart)}?${names.join("&")}`;
}

/** The request id (a sane incoming X-Request-Id, or a new one) and one log line per request. */
export function requestLogging(): RequestHandler {
  return pinoHttp({
    logger,
    genReqId: (req, res) => {
      const incoming = req.headers["x-request-id"];
      const id = typeof incoming === "string" && /^[\w.-]{1,100}$/.test(incoming) ? incoming : randomUUID();
      res.setHeader("X-Request-Id", id);
      // The routes see it as a request header too (app/.server/errors.ts puts it in a 500's body).
      req.headers["x-request-id"] = id;
      return id;
    },
    autoLogging: { ignore: (req) => req.url === "/healthz" || (req.url ?? "").startsWith("/assets/") },
    // A 503 is the site saying "try again in a moment" (the database away, a full queue), already
    // logged where it was decided: a warning, not an error line per visitor.
    customLogLevel: (_req, res, error) =>
      error || (res.statusCode >= 500 && res.statusCode !== 503) ? "error" : res.statusCode === 503 ? "warn" : "info",
    serializers: {
      req: (req: { method: string; url: string; id: string }) => ({ id: req.id, method: req.method, url: loggedUrl(req.url) }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      err: serializeError,
    },
  });
}

/** Request duration by method, route group and status (/metrics). */
export const requestMetrics: RequestHandler = (req, res, next) => {
  const stop = httpRequests.startTimer();
  res.once("finish", () => stop({ method: req.method, route: routeGroup(req.path, res.statusCode), status: res.statusCode }));
  next();
};

/**
 * Defaults for every response that does not bring its own:
 * - Cache-Control `private, no-store`: only the page cache marks pages as shareable
 *   (server/html-cache.ts); a redirect, an error or a page for one visitor never is.
 * - the site's Content-Security-Policy without any inline script (`policy`; null in development,
 *   where Vite injects its own inline client); pages bring theirs, with the hashes of their
 *   inline scripts (app/entry.server.tsx).
 */
export function responseDefaults(policy: string | null): RequestHandler {
  return (_req, res, next) => {
    onHeaders(res, () => {
      if (!res.hasHeader("Cache-Control")) res.setHeader("Cache-Control", "private, no-store");
      if (policy && !res.hasHeader("Content-Security-Policy")) res.setHeader("Content-Security-Policy", policy);
    });
    next();
  };
}

/** helmet's headers (HSTS over https) and a Permissions-Policy that turns off what the site never uses. */
export function securityHeaders(isHttps: boolean): RequestHandler[] {
  return [
    helmet({
      contentSecurityPolicy: false,
      strictTransportSecurity: isHttps ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      crossOriginEmbedderPolicy: false,
      xFrameOptions: { action: "deny" },
    }),
    (_req, res, next) => {
      res.setHeader(
        "Permissions-Policy",
        "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=(), interest-cohort=()",
      );
      next();
    },
  ];
}

/** gzip/deflate for answers over 1 KB; never for streams (AI replies must arrive as they are written). */
export function responseCompression(): RequestHandler {
  return compression({
    threshold: 1024,
    filter: (req, res) => !String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream") && compression.filter(req, res),
  });
}

/**
 * GET /healthz: 200 when the database answers within 2 s, else 503. While the embedded
 * PostgreSQL is being restarted by its supervisor: 503 `{"status":"degraded","database":"restarting","attempt":n}`.
 * While free disk space is low: 200 `{"status":"degraded","database":"up","disk":"low",...}`
 * (the site works; page views are not stored). docs/decisions/0171.
 */
export const healthCheck: RequestHandler = async (_req, res) => {
  res.setHeader("Cache-Control", "no-store");
  const supervised = embeddedDbStatus();
  if (supervised?.state === "restarting") {
    res.status(503).json({ status: "degraded", database: "restarting", attempt: supervised.attempt });
    return;
  }
  if (supervised?.state === "failed") {
    res.status(503).json({ status: "error", database: "failed" });
    return;
  }
  try {
    await withTimeout(pingDatabase(), 2_000);
    const diskLow = lowDiskFacts();
    if (diskLow) {
      res.json({ status: "degraded", database: "up", disk: "low", ...diskLow });
      return;
    }
    res.json({ status: "ok", database: "up" });
  } catch (error) {
    logger.warn({ err: error }, "Health check: database unreachable");
    res.status(503).json({ status: "error", database: "down" });
  }
};

/** GET /metrics: Prometheus text for `Authorization: Bearer <METRICS_TOKEN>`; 404 without a token configured. */
export function metricsEndpoint(token: string | undefined): RequestHandler {
  return async (req, res) => {
    res.setHeader("Cache-Control", "no-store");
    if (!token) {
      sendError(req, res, 404, "Not found.");
      return;
    }
    if (!isSameSecret(req.headers.authorization ?? "", `Bearer ${token}`)) {
      res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
      res.status(401).type("text/plain").send("Unauthorized\n");
      return;
    }
    res.type(metricsRegistry.contentType).send(await metricsRegistry.metrics());
  };
}

/** The last handler: an error's status when it carries one (4xx), else a logged 500. */
export const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  const status = typeof error?.status === "number" && error.status >= 400 && error.status < 600 ? error.status : 500;
  if (status >= 500) logger.error({ err: error, path: req.path }, "Unhandled server error");
  const message =
    status >= 500
      ? "Something went wrong on our side."
      : status === 413
        ? "The request body is too large."
        : "The request could not be understood.";
  sendError(req, res, status, message);
};

function isSameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
