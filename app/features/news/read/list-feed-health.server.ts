import { asc } from "drizzle-orm";
import { getDb } from "~/.server/db/client";
import { newsFeeds } from "~/.server/db/tables";
import { configuredFeeds } from "../fetch/feed-list.server";

/**
 * Every feed with its fetch state, for an admin view: a disabled feed
 * (disabledAt set) has failed repeatedly and is only probed once a day; a
 * feed with itemsRefused > 0 answered, but the database refused some of the
 * items of its last full fetch (itemsRefusedNote says which and why).
 */
export async function listFeedHealth() {
  return getDb()
    .select({
      url: newsFeeds.url,
      title: newsFeeds.title,
      lastFetchedAt: newsFeeds.lastFetchedAt,
      lastSuccessAt: newsFeeds.lastSuccessAt,
      lastStatus: newsFeeds.lastStatus,
      consecutiveFailures: newsFeeds.consecutiveFailures,
      backoffUntil: newsFeeds.backoffUntil,
      disabledAt: newsFeeds.disabledAt,
      lastError: newsFeeds.lastError,
      itemsRefused: newsFeeds.itemsRefused,
      itemsRefusedNote: newsFeeds.itemsRefusedNote,
    })
    .from(newsFeeds)
    .orderBy(asc(newsFeeds.url));
}

export type FeedHealthRow = Awaited<ReturnType<typeof listFeedHealth>>[number];

const NEVER_FETCHED = {
  title: null,
  lastFetchedAt: null,
  lastSuccessAt: null,
  lastStatus: null,
  consecutiveFailures: 0,
  backoffUntil: null,
  disabledAt: null,
  lastError: null,
  itemsRefused: 0,
  itemsRefusedNote: null,
} satisfies Omit<FeedHealthRow, "url">;

/**
 * /admin/feeds: the feeds the hub reads now (NEWS_FEEDS or the built-in list), in their configured
 * order, each with its state (a feed not fetched yet has none), and apart the feeds the database
 * still has from an earlier configuration ("No longer configured"), which no refresh asks.
 */
export async function listFeedsForAdmin(): Promise<{ configured: FeedHealthRow[]; earlier: FeedHealthRow[] }> {
  const rows = await listFeedHealth();
  const known = new Map(rows.map((row) => [row.url, row]));
  const configured = configuredFeeds().map(
    (feed): FeedHealthRow => known.get(feed.url) ?? { url: feed.url, ...NEVER_FETCHED, title: feed.name ?? null },
  );
  const configuredUrls = new Set(configured.map((feed) => feed.url));
  return { configured, earlier: rows.filter((row) => !configuredUrls.has(row.url)) };
}
