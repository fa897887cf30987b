import { asc } from "drizzle-orm";
import { getDb } from "~/.server/db/client";
import { newsFeeds } from "~/.server/db/schema";

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
