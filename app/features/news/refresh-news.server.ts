import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import pLimit from "p-limit";
import { getDb } from "~/.server/db/client";
import { aiNews, newsFeeds, newsRefreshState } from "~/.server/db/schema";
import { getEnv } from "~/.server/env";
import { logger } from "~/.server/logger";
import { feedFetches } from "~/.server/metrics";
import { createAiSummarizer } from "./ai-summarizer.server";
import { canonicalUrlKey, cleanLink, titleKey } from "./dedupe-keys";
import { configuredFeeds, type FeedSource } from "./feed-list.server";
import { extractArticle, htmlToText, sanitizeArticleHtml } from "./html.server";
import { parseFeedDocument, type ParsedItem } from "./parse-feed.server";
import { createSafeFetcher, FetchError, type SafeFetcher } from "./safe-fetch.server";
import { summarizeStory, type Summarizer } from "./summarize";
import { notifyNewsChanged } from "~/.server/page-cache-events";

/**
 * One refresh of every configured feed: conditional GET per feed (one request
 * at a time per host), parse, full content (feed content, else the article
 * page through Readability), sanitise, de-duplicate, summarise, store. Each
 * feed's outcome updates its row in news_feeds (validators, failures,
 * backoff, disabled). A broken feed never stops the others.
 */

export const FEED_POLICY = {
  /** Feeds fetched at once (each host still gets one request at a time). */
  concurrency: 8,
  /** First backoff after a failure; doubles with each further failure. */
  backoffBaseMinutes: 15,
  backoffMaxMinutes: 12 * 60,
  /** Consecutive failures after which a feed is disabled (and reported). */
  disableAfterFailures: 6,
  /** A disabled feed is probed again once this long after being disabled. */
  disabledProbeHours: 24,
  /** Article pages fetched per feed and run, for items without full content. */
  articleFetchesPerFeed: 5,
  /** A teaser shorter than this (characters of text) is completed from the article page. */
  teaserIsShortBelow: 600,
  /** The refresh lease; a crashed refresh frees it after this. */
  leaseMinutes: 5,
} as const;

export type RefreshOptions = {
  feeds?: FeedSource[];
  fetcher?: SafeFetcher;
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

type FeedRow = typeof newsFeeds.$inferSelect;
type NewStory = typeof aiNews.$inferInsert;

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}

function backoffMinutes(failures: number, retryAfterSeconds?: number): number {
  const exponential = Math.min(FEED_POLICY.backoffBaseMinutes * 2 ** Math.max(0, failures - 1), FEED_POLICY.backoffMaxMinutes);
  if (retryAfterSeconds === undefined) return exponential;
  return Math.min(Math.max(retryAfterSeconds / 60, 1), FEED_POLICY.backoffMaxMinutes * 2);
}

async function upsertFeeds(feeds: FeedSource[]): Promise<FeedRow[]> {
  if (feeds.length === 0) return [];
  // One statement for the whole list; a configured name wins over the feed's own title.
  return getDb()
    .insert(newsFeeds)
    .values(feeds.map((feed) => ({ url: feed.url, title: feed.name ?? null })))
    .onConflictDoUpdate({
      target: newsFeeds.url,
      set: { title: sql`coalesce(excluded.title, ${newsFeeds.title})` },
    })
    .returning();
}

/** Runs a refresh now, without the cross-instance lease (see refreshNews). */
export async function runNewsRefresh(options: RefreshOptions = {}): Promise<RefreshReport> {
  const started = Date.now();
  const env = getEnv();
  const now = options.now ?? (() => new Date());
  const feedSources = options.feeds ?? configuredFeeds();
  const configuredNames = new Map(feedSources.map((f) => [f.url, f.name]));
  const fetcher =
    options.fetcher ??
    createSafeFetcher({
      allowPrivate: env.NEWS_ALLOW_PRIVATE_HOSTS,
      userAgent: `NordlysNewsBot/1.0 (+${env.PUBLIC_URL})`,
    });
  // AI summaries when a provider is configured (capped per run), extractive otherwise.
  const summarizer = "summarizer" in options ? options.summarizer : createAiSummarizer();
  const retentionStart = new Date(now().getTime() - env.NEWS_RETENTION_DAYS * 86_400_000);

  const hostLimits = new Map<string, ReturnType<typeof pLimit>>();
  const perHost = <T>(url: string, task: () => Promise<T>): Promise<T> => {
    const host = hostOf(url);
    let limit = hostLimits.get(host);
    if (!limit) hostLimits.set(host, (limit = pLimit(1)));
    return limit(task);
  };
  /** Keys claimed during this run, so two feeds carrying the same story insert it once. */
  const claimedKeys = new Set<string>();

  const report: RefreshReport = { feeds: 0, fetched: 0, notModified: 0, skipped: 0, failed: 0, added: 0, durationMs: 0 };
  try {
    const rows = await upsertFeeds(feedSources);
    report.feeds = rows.length;
    const limit = pLimit(FEED_POLICY.concurrency);
    await Promise.all(
      rows.map((row) =>
        limit(async () => {
          const outcome = await refreshFeed(row).catch((error: unknown) => {
            logger.error({ err: error, feed: row.url }, "News refresh: unexpected error in a feed");
            return { outcome: "failed" as const, added: 0 };
          });
          report.added += outcome.added;
          if (outcome.outcome !== "skipped") feedFetches.inc({ outcome: outcome.outcome });
          if (outcome.outcome === "fetched") report.fetched++;
          else if (outcome.outcome === "not-modified") report.notModified++;
          else if (outcome.outcome === "skipped") report.skipped++;
          else report.failed++;
        }),
      ),
    );
  } finally {
    if (!options.fetcher) await fetcher.close().catch(() => undefined);
  }
  report.durationMs = Date.now() - started;
  return report;

  async function refreshFeed(feed: FeedRow): Promise<{ outcome: FeedOutcome; added: number }> {
    const db = getDb();
    const at = now();
    if (feed.disabledAt && at.getTime() - feed.disabledAt.getTime() < FEED_POLICY.disabledProbeHours * 3_600_000) {
      return { outcome: "skipped", added: 0 };
    }
    if (feed.backoffUntil && feed.backoffUntil > at && !feed.disabledAt) return { outcome: "skipped", added: 0 };

    let result;
    try {
      result = await perHost(feed.url, () => fetcher.get(feed.url, { etag: feed.etag, lastModified: feed.lastModified }));
    } catch (error) {
      await recordFailure(feed, error);
      return { outcome: "failed", added: 0 };
    }

    const success = {
      lastFetchedAt: at,
      lastSuccessAt: at,
      lastStatus: result.status,
      consecutiveFailures: 0,
      backoffUntil: null,
      disabledAt: null,
      lastError: null,
      etag: result.etag,
      lastModified: result.lastModified,
    };
    if (feed.disabledAt) logger.warn({ feed: feed.url }, "News feed answered again: re-enabled");
    if (result.status === 304) {
      await db.update(newsFeeds).set(success).where(eq(newsFeeds.id, feed.id));
      return { outcome: "not-modified", added: 0 };
    }

    let parsed;
    try {
      parsed = parseFeedDocument(result.body, result.url);
    } catch (error) {
      // Forget the validators: the next run must fetch the document again.
      await recordFailure({ ...feed, etag: null, lastModified: null }, error);
      return { outcome: "failed", added: 0 };
    }
    const source = configuredNames.get(feed.url) ?? parsed.title ?? feed.title ?? hostOf(feed.url).replace(/^www\./, "");
    await db
      .update(newsFeeds)
      .set({ ...success, title: source })
      .where(eq(newsFeeds.id, feed.id));

    const added = await storeItems(feed, source, parsed.items, result.url);
    return { outcome: "fetched", added };
  }

  async function recordFailure(feed: FeedRow, error: unknown): Promise<void> {
    const failures = feed.consecutiveFailures + 1;
    const fetchError = error instanceof FetchError ? error : undefined;
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    const at = now();
    const disable = failures >= FEED_POLICY.disableAfterFailures;
    await getDb()
      .update(newsFeeds)
      .set({
        lastFetchedAt: at,
        lastStatus: fetchError?.details.status ?? null,
        consecutiveFailures: failures,
        backoffUntil: new Date(at.getTime() + backoffMinutes(failures, fetchError?.details.retryAfterSeconds) * 60_000),
        // A failed probe of a disabled feed starts its quiet day again.
        disabledAt: disable ? at : null,
        lastError: message,
        etag: feed.etag,
        lastModified: feed.lastModified,
      })
      .where(eq(newsFeeds.id, feed.id));
    if (disable && !feed.disabledAt) {
      logger.error(
        { feed: feed.url, failures, lastError: message },
        "News feed disabled after repeated failures; it is probed again once a day",
      );
    } else {
      logger.warn({ feed: feed.url, failures, kind: fetchError?.kind, err: message }, "News feed fetch failed");
    }
  }

  async function storeItems(feed: FeedRow, source: string, items: ParsedItem[], feedUrl: string): Promise<number> {
    const db = getDb();
    const at = now();
    type Candidate = { item: ParsedItem; link: string | null; urlKey: string | null; tKey: string; publishedAt: Date };
    const candidates: Candidate[] = [];
    for (const item of items) {
      const tKey = titleKey(item.title);
      if (!tKey) continue;
      const link = item.link ? cleanLink(item.link) : null;
      const publishedAt = item.publishedAt && item.publishedAt < at ? item.publishedAt : at;
      if (publishedAt < retentionStart) continue; // it would be pruned, then fetched again
      candidates.push({ item, link, urlKey: link ? canonicalUrlKey(link) : null, tKey, publishedAt });
    }
    if (candidates.length === 0) return 0;

    const urlKeys = candidates.flatMap((c) => (c.urlKey ? [c.urlKey] : []));
    const existing = await db
      .select({ canonicalUrl: aiNews.canonicalUrl, titleKey: aiNews.titleKey })
      .from(aiNews)
      .where(
        or(
          urlKeys.length ? inArray(aiNews.canonicalUrl, urlKeys) : sql`false`,
          inArray(aiNews.titleKey, candidates.map((c) => c.tKey)),
        ),
      );
    const known = new Set(existing.flatMap((row) => [row.canonicalUrl, row.titleKey].filter((v): v is string => !!v)));

    const fresh = candidates.filter((c) => {
      const keys = [c.urlKey ? `u:${c.urlKey}` : null, `t:${c.tKey}`].filter((k): k is string => !!k);
      if ((c.urlKey && known.has(c.urlKey)) || known.has(c.tKey) || keys.some((k) => claimedKeys.has(k))) return false;
      for (const key of keys) claimedKeys.add(key);
      return true;
    });

    let articleFetches = 0;
    const stories: NewStory[] = [];
    for (const candidate of fresh) {
      const { item, link } = candidate;
      const base = link ?? feedUrl;
      let fullHtml = item.contentHtml ? sanitizeArticleHtml(item.contentHtml, base) : "";
      // Text extraction skips scripts and markup itself; the teaser is sanitised only if it is shown.
      const teaserText = item.teaserHtml ? htmlToText(item.teaserHtml) : "";
      if (!fullHtml && link && teaserText.length < FEED_POLICY.teaserIsShortBelow && articleFetches < FEED_POLICY.articleFetchesPerFeed) {
        articleFetches++;
        try {
          const page = await perHost(link, () => fetcher.get(link, { accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.5" }));
          if (page.status === 200 && /html|xml/i.test(page.contentType || "text/html")) {
            fullHtml = extractArticle(page.body, page.url)?.html ?? "";
          }
        } catch (error) {
          logger.info({ url: link, err: (error as Error).message }, "News: article page not extracted; using the teaser");
        }
      }
      if (!fullHtml && item.teaserHtml) fullHtml = sanitizeArticleHtml(item.teaserHtml, base);
      const fullText = htmlToText(fullHtml);
      const summary = await summarizeStory(
        { title: item.title, text: teaserText || fullText, source },
        { summarizer },
      );
      stories.push({
        title: item.title.slice(0, 500),
        summary,
        fullContent: fullHtml,
        source,
        sourceUrl: link,
        publishedAt: candidate.publishedAt,
        feedId: feed.id,
        canonicalUrl: candidate.urlKey,
        titleKey: candidate.tKey,
      });
    }
    if (stories.length === 0) return 0;
    // Another instance may have stored the same story meanwhile: the unique keys settle it.
    const inserted = await db.insert(aiNews).values(stories).onConflictDoNothing().returning({ id: aiNews.id });
    return inserted.length;
  }
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

export async function readRefreshState(): Promise<{ running: boolean; lastFinishedAt: Date | null }> {
  const [row] = await getDb()
    .select({
      running: sql<boolean>`coalesce(${newsRefreshState.leaseUntil} > now(), false)`,
      lastFinishedAt: newsRefreshState.lastFinishedAt,
    })
    .from(newsRefreshState)
    .where(eq(newsRefreshState.id, 1));
  return { running: row?.running ?? false, lastFinishedAt: row?.lastFinishedAt ?? null };
}

/**
 * A refresh that runs only if no other one is running anywhere (lease in the
 * database). Returns null when it did not run.
 */
export async function refreshNews(
  options: RefreshOptions & { minIntervalMinutes?: number; notFinishedSince?: Date } = {},
): Promise<RefreshReport | null> {
  if (!(await claimRefreshLease(options.minIntervalMinutes, options.notFinishedSince))) return null;
  try {
    const report = await runNewsRefresh(options);
    logger.info(report, "News refresh done");
    if (report.added > 0) notifyNewsChanged();
    return report;
  } finally {
    await releaseRefreshLease().catch((error: unknown) => logger.error({ err: error }, "News refresh: cannot release the lease"));
  }
}
