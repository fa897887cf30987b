import { asc } from "drizzle-orm";
import { getDb } from "~/.server/db/client";
import { newsFeeds } from "~/.server/db/schema";

/**
 * Every feed with its fetch state, for an admin view: a disabled feed
 * (disabledAt set) has failed repeatedly and is only probed once a day.
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
    })
    .from(newsFeeds)
    .orderBy(asc(newsFeeds.url));
}
