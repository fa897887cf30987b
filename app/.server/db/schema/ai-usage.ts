import { date, integer, pgTable, timestamp } from "drizzle-orm/pg-core";

/**
 * AI endpoint requests counted per UTC day, over all visitors and instances:
 * the global daily budget (AI_DAILY_REQUEST_BUDGET). One row a day.
 */
export const aiDailyUsage = pgTable("ai_daily_usage", {
  day: date("day", { mode: "string" }).primaryKey(),
  requests: integer("requests").notNull().default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
