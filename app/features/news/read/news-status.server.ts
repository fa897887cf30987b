import { count, isNotNull } from "drizzle-orm";
import { getDb } from "~/.server/db/client";
import { aiNews, newsFeeds } from "~/.server/db/tables";

export type NewsStatus = {
  /** Stories stored (what the hub shows). */
  stories: number;
  /** Feeds known so far (they are added by the first refresh). */
  feeds: number;
  /** Feeds that answered at least once. */
  reachedFeeds: number;
};

/** How much news the hub has, for the start-up summary (server/startup-summary.ts). */
export async function readNewsStatus(): Promise<NewsStatus> {
  const db = getDb();
  const [[stories], [feeds], [reached]] = await Promise.all([
    db.select({ n: count() }).from(aiNews),
    db.select({ n: count() }).from(newsFeeds),
    db.select({ n: count() }).from(newsFeeds).where(isNotNull(newsFeeds.lastSuccessAt)),
  ]);
  return { stories: stories?.n ?? 0, feeds: feeds?.n ?? 0, reachedFeeds: reached?.n ?? 0 };
}
