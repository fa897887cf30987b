import { desc, eq } from "drizzle-orm";
import { getDb } from "~/.server/db/client";
import { aiNews } from "~/.server/db/tables";
import { NEWS_LIMITS, type NewsArticle, type NewsListItem } from "../schema";

/** Stored stories, as the pages and the API show them (docs/product.md#json-api's table reads). */

type Row = typeof aiNews.$inferSelect;

export function toArticle(row: Row): NewsArticle {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    fullContent: row.fullContent,
    source: row.source,
    sourceUrl: row.sourceUrl,
    publishedAt: row.publishedAt.toISOString(),
  };
}

/** A story without its full text, as the pages' lists send it to the browser. */
export function toListItem({ fullContent: _fullContent, ...item }: NewsArticle): NewsListItem {
  return item;
}

/** Home: the newest stored rows by created_at (limit 10). */
export async function listNewsForHome(limit: number = NEWS_LIMITS.homeCacheRead): Promise<NewsArticle[]> {
  const rows = await getDb().select().from(aiNews).orderBy(desc(aiNews.createdAt), desc(aiNews.publishedAt)).limit(limit);
  return rows.map(toArticle);
}

/** /ai-news and the API: the newest stories by published_at (limit 20). */
export async function listLatestNews(limit: number = NEWS_LIMITS.hubCacheRead): Promise<NewsArticle[]> {
  const rows = await getDb().select().from(aiNews).orderBy(desc(aiNews.publishedAt), desc(aiNews.createdAt)).limit(limit);
  return rows.map(toArticle);
}

/** One story by id; null for an unknown or malformed id. */
export async function getNewsArticle(id: string): Promise<NewsArticle | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  const [row] = await getDb().select().from(aiNews).where(eq(aiNews.id, id)).limit(1);
  return row ? toArticle(row) : null;
}
