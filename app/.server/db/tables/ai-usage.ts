import { bigint, date, integer, pgTable } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns";

/**
 * AI use counted per UTC day, over all visitors and instances: the requests
 * (AI_DAILY_REQUEST_BUDGET) and the tokens providers reported for the answers
 * (AI_DAILY_TOKEN_BUDGET; decision 0186). One row a day.
 */
export const aiDailyUsage = pgTable("ai_daily_usage", {
  day: date("day", { mode: "string" }).primaryKey(),
  requests: integer("requests").notNull().default(0),
  tokens: bigint("tokens", { mode: "number" }).notNull().default(0),
  updatedAt: timestamptz("updated_at").notNull().defaultNow(),
});
