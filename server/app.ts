import { randomUUID, timingSafeEqual } from "node:crypto";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
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
import { logger } from "~/.server/logger.ts";
import { httpRequests, metricsRegistry, routeGroup } from "~/.server/metrics.ts";
import { onNewsChanged } from "~/.server/page-cache-events.ts";
import { requestInfoContext } from "~/.server/request-context.ts";
import { createHtmlCache, sitePagePolicy } from "./html-cache.ts";

export { startRuntime } from "~/.server/runtime.ts";
export { logger } from "~/.server/logger.ts";

/** Requests with a larger declared body are refused before anything reads them. */
export const MAX_BODY_BYTES = 1024 * 1024;

export type CreateAppOptions = {
  mode: "production" | "development";
  /** Vite's dev middleware (development only). */
  viteMiddleware?: RequestHandler;
  /** Where the client build lives (production only). */
  clientDir?: string;
  /** The React Router server build; defaults to the bundled one. */
  build?: () => Promise<ServerBuild>;
};

function isApiPath(url: string): boolean {
  return url === "/api" || url.startsWith("/api/") || url.startsWith("/api?");
}

function wantsJson(req: express.Request): boolean {
  return isApiPath(req.path);
}

function sendError(req: express.Request, res: express.Response, status: number, message: string) {
  if (res.headersSent) return;
  if (wantsJson(req)) {
    res.status(status).json({ error: message });
    return;
  }
  res
    .status(status)
    .type("html")
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${status}</title>` +
        `<meta name="viewport" content="width=device-width,initial-scale=1"></head>` +
        `<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem">` +
        `<h1>${status}</h1><p>${message}</p><p><a href="/">Return to Home</a></p></body></html>`,
    );
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
        req: (req: { method: string; url: string; id: string }) => ({ id: req.id, method: req.method, url: req.url }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
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

  // Refuse oversized bodies up front; routes that read bodies also cap what they read.
  app.use((req, res, next) => {
    const declared = Number(req.headers["content-length"] ?? 0);
    if (declared > MAX_BODY_BYTES) {
      res.setHeader("Connection", "close");
      sendError(req, res, 413, "The request body is too large.");
      return;
    }
    next();
  });

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
      getLoadContext: (req) => loadContext(String(req.id ?? ""), req.ip ?? ""),
    }),
  );

  const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
    const status = typeof error?.status === "number" && error.status >= 400 && error.status < 600 ? error.status : 500;
    if (status >= 500) logger.error({ err: error, url: req.url }, "Unhandled server error");
    sendError(req, res, status, status === 413 ? "The request body is too large." : "Something went wrong on our side.");
  };
  app.use(errorHandler);

  return app;
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
