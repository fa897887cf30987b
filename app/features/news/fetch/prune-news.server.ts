import { lt } from "drizzle-orm";
import { getDb } from "~/.server/db/client";
import { aiNews } from "~/.server/db/tables";
import { getEnv } from "~/.server/env";
import { notifyNewsChanged } from "~/.server/page-cache-events";

/** Deletes stories published more than NEWS_RETENTION_DAYS (default 30) days ago. Returns how many. */
export async function pruneOldNews(now = new Date(), retentionDays = getEnv().NEWS_RETENTION_DAYS): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
  const deleted = await getDb().delete(aiNews).where(lt(aiNews.publishedAt, cutoff)).returning({ id: aiNews.id });
  if (deleted.length > 0) notifyNewsChanged();
  return deleted.length;
}
