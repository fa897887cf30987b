import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import pLimit from "p-limit";
import { getDb } from "~/.server/db/client";
import { newsRefreshState } from "~/.server/db/tables";
import { skipWrite } from "~/.server/disk-space";
import { getEnv } from "~/.server/env";
import { logger, tellTerminal } from "~/.server/logger";
import { feedFetches } from "~/.server/metrics";
import { notifyNewsChanged } from "~/.server/page-cache-events";
import { createAiSummarizer } from "./ai-summarizer.server";
import { configuredFeeds, type FeedSource } from "./feed-list.server";
import { FEED_POLICY } from "./feed-policy";
import { recordFetched, recordFetchFailure, recordNotModified, upsertFeeds, type FeedRow } from "./feed-state.server";
import { newsWorkerPool, NewsWorkerError, type NewsWorkerPool } from "./news-worker-pool.server";
import { createSafeFetcher, type SafeFetcher } from "./safe-fetch.server";
import { prepareStories, releaseKeys, storeStories, type StoryContext } from "./store-stories.server";
import type { Summarizer } from "./summarize";

/**
 * One refresh of every configured feed: conditional GET per feed (one request
 * at a time per host), parse (in the news worker, decision 0176), full content (feed content, else the article
 * page through Readability), sanitise, de-duplicate, summarise, store
 * (store-stories.server.ts). Each feed's outcome updates its row in
 * news_feeds (feed-state.server.ts): validators, failures, backoff, disabled,
 * refused items. A broken feed never stops the others, and a bad item never
 * costs its feed the other items.
 */

export { FEED_POLICY };

export type RefreshOptions = {
  feeds?: FeedSource[];
  fetcher?: SafeFetcher;
  /** Where feeds are parsed and HTML cleaned; defaults to the process's news worker pool. */
  workers?: NewsWorkerPool;
  /** Defaults to the AI summariser when a provider is configured; pass `undefined` for extractive only. */
  summarizer?: Summarizer;
  now?: () => Date;
};

export type FeedOutcome = "fetched" | "not-modified" | "skipped" | "failed";

export type RefreshReport = {
  feeds: number;
  fetched: number;
  notModified: number;
  skipped: number;
  failed: number;
  added: number;
  durationMs: number;
};

/** What every feed of one run shares. */
type RefreshRun = {
  now: () => Date;
  fetcher: SafeFetcher;
  workers: NewsWorkerPool;
  summarizer?: Summarizer;
  retentionStart: Date;
  configuredNames: Map<string, string | undefined>;
  perHost: StoryContext["perHost"];
  claimedKeys: Set<string>;
};

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}

/** A queue per host: one request at a time to each. */
function perHostQueues(): RefreshRun["perHost"] {
  const hostLimits = new Map<string, ReturnType<typeof pLimit>>();
  return (url, task) => {
    const host = hostOf(url);
    let limit = hostLimits.get(host);
    if (!limit) hostLimits.set(host, (limit = pLimit(1)));
    return limit(task);
  };
}

/** Runs a refresh now, without the cross-instance lease (see refreshNews). */
export async function runNewsRefresh(options: RefreshOptions = {}): Promise<RefreshReport> {
  const started = Date.now();
  const env = getEnv();
  const now = options.now ?? (() => new Date());
  const feedSources = options.feeds ?? configuredFeeds();
  const fetcher =
    options.fetcher ??
    createSafeFetcher({ allowPrivate: env.NEWS_ALLOW_PRIVATE_HOSTS, userAgent: `NordlysNewsBot/1.0 (+${env.PUBLIC_URL})` });
  const run: RefreshRun = {
    now,
    fetcher,
    workers: options.workers ?? newsWorkerPool(),
    // AI summaries when a provider is configured (capped per run), extractive otherwise.
    summarizer: "summarizer" in options ? options.summarizer : createAiSummarizer(),
    retentionStart: new Date(now().getTime() - env.NEWS_RETENTION_DAYS * 86_400_000),
    configuredNames: new Map(feedSources.map((f) => [f.url, f.name])),
    perHost: perHostQueues(),
    claimedKeys: new Set(),
  };

  const report: RefreshReport = { feeds: 0, fetched: 0, notModified: 0, skipped: 0, failed: 0, added: 0, durationMs: 0 };
  // The worker loads its code (about a second) while the feeds are being fetched.
  run.workers.warm();
  try {
    const rows = await upsertFeeds(feedSources);
    report.feeds = rows.length;
    const limit = pLimit(FEED_POLICY.concurrency);
    await Promise.all(rows.map((row) => limit(async () => countOutcome(report, await refreshFeedSafely(run, row)))));
  } finally {
    if (!options.fetcher) await fetcher.close().catch(() => undefined);
  }
  report.durationMs = Date.now() - started;
  return report;
}

/** One feed's refresh; an error nobody expected counts as that feed's failure and stops nothing else. */
function refreshFeedSafely(run: RefreshRun, row: FeedRow): Promise<{ outcome: FeedOutcome; added: number }> {
  return refreshFeed(run, row).catch((error: unknown) => {
    logger.error({ err: error, feed: row.url }, "News refresh: unexpected error in a feed");
    return { outcome: "failed" as const, added: 0 };
  });
}

const REPORT_FIELD = { fetched: "fetched", "not-modified": "notModified", skipped: "skipped", failed: "failed" } as const;

/** Adds one feed's outcome to the run's report and metrics. */
function countOutcome(report: RefreshReport, { outcome, added }: { outcome: FeedOutcome; added: number }): void {
  report.added += added;
  report[REPORT_FIELD[outcome]]++;
  if (outcome !== "skipped") feedFetches.inc({ outcome });
}

function isResting(feed: FeedRow, at: Date): boolean {
  if (feed.disabledAt) return at.getTime() - feed.disabledAt.getTime() < FEED_POLICY.disabledProbeHours * 3_600_000;
  return Boolean(feed.backoffUntil && feed.backoffUntil > at);
}

/**
 * One feed: fetch, parse, store its new stories, then record the outcome. The
 * row is updated only after the stories are stored, so validators are never
 * saved for stories that were not.
 */
async function refreshFeed(run: RefreshRun, feed: FeedRow): Promise<{ outcome: FeedOutcome; added: number }> {
  const at = run.now();
  if (isResting(feed, at)) return { outcome: "skipped", added: 0 };

  let result;
  try {
    result = await run.perHost(feed.url, () => run.fetcher.get(feed.url, { etag: feed.etag, lastModified: feed.lastModified }));
  } catch (error) {
    await recordFetchFailure(feed, at, error, { keepValidators: true });
    return { outcome: "failed", added: 0 };
  }
  if (result.status === 304) {
    await recordNotModified(feed, at, result);
    return { outcome: "not-modified", added: 0 };
  }

  let parsed;
  try {
    parsed = await run.workers.run("parseFeed", { body: result.body, feedUrl: result.url, maxItems: FEED_POLICY.itemsPerFeed });
  } catch (error) {
    // Forget the validators: the next run must fetch the document again.
    await recordFetchFailure(feed, at, error, { keepValidators: false });
    return { outcome: "failed", added: 0 };
  }
  const source = run.configuredNames.get(feed.url) ?? parsed.title ?? feed.title ?? hostOf(feed.url).replace(/^www\./, "");
  const context: StoryContext = { ...run, now: at };
  let stories;
  try {
    stories = await prepareStories(feed.id, source, parsed.items, result.url, context);
  } catch (error) {
    // The worker stopped on this feed's HTML (too slow, out of memory): this feed fails, and is fetched whole next time.
    if (!(error instanceof NewsWorkerError)) throw error;
    await recordFetchFailure(feed, at, error, { keepValidators: false });
    return { outcome: "failed", added: 0 };
  }
  const stored = await storeStories(stories);
  releaseKeys(stories, stored.refused, run.claimedKeys);
  await recordFetched(feed, at, { source, etag: result.etag, lastModified: result.lastModified }, stored);
  return { outcome: "fetched", added: stored.stored };
}

/** Makes sure the single coordination row exists. */
async function ensureStateRow(): Promise<void> {
  await getDb().insert(newsRefreshState).values({ id: 1 }).onConflictDoNothing();
}

/**
 * Takes the refresh lease when no other refresh holds it (on any instance).
 * With `minIntervalMinutes`, also only when no refresh started within that time;
 * with `notFinishedSince`, only when no refresh has finished since then.
 */
export async function claimRefreshLease(minIntervalMinutes?: number, notFinishedSince?: Date): Promise<boolean> {
  await ensureStateRow();
  const free = or(isNull(newsRefreshState.leaseUntil), lt(newsRefreshState.leaseUntil, sql`now()`));
  const recent =
    minIntervalMinutes === undefined
      ? undefined
      : or(
          isNull(newsRefreshState.lastStartedAt),
          lt(newsRefreshState.lastStartedAt, sql`now() - make_interval(mins => ${minIntervalMinutes})`),
        );
  // The scheduled job's per-slot guard: no refresh has finished since the slot began.
  const slot =
    notFinishedSince === undefined
      ? undefined
      : or(isNull(newsRefreshState.lastFinishedAt), lt(newsRefreshState.lastFinishedAt, notFinishedSince));
  const condition = and(free, recent, slot);
  const claimed = await getDb()
    .update(newsRefreshState)
    .set({
      leaseUntil: sql`now() + make_interval(mins => ${FEED_POLICY.leaseMinutes})`,
      lastStartedAt: sql`now()`,
    })
    .where(and(eq(newsRefreshState.id, 1), condition))
    .returning({ id: newsRefreshState.id });
  return claimed.length > 0;
}

export async function releaseRefreshLease(): Promise<void> {
  await getDb()
    .update(newsRefreshState)
    .set({ leaseUntil: null, lastFinishedAt: sql`now()` })
    .where(eq(newsRefreshState.id, 1));
}

export async function readRefreshState(): Promise<{
  running: boolean;
  lastFinishedAt: Date | null;
  lastStartedAt: Date | null;
  now: Date;
}> {
  const [row] = await getDb()
    .select({
      running: sql<boolean>`coalesce(${newsRefreshState.leaseUntil} > now(), false)`,
      lastFinishedAt: newsRefreshState.lastFinishedAt,
      lastStartedAt: newsRefreshState.lastStartedAt,
      // The database's clock: the lease times are the database's, whatever the app's clock says.
      now: sql<Date>`now()`.mapWith(newsRefreshState.lastStartedAt),
    })
    .from(newsRefreshState)
    .where(eq(newsRefreshState.id, 1));
  return {
    running: row?.running ?? false,
    lastFinishedAt: row?.lastFinishedAt ?? null,
    lastStartedAt: row?.lastStartedAt ?? null,
    now: row?.now ?? new Date(),
  };
}

/**
 * A refresh that runs only if no other one is running anywhere (lease in the
 * database). Returns null when it did not run.
 */
export async function refreshNews(
  options: RefreshOptions & { minIntervalMinutes?: number; notFinishedSince?: Date } = {},
): Promise<RefreshReport | null> {
  if (isSkippedForDiskSpace()) return null;
  if (!(await claimRefreshLease(options.minIntervalMinutes, options.notFinishedSince))) return null;
  return runLeasedRefresh(options);
}

/**
 * Like refreshNews, but does not wait for the fetching: resolves once the lease
 * is taken (true) or refused (false), so a page rendered next already says the
 * sources are being checked.
 */
export async function startNewsRefresh(options: RefreshOptions & { minIntervalMinutes?: number } = {}): Promise<boolean> {
  if (isSkippedForDiskSpace()) return false;
  if (!(await claimRefreshLease(options.minIntervalMinutes))) return false;
  void runLeasedRefresh(options).catch((error: unknown) => logger.error({ err: error }, "News: background refresh failed"));
  return true;
}

/** Free disk space is low: stored news (up to 200 KB a story) waits until it is back (docs/decisions/0171). */
function isSkippedForDiskSpace(): boolean {
  if (!skipWrite("news_refresh")) return false;
  logger.warn("News refresh skipped: free disk space is low");
  return true;
}

/** A refresh in one line for the terminal: how many sources answered, and where to look when some did not. */
export function refreshLine(report: RefreshReport): string {
  const answered = report.fetched + report.notModified;
  const stories = report.added === 1 ? "1 new story" : `${report.added} new stories`;
  return `News refresh: ${answered} of ${report.feeds} sources answered, ${stories}${answered < report.feeds ? "; see /admin/feeds" : "."}`;
}

/** Runs a refresh under the lease this process holds, then frees it. */
async function runLeasedRefresh(options: RefreshOptions): Promise<RefreshReport> {
  try {
    const report = await runNewsRefresh(options);
    logger.info(report, "News refresh done");
    tellTerminal(refreshLine(report));
    return report;
  } finally {
    await releaseRefreshLease().catch((error: unknown) => logger.error({ err: error }, "News refresh: cannot release the lease"));
    // Pages show when the sources were last asked, so every run changes them, new stories or not.
    notifyNewsChanged();
  }
}
