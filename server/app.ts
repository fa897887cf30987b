import { randomUUID, timingSafeEqual } from "node:crypto";
import path from "node:path";
import compression from "compression";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import expressStaticGzip from "express-static-gzip";
import helmet from "helmet";
import onHeaders from "on-headers";
import { pinoHttp } from "pino-http";
import { createRequestHandler as createFetchHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { contentSecurityPolicy } from "~/.server/content-security-policy.ts";
import { pingDatabase } from "~/.server/db/client.ts";
import { getEnv } from "~/.server/env.ts";
import { logger, serializeError } from "~/.server/logger.ts";
import { httpRequests, metricsRegistry, routeGroup } from "~/.server/metrics.ts";
import { onNewsChanged } from "~/.server/page-cache-events.ts";
import { normalizeClientIp } from "~/.server/client-ip.ts";
import { requestInfoContext } from "~/.server/request-context.ts";
import { bodyGuard } from "./body-guard.ts";
import { BEACON_PATH, collectPageView } from "~/features/analytics/collect-page-view.server.ts";
import { MAX_BEACON_BYTES } from "~/features/analytics/page-view.server.ts";
import { createHtmlCache, sitePagePolicy } from "./html-cache.ts";
import { sendError } from "./http-errors.ts";
import { createRequestHandler } from "./react-router-handler.ts";
import { methodGuard, originGuard, targetGuard } from "./request-guards.ts";
import { startRuntime as startPlatformRuntime } from "~/.server/runtime.ts";
import { jobDefinitions } from "./job-registry.ts";

export { answerClientError } from "./http-errors.ts";
export { logFormat } from "~/.server/log-format.ts";
export { recordServerAddress } from "~/.server/server-address.ts";
export { describeStartup, gatherStartupFacts } from "./startup-summary.ts";
export { logger } from "~/.server/logger.ts";

/** The runtime (database, migrations, job queue) with every job of the app. */
export function startRuntime() {
  return startPlatformRuntime({ jobs: jobDefinitions });
}

/** No request body is read past this size, however it is framed (server/body-guard.ts). */
export const MAX_BODY_BYTES = 256 * 1024;

export type CreateAppOptions = {
  mode: "production" | "development";
  /** Vite's dev middleware (development only). */
  viteMiddleware?: RequestHandler;
  /** Where the client build lives (production only). */
  clientDir?: string;
  /** The React Router server build; defaults to the bundled one. */
  build?: () => Promise<ServerBuild>;
};

/** A logged URL: the path, and the query's parameter names only (values may be tokens or e-mail addresses). */
function loggedUrl(url: string): string {
  const queryStart = url.indexOf("?");
  if (queryStart === -1) return url;
  const names = [...new URLSearchParams(url.slice(queryStart + 1)).keys()].map((name) => `${encodeURIComponent(name)}=…`);
  return `${url.slice(0, queryStart)}?${names.join("&")}`;
}

export function createApp(options: CreateAppOptions): express.Express {
  const env = getEnv();
  const isProduction = options.mode === "production";
  const isHttps = env.PUBLIC_URL.startsWith("https://");
  const app = express();
  // The virtual module exists only inside the Vite build of this file.
  const build = options.build ?? (() => import("virtual:react-router/server-build") as Promise<ServerBuild>);

  app.disable("x-powered-by");
  app.set("trust proxy", parseTrustProxy(env.TRUST_PROXY));

  // The page-view beacon comes first: thousands a second at peak, each answered at once with
  // an empty 204, so none of the page machinery below (logging, CSP, compression) applies.
  app.use(BEACON_PATH, pageViewBeacon);

  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const incoming = req.headers["x-request-id"];
        const id = typeof incoming === "string" && /^[\w.-]{1,100}$/.test(incoming) ? incoming : randomUUID();
        res.setHeader("X-Request-Id", id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url === "/healthz" || (req.url ?? "").startsWith("/assets/") },
      customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? "error" : "info"),
      serializers: {
        req: (req: { method: string; url: string; id: string }) => ({ id: req.id, method: req.method, url: loggedUrl(req.url) }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
        err: serializeError,
      },
    }),
  );

  app.use((req, res, next) => {
    const stop = httpRequests.startTimer();
    res.once("finish", () => stop({ method: req.method, route: routeGroup(req.path, res.statusCode), status: res.statusCode }));
    next();
  });

  // Defaults for every response that does not bring its own:
  // - Cache-Control `private, no-store`: only the page cache marks pages as shareable
  //   (server/html-cache.ts); a redirect, an error or a page for one visitor never is.
  // - the site's Content-Security-Policy without any inline script; pages bring theirs, with the
  //   hashes of their inline scripts (app/entry.server.tsx). Off in development: Vite injects
  //   its own inline client.
  const defaultPolicy = isProduction ? contentSecurityPolicy({ https: isHttps }) : null;
  app.use((_req, res, next) => {
    onHeaders(res, () => {
      if (!res.hasHeader("Cache-Control")) res.setHeader("Cache-Control", "private, no-store");
      if (defaultPolicy && !res.hasHeader("Content-Security-Policy")) res.setHeader("Content-Security-Policy", defaultPolicy);
    });
    next();
  });
  app.use(
    helmet({
      contentSecurityPolicy: false,
      strictTransportSecurity: isHttps ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      crossOriginEmbedderPolicy: false,
      xFrameOptions: { action: "deny" },
    }),
  );
  app.use((_req, res, next) => {
    res.setHeader(
      "Permissions-Policy",
      "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=(), interest-cohort=()",
    );
    next();
  });

  app.use(
    compression({
      threshold: 1024,
      // Streams (AI replies) must reach the browser as they are written.
      filter: (req, res) =>
        !String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream") &&
        compression.filter(req, res),
    }),
  );

  // The request boundary (docs/architecture.md, "The request boundary"): the address, the
  // method, the origin of page posts, then the body, read once, capped and cleaned.
  app.use(targetGuard);
  app.use(methodGuard);
  app.use(originGuard);
  app.use(bodyGuard({ maxBytes: MAX_BODY_BYTES }));

  app.get("/healthz", async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    try {
      await withTimeout(pingDatabase(), 2_000);
      res.json({ status: "ok", database: "up" });
    } catch (error) {
      logger.warn({ err: error }, "Health check: database unreachable");
      res.status(503).json({ status: "error", database: "down" });
    }
  });

  app.get("/metrics", async (req, res) => {
    res.setHeader("Cache-Control", "no-store");
    const token = env.METRICS_TOKEN;
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
  });

  if (options.viteMiddleware) {
    app.use(options.viteMiddleware);
  } else {
    const clientDir = options.clientDir ?? path.resolve("build/client");
    // Hashed file names: cache for a year, never revalidate. The build writes Brotli and
    // gzip copies next to each file (scripts/precompress.mjs), served as the browser prefers.
    app.use(
      "/assets",
      expressStaticGzip(path.join(clientDir, "assets"), {
        enableBrotli: true,
        orderPreference: ["br", "gzip"],
        index: false,
        serveStatic: { immutable: true, maxAge: "1y", index: false, fallthrough: true },
      }),
    );
    // Public pages that are the same for everyone come from memory (server/html-cache.ts),
    // rendered for no visitor in particular at the public address; before the file lookup
    // below, which no page path can match.
    const renderPage = createFetchHandler(build, options.mode);
    const pageCache = createHtmlCache({
      policyFor: sitePagePolicy,
      render: (pagePath, req) =>
        renderPage(new Request(new URL(pagePath, env.PUBLIC_URL), { headers: { Accept: "text/html" } }), loadContext(String(req.id ?? ""), "")),
    });
    onNewsChanged(() => pageCache.invalidate("news"));
    app.use(pageCache.middleware);
    app.use(express.static(clientDir, { maxAge: "1h", index: false }));
  }

  app.all(
    /.*/,
    createRequestHandler({
      build,
      mode: options.mode,
      getLoadContext: (req) => loadContext(String(req.id ?? ""), clientIpOf(req)),
    }),
  );

  const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
    const status = typeof error?.status === "number" && error.status >= 400 && error.status < 600 ? error.status : 500;
    if (status >= 500) logger.error({ err: error, path: req.path }, "Unhandled server error");
    const message =
      status >= 500 ? "Something went wrong on our side." : status === 413 ? "The request body is too large." : "The request could not be understood.";
    sendError(req, res, status, message);
  };
  app.use(errorHandler);

  return app;
}

/**
 * POST /a/e: one page view from the beacon (docs/analytics.md). 204 (counted or silently
 * dropped), 400 not a page view, 405 another method, 413 over 4 KB, 415 not text or JSON,
 * 503 not counted (database unreachable, queue full).
 */
const pageViewBeacon: RequestHandler = (req, res) => {
  const started = httpRequests.startTimer();
  const finish = (status: number, body?: string) => {
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("X-Content-Type-Options", "nosniff");
    if (body === undefined) res.status(status).end();
    else res.status(status).type("application/json").send(body);
    started({ method: req.method, route: BEACON_PATH, status });
  };
  if (req.method !== "POST" || req.path !== "/") {
    res.setHeader("Allow", "POST");
    finish(req.path === "/" ? 405 : 404, JSON.stringify({ error: req.path === "/" ? "Use POST." : "Not found." }));
    return;
  }
  const type = String(req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "text/plain" && type !== "application/json") {
    finish(415, JSON.stringify({ error: "Send the page view as text/plain or application/json." }));
    return;
  }
  readSmallBody(req, MAX_BEACON_BYTES)
    .then(async (body) => {
      if (body === null) {
        if (req.destroyed && !req.complete) return; // the client went away
        res.setHeader("Connection", "close");
        finish(413, JSON.stringify({ error: "The request body is too large." }));
        return;
      }
      const answer = await collectPageView({
        body,
        userAgent: String(req.headers["user-agent"] ?? ""),
        cookieHeader: req.headers.cookie,
        purpose: String(req.headers["sec-purpose"] ?? req.headers.purpose ?? "") || undefined,
        clientIp: clientIpOf(req),
        host: req.headers.host,
      });
      if (answer.setCookie) res.setHeader("Set-Cookie", answer.setCookie);
      finish(answer.status, answer.error ? JSON.stringify({ error: answer.error }) : undefined);
    })
    .catch((error: unknown) => {
      logger.error({ err: error }, "Page-view beacon failed");
      if (!res.headersSent) finish(503, JSON.stringify({ error: "Not counted: try again later." }));
    });
};

/**
 * The client address as trusted per TRUST_PROXY, as every limit and the analytics key it: IPv6 by
 * its /64, IPv4-mapped as IPv4 (client-ip.ts). The one value loaders (request context) and the beacon use.
 */
function clientIpOf(req: express.Request): string {
  return normalizeClientIp(req.ip ?? "");
}

/**
 * The request body as text; null when it is larger than `maxBytes` (reading stops there) or
 * the client went away before sending all of it.
 */
function readSmallBody(req: express.Request, maxBytes: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (value: string | null) => {
      if (done) return;
      done = true;
      resolve(value);
    };
    req.on("data", (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > maxBytes) finish(null);
      else chunks.push(chunk);
    });
    req.on("end", () => finish(Buffer.concat(chunks, size).toString("utf8")));
    req.on("close", () => finish(null));
    req.on("error", reject);
  });
}

function loadContext(requestId: string, clientIp: string): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { requestId, clientIp });
  return context;
}

function isSameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function parseTrustProxy(value: string): boolean | number | string[] {
  if (value === "true") return true;
  if (value === "false") return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(",").map((part) => part.trim());
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
