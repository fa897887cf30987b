import { date, primaryKey, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth";

/**
 * The morning digest sent to each admin, one row per admin and day (in DIGEST_TIME_ZONE): the row
 * is inserted in the transaction that queues the mail, so with several instances, or a run retried
 * after a crash, an admin still gets one digest a day (docs/inbox.md, "Morning digest").
 */
export const inboxDigests = pgTable(
  "inbox_digests",
  {
    day: date("day", { mode: "string" }).notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.day, t.userId] })],
);
