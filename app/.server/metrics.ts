import { collectDefaultMetrics, Counter, Histogram, Registry } from "prom-client";

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

export const jobRuns = new Counter({
  name: "nordlys_job_runs_total",
  help: "Background job runs by queue and outcome",
  labelNames: ["job", "outcome"] as const,
  registers: [metricsRegistry],
});

export const rateLimitRejections = new Counter({
  name: "nordlys_rate_limit_rejections_total",
  help: "Requests refused by a rate limit, by limit name",
  labelNames: ["limit"] as const,
  registers: [metricsRegistry],
});

export const newsletterDeliveries = new Counter({
  name: "nordlys_newsletter_deliveries_total",
  help: "Newsletter e-mails by outcome (sent, failed, bounced)",
  labelNames: ["outcome"] as const,
  registers: [metricsRegistry],
});

export const feedFetches = new Counter({
  name: "nordlys_feed_fetches_total",
  help: "News feed fetches by outcome (ok, not_modified, error)",
  labelNames: ["outcome"] as const,
  registers: [metricsRegistry],
});

export const aiRequests = new Counter({
  name: "nordlys_ai_requests_total",
  help: "AI provider requests by feature and outcome",
  labelNames: ["feature", "outcome"] as const,
  registers: [metricsRegistry],
});

export const analyticsEvents = new Counter({
  name: "nordlys_analytics_events_total",
  help: "Page-view beacons by outcome (counted, bot, automated, prefetch, uncounted-path, invalid, rate-limited, full, unavailable, written, over-cap, lost)",
  labelNames: ["outcome"] as const,
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
