import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, timestamptz } from "./columns";

/**
 * Feeds the news refresh reads, with what politeness needs between runs:
 * validators for conditional GET, failures, backoff and the disabled mark.
 * Rows are upserted from the configured feed list (NEWS_FEEDS or the defaults).
 */
export const newsFeeds = pgTable("news_feeds", {
  id: uuid("id").primaryKey().defaultRandom(),
  url: text("url").notNull().unique(),
  /** Source name shown on cards: the configured name, else the feed's own title. */
  title: text("title"),
  etag: text("etag"),
  lastModified: text("last_modified"),
  lastFetchedAt: timestamptz("last_fetched_at"),
  lastSuccessAt: timestamptz("last_success_at"),
  lastStatus: integer("last_status"),
  consecutiveFailures: integer("consecutive_failures").notNull().default(0),
  backoffUntil: timestamptz("backoff_until"),
  disabledAt: timestamptz("disabled_at"),
  lastError: text("last_error"),
  /**
   * Items of the last full fetch (200) that the database refused (docs/news.md,
   * "One bad item"), and what happened: "3 new stories stored, 1 refused: ...".
   * Kept through 304s; the next full fetch sets them again.
   */
  itemsRefused: integer("items_refused").notNull().default(0),
  itemsRefusedNote: text("items_refused_note"),
  createdAt: createdAt(),
});

/** Aggregated AI news stories (docs/product.md#data, "News article"). */
export const aiNews = pgTable(
  "ai_news",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    summary: text("summary").notNull(),
    fullContent: text("full_content").notNull().default(""),
    source: text("source").notNull(),
    sourceUrl: text("source_url"),
    publishedAt: timestamptz("published_at").notNull(),
    createdAt: createdAt(),
    /** The feed the story came from (null once the feed is removed). */
    feedId: uuid("feed_id").references(() => newsFeeds.id, { onDelete: "set null" }),
    /** sourceUrl without tracking parameters and fragment: the first de-duplication key. */
    canonicalUrl: text("canonical_url"),
    /**
     * Lower-cased title without punctuation: the second de-duplication key.
     * Nullable so rows written by other code (seeds, tests) need not compute it.
     */
    titleKey: text("title_key"),
  },
  (t) => [
    index("ai_news_published_at_idx").on(t.publishedAt.desc()),
    index("ai_news_created_at_idx").on(t.createdAt.desc()),
    uniqueIndex("ai_news_canonical_url_key").on(t.canonicalUrl),
    uniqueIndex("ai_news_title_key_key").on(t.titleKey),
  ],
);

/**
 * One row (id 1) coordinating refreshes across instances: a lease so only one
 * refresh runs at a time, and the start time of the last upstream refresh so a
 * visitor's forced refresh reaches the sources at most once per 5 minutes.
 */
export const newsRefreshState = pgTable(
  "news_refresh_state",
  {
    id: integer("id").primaryKey().default(1),
    leaseUntil: timestamptz("lease_until"),
    lastStartedAt: timestamptz("last_started_at"),
    lastFinishedAt: timestamptz("last_finished_at"),
  },
  (t) => [check("news_refresh_state_single_row", sql`${t.id} = 1`)],
);
