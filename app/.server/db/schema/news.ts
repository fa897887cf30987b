import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** Aggregated AI news stories (SPEC section 3, "News article"). */
export const aiNews = pgTable(
  "ai_news",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    summary: text("summary").notNull(),
    fullContent: text("full_content").notNull().default(""),
    source: text("source").notNull(),
    sourceUrl: text("source_url"),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("ai_news_published_at_idx").on(t.publishedAt.desc()),
    index("ai_news_created_at_idx").on(t.createdAt.desc()),
  ],
);
