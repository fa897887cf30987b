import { date, primaryKey, pgTable, text } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { deletedWith, timestamptz } from "./columns";

/**
 * The morning digest sent to each admin, one row per admin and day (in DIGEST_TIME_ZONE): the row
 * is inserted in the transaction that queues the mail, so with several instances, or a run retried
 * after a crash, an admin still gets one digest a day (docs/inbox.md, "Morning digest").
 */
export const inboxDigests = pgTable(
  "inbox_digests",
  {
    day: date("day", { mode: "string" }).notNull(),
    userId: deletedWith(text("user_id").notNull(), () => users.id),
    sentAt: timestamptz("sent_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.day, t.userId] })],
);
