import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

/**
 * Prometheus metrics, served on /metrics when METRICS_TOKEN is set (off by
 * default). One registry per process; each instance is scraped on its own.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, prefix: "nordlys_" });

export const httpRequests = new Histogram({
  name: "nordlys_http_request_duration_seconds",
  help: "HTTP requests by method, route group and status, with their duration",
  labelNames: ["method", "route", "status"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

/**
 * A low-cardinality label for a request path: the API endpoint name, or the
 * first path segment of a page (`/projects/:rest`), so arbitrary URLs (404
 * probes) cannot create unbounded series.
 */
export function routeGroup(path: string, status: number): string {
  if (path.startsWith("/assets/")) return "/assets";
  const segments = path.split("?")[0]!.split("/").filter(Boolean);
  if (status === 404) return "not_found";
  if (segments[0] === "api") return `/api/${segments[1] ?? ""}`;
  if (segments.length === 0) return "/";
  return segments.length === 1 ? `/${segments[0]}` : `/${segments[0]}/:rest`;
}

/** A counter in the registry, with its labels. */
export function counter<Label extends string>(name: string, help: string, labelNames: readonly Label[]) {
  return new Counter({ name, help, labelNames, registers: [metricsRegistry] });
}

export const jobRuns = counter("nordlys_job_runs_total", "Background job runs by queue and outcome", ["job", "outcome"]);

export const rateLimitRejections = counter("nordlys_rate_limit_rejections_total", "Requests refused by a rate limit, by limit name", [
  "limit",
]);

export const newsletterDeliveries = counter(
  "nordlys_newsletter_deliveries_total",
  "Newsletter e-mails by outcome (sent, failed, bounced)",
  ["outcome"],
);

export const feedFetches = counter("nordlys_feed_fetches_total", "News feed fetches by outcome (ok, not_modified, error)", ["outcome"]);

export const aiRequests = counter("nordlys_ai_requests_total", "AI provider requests by feature and outcome", ["feature", "outcome"]);

export const analyticsEvents = counter(
  "nordlys_analytics_events_total",
  "Page-view beacons by outcome (counted, bot, automated, prefetch, uncounted-path, invalid, rate-limited, full, unavailable, disk-low, written, over-cap, lost)",
  ["outcome"],
);

/** What the page cache holds per tier (server/html-cache.ts); read at each scrape. */
export type PageCacheReading = Record<string, { bytes: number; maxBytes: number; entries: number }>;
let readPageCache: (() => PageCacheReading) | undefined;

/** The server hands its page cache's reading to /metrics (the platform does not import the server). */
export function observePageCache(read: () => PageCacheReading): void {
  readPageCache = read;
}

function pageCacheGauge(name: string, help: string, field: "bytes" | "maxBytes" | "entries") {
  return new Gauge({
    name,
    help,
    labelNames: ["tier"] as const,
    registers: [metricsRegistry],
    collect() {
      for (const [tier, reading] of Object.entries(readPageCache?.() ?? {})) this.set({ tier }, reading[field]);
    },
  });
}

pageCacheGauge("nordlys_page_cache_bytes", "Bytes of stored pages (all encodings) in the page cache, by tier (core, items)", "bytes");
pageCacheGauge("nordlys_page_cache_max_bytes", "The page cache's byte budget (PAGE_CACHE_MAX_MB), by tier", "maxBytes");
pageCacheGauge("nordlys_page_cache_entries", "Pages stored in the page cache, by tier", "entries");

export const pageCacheEvictions = counter(
  "nordlys_page_cache_evictions_total",
  "Stored pages pushed out of the page cache to make room, by tier (any in core: PAGE_CACHE_MAX_MB is too small)",
  ["tier"],
);
