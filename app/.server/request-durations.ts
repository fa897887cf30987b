/**
 * The request histogram's series counted by plain arithmetic (`nordlys_http_request_duration_seconds`;
 * app/.server/metrics.ts reads them into /metrics beside prom-client's own series), and the label a
 * request path counts under. A module without prom-client: the stored-page processes
 * (server/stored-page-process.ts) count with it and load nothing more.
 */

export const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export type RequestLabels = { method: string; route: string; status: number };

/** A series' counts as they travel between processes: per bucket (the last past every bound), not cumulative. */
export type TallyCounts = { labels: RequestLabels; buckets: number[]; sum: number; count: number };

/**
 * One series of the request histogram, counted by plain arithmetic: the stored-page front answers
 * in a few microseconds, and prom-client's `observe` hashes the labels of a series on every call,
 * a tenth of that time. The front keeps the tally of each stored page it answers and adds to it.
 */
export class DurationTally {
  readonly buckets = new Float64Array(REQUEST_BUCKETS.length + 1);
  sum = 0;
  count = 0;
  constructor(readonly labels: RequestLabels) {}

  observe(seconds: number): void {
    let bucket = 0;
    while (bucket < REQUEST_BUCKETS.length && seconds > REQUEST_BUCKETS[bucket]!) bucket++;
    this.buckets[bucket]!++;
    this.sum += seconds;
    this.count++;
  }

  /** What was counted since the last call, zeroing the tally. */
  take(): TallyCounts | null {
    if (this.count === 0) return null;
    const counts = { labels: this.labels, buckets: Array.from(this.buckets), sum: this.sum, count: this.count };
    this.buckets.fill(0);
    this.sum = 0;
    this.count = 0;
    return counts;
  }
}

const byLabels = new Map<string, DurationTally>();
/** Counts asked of other processes before /metrics is read (`countElsewhere`). */
const elsewhere = new Set<() => Promise<void>>();

/** Every series counted in this process (app/.server/metrics.ts reads them into /metrics). */
export const tallies = () => byLabels.values();

/**
 * The tallies of the request histogram, one per series, kept beside prom-client's
 * (`httpRequests`): /metrics reads both as one histogram.
 */
export const requestDurations = {
  /** The series for these labels (made once; the caller keeps it). */
  tally(labels: RequestLabels): DurationTally {
    const key = `${labels.method} ${labels.status} ${labels.route}`;
    let tally = byLabels.get(key);
    if (!tally) byLabels.set(key, (tally = new DurationTally(labels)));
    return tally;
  },
  /** Adds counts made in another process. */
  add(counts: readonly TallyCounts[]): void {
    for (const { labels, buckets, sum, count } of counts) {
      const tally = requestDurations.tally(labels);
      buckets.forEach((n, bucket) => (tally.buckets[bucket]! += n));
      tally.sum += sum;
      tally.count += count;
    }
  },
  /** What every series counted since the last call, zeroing them (a stored-page process's counts, for the app's process: server/stored-page-process.ts). */
  take(): TallyCounts[] {
    const counts: TallyCounts[] = [];
    for (const tally of byLabels.values()) {
      const taken = tally.take();
      if (taken) counts.push(taken);
    }
    return counts;
  },
  /** Asks `collect` for other processes' counts (which it adds) each time /metrics is read; returns what stops it. */
  countElsewhere(collect: () => Promise<void>): () => void {
    elsewhere.add(collect);
    return () => elsewhere.delete(collect);
  },
  /** Gets every other process's counts (each `countElsewhere`), before /metrics is read. */
  async collectElsewhere(): Promise<void> {
    await Promise.all([...elsewhere].map((collect) => collect().catch(() => undefined)));
  },
  reset(): void {
    byLabels.clear();
  },
};

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
