import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns";

export type MailDeliveryStatus = "queued" | "sent" | "retrying" | "failed";

/**
 * What became of each queued mail (app/.server/mail/queue.ts): queued, sent (with the mail
 * server's answer), being retried (with the last reason) or failed (permanently refused, or given
 * up after the queue's retries). Keyed by the mail's Message-ID, which the features keep with
 * their own rows (an inbox reply, a booking), so each can show its mail's fate.
 */
export const mailDeliveries = pgTable(
  "mail_deliveries",
  {
    messageId: text("message_id").primaryKey(),
    tag: text("tag").notNull(),
    /** What the mail is about, when a feature shows its mails' fate by it (`booking:<id>`). */
    ref: text("ref"),
    status: text("status").$type<MailDeliveryStatus>().notNull(),
    /** The mail server's answer ("250 2.0.0 Ok: queued as …") or why it failed. */
    detail: text("detail"),
    attempts: integer("attempts").notNull().default(0),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (t) => [index("mail_deliveries_ref_idx").on(t.ref)],
);
