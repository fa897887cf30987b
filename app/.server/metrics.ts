import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { REQUEST_BUCKETS, requestDurations, tallies } from "./request-durations";

/**
 * Prometheus metrics, served on /metrics when METRICS_TOKEN is set (off by
 * default). One registry per process; each instance is scraped on its own.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, prefix: "nordlys_" });

const REQUEST_DURATIONS = "nordlys_http_request_duration_seconds";
const REQUEST_DURATIONS_HELP = "HTTP requests by method, route group and status, with their duration";

/**
 * Requests through Express, timed by prom-client. /metrics reads it through
 * `mergedRequestDurations` below, which adds the tallies of the stored pages answered before
 * Express (./request-durations.ts).
 */
export const httpRequests = new Histogram({
  name: REQUEST_DURATIONS,
  help: REQUEST_DURATIONS_HELP,
  labelNames: ["method", "route", "status"] as const,
  buckets: REQUEST_BUCKETS,
  registers: [],
});

type HistogramReading = Awaited<ReturnType<typeof httpRequests.get>>;

/**
 * The request histogram as /metrics reads it: prom-client's series with the tallies added. A
 * metric prom-client's registry reads through `get()`, whose reading has the shape of a
 * histogram's own (`registry.getMetricsAsJSON`): cumulative `_bucket` values by `le`, `_sum`
 * and `_count`, each with the series' labels.
 */
const mergedRequestDurations = {
  name: REQUEST_DURATIONS,
  help: REQUEST_DURATIONS_HELP,
  type: "histogram",
  aggregator: "sum",
  async get(): Promise<HistogramReading> {
    await requestDurations.collectElsewhere();
    const reading = await httpRequests.get();
    const values = reading.values.map((value) => ({ ...value, labels: { ...value.labels } }));
    const at = new Map<string, number>();
    values.forEach((value, index) => at.set(valueKey(value.metricName, value.labels), index));
    for (const tally of tallies()) {
      if (tally.count === 0) continue;
      const add = (metricName: string, labels: Record<string, string | number>, amount: number) => {
        const index = at.get(valueKey(metricName, labels));
        if (index !== undefined) values[index]!.value += amount;
        else {
          at.set(valueKey(metricName, labels), values.length);
          values.push({ metricName, labels, value: amount } as (typeof values)[number]);
        }
      };
      let cumulative = 0;
      REQUEST_BUCKETS.forEach((bound, bucket) => {
        cumulative += tally.buckets[bucket]!;
        add(`${REQUEST_DURATIONS}_bucket`, { ...tally.labels, le: bound }, cumulative);
      });
      add(`${REQUEST_DURATIONS}_bucket`, { ...tally.labels, le: "+Inf" }, tally.count);
      add(`${REQUEST_DURATIONS}_sum`, { ...tally.labels }, tally.sum);
      add(`${REQUEST_DURATIONS}_count`, { ...tally.labels }, tally.count);
    }
    return { ...reading, values };
  },
  reset() {
    httpRequests.reset();
    requestDurations.reset();
  },
};

function valueKey(metricName: string | undefined, labels: Partial<Record<string, string | number>>): string {
  return `${metricName} ${labels.method} ${labels.route} ${labels.status} ${labels.le ?? ""}`;
}

// The registry takes any object it can read with `get()`; its types name only prom-client's classes.
metricsRegistry.registerMetric(mergedRequestDurations as unknown as Histogram);

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
  help: "Page-view beacons by outcome (counted, bot, automated, prefetch, uncounted-path, invalid, rate-limited, full, unavailable, disk-low, written, over-cap, lost)",
  labelNames: ["outcome"] as const,
  registers: [metricsRegistry],
});

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

export const pageCacheEvictions = new Counter({
  name: "nordlys_page_cache_evictions_total",
  help: "Stored pages pushed out of the page cache to make room, by tier (any in core: PAGE_CACHE_MAX_MB is too small)",
  labelNames: ["tier"] as const,
  registers: [metricsRegistry],
});
