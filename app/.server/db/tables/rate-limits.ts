import { bigint, index, integer, pgTable, varchar } from "drizzle-orm/pg-core";

/**
 * Counters of rate-limiter-flexible's PostgreSQL store (its own column
 * layout), shared by every instance so a limit holds across all of them.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: varchar("key", { length: 255 }).primaryKey(),
    points: integer("points").notNull().default(0),
    expire: bigint("expire", { mode: "number" }),
  },
  (t) => [index("rate_limits_expire_idx").on(t.expire)],
);
