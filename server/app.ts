import path from "node:path";
import express, { type RequestHandler } from "express";
import expressStaticGzip from "express-static-gzip";
import { createRequestHandler as createFetchHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { isDataRequestPath, keptMarkupContext } from "~/framework-workarounds/kept-markup.tsx";
import { normalizeClientIp } from "~/.server/client-ip.ts";
import { contentSecurityPolicy } from "~/.server/content-security-policy.ts";
import { getEnv } from "~/.server/env.ts";
import { answerAppError } from "~/.server/errors.ts";
import { logger } from "~/.server/logger.ts";
import { httpRequests, observePageCache, pageCacheEvictions } from "~/.server/metrics.ts";
import { onNewsChanged, onSiteContentChanged } from "~/.server/page-cache-events.ts";
import { requestInfoContext } from "~/.server/request-context.ts";
import { startRuntime as startPlatformRuntime, type Runtime } from "~/.server/runtime.ts";
import { beforeShutdown } from "~/.server/shutdown-hooks.ts";
import { startImapReader } from "~/features/inbox/mail/imap-reader.server.ts";
import { BEACON_PATH, collectPageView } from "~/features/analytics/collect-page-view.server.ts";
import { MAX_BEACON_BYTES } from "~/features/analytics/page-view.server.ts";
import { sendPasswordResetEmail } from "~/features/admin/send-password-reset-email.server.ts";
import { sealPlainWebhookSecrets } from "~/features/webhooks/endpoints.server.ts";
import { importInitialContent, liveContent, watchLiveContent } from "~/features/content/live.server.ts";
import { bodyGuard, type UploadRoute } from "./body-guard.ts";
import { getAdminAccess } from "~/.server/admin-guard.ts";
import { mayOpen } from "~/.server/permissions.ts";
import { errorBody } from "./http-errors.ts";
import { canonicalRedirect } from "./canonical-path.ts";
import { createHtmlCache, sitePagePolicy, sitePageTier } from "./html-cache.ts";
import { jobDefinitions } from "./job-registry.ts";
import {
  errorHandler,
  healthCheck,
  metricsEndpoint,
  requestLogging,
  requestMetrics,
  responseCompression,
  responseDefaults,
  securityHeaders,
} from "./middleware.ts";
import { createRequestHandler } from "./react-router-handler.ts";
import { methodGuard, originGuard, targetGuard } from "./request-guards.ts";

export { answerClientError } from "./http-errors.ts";
export { logFormat } from "~/.server/log-format.ts";
export { recordServerAddress } from "~/.server/server-address.ts";
export { describeStartup, gatherStartupFacts } from "./startup-summary.ts";
export { logger } from "~/.server/logger.ts";

/**
 * The runtime (database, migrations, job queue) with every job of the app. `onDatabaseLost`:
 * the embedded PostgreSQL could not be started again (the process entry exits non-zero).
 */
export async function startRuntime(onDatabaseLost?: (error: Error) => void) {
  const runtime = await startPlatformRuntime({ jobs: jobDefinitions, passwordResetMailer: sendPasswordResetEmail, onDatabaseLost });
  // Secrets kept in plain text by earlier versions are sealed once (a failure waits for the next start).
  await sealPlainWebhookSecrets().catch((error: unknown) => logger.warn({ err: error }, "Webhooks: sealing stored secrets failed"));
  startInboxMailReader(runtime);
  // The site's content (docs/content.md): the first start imports it; every instance reads what is
  // published before it listens and follows each publish within a second.
  const imported = await importInitialContent();
  if (imported.length > 0) logger.info({ types: imported }, "Content: imported the first content into the database");
  await liveContent();
  const stopWatching = watchLiveContent();
  beforeShutdown("live-content", async () => stopWatching());
  return runtime;
}

/**
 * The IMAP reader (docs/inbox.md, "Connecting the studio's mailbox"): only when IMAP_URL is set;
 * every instance starts one, and an advisory lock lets one of them read. Stopped before the pool closes.
 */
function startInboxMailReader(runtime: Runtime) {
  const { env } = runtime;
  const databaseUrl = env.DATABASE_URL ?? runtime.embedded?.url;
  if (!env.IMAP_URL || !databaseUrl) return;
  const reader = startImapReader({
    imapUrl: env.IMAP_URL,
    databaseUrl,
    pollSeconds: env.IMAP_POLL_SECONDS,
    limits: { maxMessageBytes: env.INBOX_MAX_MESSAGE_MB * 1024 * 1024, maxAttachmentBytes: env.INBOX_MAX_ATTACHMENT_MB * 1024 * 1024 },
  });
  beforeShutdown("imap-reader", () => reader.stop());
}

/** No request body is read past this size, however it is framed (server/body-guard.ts). */
export const MAX_BODY_BYTES = 256 * 1024;

/**
 * Where an admin sends files (docs/content.md): images (up to 15 MB, with the form around them) and
 * content files. Only an admin whose role may use the route gets a byte of such a body read.
 */
export const UPLOAD_ROUTES: readonly UploadRoute[] = [
  { path: "/admin/content/media", maxBytes: 16 * 1024 * 1024 },
  { path: "/api/admin/media", maxBytes: 16 * 1024 * 1024 },
  { path: "/admin/content/import", maxBytes: 16 * 1024 * 1024 },
];

async function mayUpload(req: express.Request): Promise<boolean> {
  const access = await getAdminAccess(new Request(`http://app${req.path}`, { headers: { cookie: req.headers.cookie ?? "" } }));
  return access.status === "admin" && mayOpen(access.user.roles, req.path);
}

export type CreateAppOptions = {
  mode: "production" | "development";
  /** Vite's dev middleware (development only). */
  viteMiddleware?: RequestHandler;
  /** Where the client build lives (production only). */
  clientDir?: string;
  /** The React Router server build; defaults to the bundled one. */
  build?: () => Promise<ServerBuild>;
};

export function createApp(options: CreateAppOptions): express.Express {
  const env = getEnv();
  const isProduction = options.mode === "production";
  const isHttps = env.PUBLIC_URL.startsWith("https://");
  const app = express();
  // The virtual module exists only inside the Vite build of this file.
  const build = options.build ?? (() => import("virtual:react-router/server-build") as Promise<ServerBuild>);

  app.disable("x-powered-by");
  app.set("trust proxy", parseTrustProxy(env.TRUST_PROXY));

  // The request path, in order (docs/architecture.md, "A page request").
  // 1. The page-view beacon: thousands a second at peak, each answered at once with an empty
  //    204, so none of the page machinery below (logging, CSP, compression) applies.
  app.use(BEACON_PATH, pageViewBeacon);
  // 2. Request id and log line, timing, default and security headers, compression.
  app.use(requestLogging());
  app.use(requestMetrics);
  //    Hashed build files (production): a script, stylesheet, font or picture gets the headers
  //    that apply to it, not the page headers below (decision 0199).
  if (!options.viteMiddleware) app.use("/assets", hashedAssets(options.clientDir ?? path.resolve("build/client")));
  app.use(responseDefaults(isProduction ? contentSecurityPolicy({ https: isHttps }) : null));
  app.use(securityHeaders(isHttps));
  app.use(responseCompression());
  // 3. The request boundary (docs/architecture.md, "The request boundary"): the address, the
  //    method, the origin of page posts, then the body, read once, capped and cleaned.
  app.use(targetGuard, methodGuard, originGuard, bodyGuard({ maxBytes: MAX_BODY_BYTES, uploads: UPLOAD_ROUTES, mayUpload }));
  // 4. Operations endpoints.
  app.get("/healthz", healthCheck);
  app.get("/metrics", metricsEndpoint(env.METRICS_TOKEN));
  // 5. One address per public page: other spellings of it (case, slashes, escapes) get a 301.
  app.use(canonicalRedirect);
  // 6. Files and stored pages: Vite's middleware in development, the build in production.
  if (options.viteMiddleware) app.use(options.viteMiddleware);
  else app.use(builtFilesAndPages(options, build, env.PUBLIC_URL, env.PAGE_CACHE_MAX_MB));
  // 7. Everything else: React Router (pages, /api/*), then errors.
  app.all(
    /.*/,
    createRequestHandler({
      build,
      mode: options.mode,
      getLoadContext: (req, connectionClosed) =>
        loadContext(String(req.id ?? ""), clientIpOf(req), { connectionClosed, dataRequest: isDataRequestPath(req.path) }),
    }),
  );
  app.use(errorHandler);

  return app;
}

/**
 * The client build's hashed files (/assets/*): cached for a year and never revalidated (a new
 * build has new names, so no ETag or Last-Modified), the Brotli or gzip copy next to each file
 * when the client takes it (scripts/precompress.mjs). Their headers are the two that apply to a
 * subresource, nosniff and Cross-Origin-Resource-Policy; the page headers (Content-Security-Policy,
 * frame, permissions and referrer policies) govern documents only and cost about 800 bytes on
 * each of the dozen files a first visit loads (decision 0199). A request no file answers goes on
 * down the request path.
 */
function hashedAssets(clientDir: string): RequestHandler {
  return expressStaticGzip(path.join(clientDir, "assets"), {
    enableBrotli: true,
    orderPreference: ["br", "gzip"],
    index: false,
    serveStatic: {
      immutable: true,
      maxAge: "1y",
      index: false,
      fallthrough: true,
      etag: false,
      lastModified: false,
      // Scripts, stylesheets and fonts of a few kilobytes: nobody asks for a range of them.
      acceptRanges: false,
      setHeaders: (res) => {
        res.setHeader("X-Content-Type-Options", "nosniff");
        res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
        // Every byte counts on these files (decision 0200): the request id is in the log line.
        res.removeHeader("X-Request-Id");
      },
    },
  });
}

/**
 * Production: the page cache for public pages that are the same for everyone
 * (server/html-cache.ts), then the other files of the client build.
 */
function builtFilesAndPages(
  options: CreateAppOptions,
  build: () => Promise<ServerBuild>,
  publicUrl: string,
  pageCacheMaxMb: number,
): express.Router {
  const router = express.Router();
  const clientDir = options.clientDir ?? path.resolve("build/client");
  // Rendered for no visitor in particular at the public address; before the file lookup
  // below, which no page path can match.
  const renderPage = createFetchHandler(build, options.mode);
  const pageCache = createHtmlCache({
    policyFor: sitePagePolicy,
    tierFor: sitePageTier,
    maxBytes: pageCacheMaxMb * 1024 * 1024,
    onEvict: (tier) => pageCacheEvictions.inc({ tier }),
    render: (pagePath, req) =>
      renderPage(
        new Request(new URL(pagePath, publicUrl), { headers: { Accept: "text/html" } }),
        loadContext(String(req.id ?? ""), "", { dataRequest: false }),
      ),
  });
  onNewsChanged(() => pageCache.invalidate("news"));
  onSiteContentChanged(() => {
    pageCache.invalidate("site");
    pageCache.invalidate("news");
  });
  observePageCache(pageCache.stats);
  router.use(pageCache.middleware);
  router.use(express.static(clientDir, { maxAge: "1h", index: false }));
  return router;
}

/**
 * POST /a/e: one page view from the beacon (docs/analytics.md). 204 (counted or silently
 * dropped), 400 not a page view, 405 another method, 413 over 4 KB, 415 not text or JSON,
 * 429 over the client's beacons per minute, 503 not counted (database unreachable, queue full).
 */
const pageViewBeacon: RequestHandler = (req, res) => {
  const started = httpRequests.startTimer();
  const finish = (status: number, error?: string) => {
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("X-Content-Type-Options", "nosniff");
    if (error === undefined) res.status(status).end();
    else res.status(status).json(errorBody(status, error));
    started({ method: req.method, route: BEACON_PATH, status });
  };
  if (req.method !== "POST" || req.path !== "/") {
    res.setHeader("Allow", "POST");
    finish(req.path === "/" ? 405 : 404, req.path === "/" ? "Use POST." : "Not found.");
    return;
  }
  const type = String(req.headers["content-type"] ?? "")
    .split(";")[0]!
    .trim()
    .toLowerCase();
  if (type !== "text/plain" && type !== "application/json") {
    finish(415, "Send the page view as text/plain or application/json.");
    return;
  }
  readSmallBody(req, MAX_BEACON_BYTES)
    .then(async (body) => {
      if (body === null) {
        if (req.destroyed && !req.complete) return; // the client went away
        res.setHeader("Connection", "close");
        finish(413, "The request body is too large.");
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
      if (!answer.error) return finish(204);
      const refusal = answerAppError(answer.error);
      for (const [name, value] of Object.entries(refusal.headers)) res.setHeader(name, value);
      finish(refusal.status, refusal.body.error);
    })
    .catch((error: unknown) => {
      logger.error({ err: error }, "Page-view beacon failed");
      if (!res.headersSent) finish(503, "Not counted: try again later.");
    });
};

/**
 * The client address as trusted per TRUST_PROXY, as every limit and the analytics key it: IPv6 by
 * its /56, IPv4-mapped as IPv4 (client-ip.ts). The one value loaders (request context) and the beacon use.
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

function loadContext(
  requestId: string,
  clientIp: string,
  { connectionClosed, dataRequest }: { connectionClosed?: AbortSignal; dataRequest: boolean },
): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { requestId, clientIp, connectionClosed });
  // A page's document carries markup its loaders keep out of the data (decision 0200); a data
  // request (and an API call, which renders no document) gets everything as data.
  if (!dataRequest) context.set(keptMarkupContext, new Map());
  return context;
}

function parseTrustProxy(value: string): boolean | number | string[] {
  if (value === "true") return true;
  if (value === "false") return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(",").map((part) => part.trim());
}
