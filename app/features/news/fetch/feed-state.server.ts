import { eq, sql } from "drizzle-orm";
import { getDb } from "~/.server/db/client";
import { newsFeeds } from "~/.server/db/tables";
import { logger, SUMMARISED_AT_TERMINAL } from "~/.server/logger";
import { cleanText } from "~/lib/clean-text";
import { FEED_POLICY } from "./feed-policy";
import type { FeedSource } from "./feed-list.server";
import { FetchError } from "./safe-fetch.server";
import type { StoreOutcome } from "./store-stories.server";

/**
 * What the news refresh remembers about each feed between runs (news_feeds):
 * validators for conditional GET, failures, backoff, the disabled mark, and
 * the items of the last full fetch the database refused.
 */

export type FeedRow = typeof newsFeeds.$inferSelect;

/** Upserts the configured feeds; a configured name wins over the feed's own title. */
export async function upsertFeeds(feeds: FeedSource[]): Promise<FeedRow[]> {
  if (feeds.length === 0) return [];
  return getDb()
    .insert(newsFeeds)
    .values(feeds.map((feed) => ({ url: feed.url, title: feed.name ?? null })))
    .onConflictDoUpdate({
      target: newsFeeds.url,
      set: { title: sql`coalesce(excluded.title, ${newsFeeds.title})` },
    })
    .returning();
}

function backoffMinutes(failures: number, retryAfterSeconds?: number): number {
  const exponential = Math.min(FEED_POLICY.backoffBaseMinutes * 2 ** Math.max(0, failures - 1), FEED_POLICY.backoffMaxMinutes);
  if (retryAfterSeconds === undefined) return exponential;
  return Math.min(Math.max(retryAfterSeconds / 60, 1), FEED_POLICY.backoffMaxMinutes * 2);
}

/** The feed answered: no failures, no backoff, not disabled (a disabled feed that answers is re-enabled). */
function answered(feed: FeedRow, at: Date, status: number) {
  if (feed.disabledAt) logger.warn({ feed: feed.url }, "News feed answered again: re-enabled");
  return {
    lastFetchedAt: at,
    lastSuccessAt: at,
    lastStatus: status,
    consecutiveFailures: 0,
    backoffUntil: null,
    disabledAt: null,
    lastError: null,
  };
}

/** 304: nothing new. The refused-items note of the last full fetch stays as it was. */
export async function recordNotModified(
  feed: FeedRow,
  at: Date,
  validators: { etag: string | null; lastModified: string | null },
): Promise<void> {
  await getDb()
    .update(newsFeeds)
    .set({ ...answered(feed, at, 304), etag: validators.etag, lastModified: validators.lastModified })
    .where(eq(newsFeeds.id, feed.id));
}

/** What the health view says about a full fetch with refused items: "3 new stories stored, 1 refused: ...". */
export function refusedItemsNote(outcome: StoreOutcome): string | null {
  const [first] = outcome.refused;
  if (!first) return null;
  const stored = `${outcome.stored} new ${outcome.stored === 1 ? "story" : "stories"} stored`;
  const title = first.title.length > 80 ? `${first.title.slice(0, 79)}…` : first.title;
  const more = outcome.refused.length > 1 ? ` (and ${outcome.refused.length - 1} more)` : "";
  return cleanText(`${stored}, ${outcome.refused.length} refused: "${title}": ${first.reason}${more}`).slice(0, 1000);
}

/**
 * 200, after its items were stored (or refused). The validators are saved only
 * when no item was refused for a reason that could pass next time: otherwise
 * the next run must get the whole feed again, not a 304.
 */
export async function recordFetched(
  feed: FeedRow,
  at: Date,
  fetched: { source: string; etag: string | null; lastModified: string | null },
  outcome: StoreOutcome,
): Promise<void> {
  const keepValidators = outcome.refused.every((refusal) => !refusal.mayPassLater);
  const note = refusedItemsNote(outcome);
  await getDb()
    .update(newsFeeds)
    .set({
      ...answered(feed, at, 200),
      title: cleanText(fetched.source).slice(0, 200),
      etag: keepValidators ? fetched.etag : null,
      lastModified: keepValidators ? fetched.lastModified : null,
      itemsRefused: outcome.refused.length,
      itemsRefusedNote: note,
    })
    .where(eq(newsFeeds.id, feed.id));
  if (note) logger.warn({ feed: feed.url, refused: outcome.refused.length, keepValidators, note }, "News feed: some items were refused");
}

/**
 * The fetch (or parse) failed: one more failure, a backoff (or the Retry-After
 * asked for), disabled after too many in a row. `keepValidators: false`
 * forgets them, so the next run fetches the document again.
 */
export async function recordFetchFailure(feed: FeedRow, at: Date, error: unknown, options: { keepValidators: boolean }): Promise<void> {
  const failures = feed.consecutiveFailures + 1;
  const fetchError = error instanceof FetchError ? error : undefined;
  const message = cleanText(error instanceof Error ? error.message : String(error)).slice(0, 500);
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
      ...(options.keepValidators ? {} : { etag: null, lastModified: null }),
    })
    .where(eq(newsFeeds.id, feed.id));
  if (disable && !feed.disabledAt) {
    logger.error(
      { feed: feed.url, failures, lastError: message, [SUMMARISED_AT_TERMINAL]: true },
      "News feed disabled after repeated failures; it is probed again once a day",
    );
  } else {
    logger.warn(
      { feed: feed.url, failures, kind: fetchError?.kind, err: message, [SUMMARISED_AT_TERMINAL]: true },
      "News feed fetch failed",
    );
  }
}
