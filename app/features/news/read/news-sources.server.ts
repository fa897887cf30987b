import { inArray } from "drizzle-orm";
import { getDb } from "~/.server/db/client";
import { newsFeeds } from "~/.server/db/tables";
import { getEnv } from "~/.server/env";
import { configuredFeeds } from "../fetch/feed-list.server";
import { FEED_POLICY } from "../fetch/feed-policy";
import { readRefreshState } from "../fetch/refresh-news.server";
import type { NewsSources } from "../schema";

/**
 * What the news pages tell visitors about the sources: when they were last
 * asked, whether any answered, and when the schedule asks them next
 * (docs/news.md, "Empty and degraded states"). Read from news_feeds, the same
 * rows /admin/feeds shows.
 */

/** The scheduled refresh runs at :00 and :30 UTC (news-jobs.server.ts). */
const SLOT_MS = 30 * 60_000;

export type FeedSnapshot = {
  lastFetchedAt: Date | null;
  lastSuccessAt: Date | null;
  consecutiveFailures: number;
  backoffUntil: Date | null;
  disabledAt: Date | null;
};

const latest = (dates: (Date | null)[]): string | null => {
  const times = dates.filter((date): date is Date => date !== null).map((date) => date.getTime());
  return times.length ? new Date(Math.max(...times)).toISOString() : null;
};

/** The first time a scheduled run will not skip this feed (it skips feeds backing off or disabled). */
function askableFrom(feed: FeedSnapshot, now: Date): number {
  if (feed.disabledAt) return feed.disabledAt.getTime() + FEED_POLICY.disabledProbeHours * 3_600_000;
  return feed.backoffUntil && feed.backoffUntil > now ? feed.backoffUntil.getTime() : now.getTime();
}

/** The first :00/:30 slot after `now` at which some feed will be asked; null without a schedule or feeds. */
export function nextScheduledTry(feeds: FeedSnapshot[], now: Date, hasSchedule: boolean): string | null {
  if (!hasSchedule || feeds.length === 0) return null;
  const earliest = Math.min(...feeds.map((feed) => askableFrom(feed, now)));
  const nextSlot = (Math.floor(now.getTime() / SLOT_MS) + 1) * SLOT_MS;
  return new Date(Math.max(nextSlot, Math.ceil(earliest / SLOT_MS) * SLOT_MS)).toISOString();
}

export function describeSources(feeds: FeedSnapshot[], options: { now: Date; isChecking: boolean; hasSchedule: boolean }): NewsSources {
  return {
    total: feeds.length,
    answering: feeds.filter((feed) => !feed.disabledAt && feed.consecutiveFailures === 0 && feed.lastSuccessAt !== null).length,
    lastTriedAt: latest(feeds.map((feed) => feed.lastFetchedAt)),
    lastAnsweredAt: latest(feeds.map((feed) => feed.lastSuccessAt)),
    nextTryAt: nextScheduledTry(feeds, options.now, options.hasSchedule),
    isChecking: options.isChecking,
  };
}

/** The configured feeds' state (a feed never asked yet counts, with no times). */
export async function readNewsSources(now = new Date()): Promise<NewsSources> {
  const urls = configuredFeeds().map((feed) => feed.url);
  const [rows, refresh] = await Promise.all([
    urls.length
      ? getDb()
          .select({
            url: newsFeeds.url,
            lastFetchedAt: newsFeeds.lastFetchedAt,
            lastSuccessAt: newsFeeds.lastSuccessAt,
            consecutiveFailures: newsFeeds.consecutiveFailures,
            backoffUntil: newsFeeds.backoffUntil,
            disabledAt: newsFeeds.disabledAt,
          })
          .from(newsFeeds)
          .where(inArray(newsFeeds.url, urls))
      : Promise.resolve([]),
    readRefreshState(),
  ]);
  const known = new Map(rows.map((row) => [row.url, row]));
  const feeds = urls.map(
    (url): FeedSnapshot =>
      known.get(url) ?? { lastFetchedAt: null, lastSuccessAt: null, consecutiveFailures: 0, backoffUntil: null, disabledAt: null },
  );
  return describeSources(feeds, { now, isChecking: refresh.running, hasSchedule: getEnv().JOB_SCHEDULES });
}
