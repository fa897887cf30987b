import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { people } from "./inbox";

/** Newsletter subscribers (docs/product.md#data; double opt-in: docs/product.md#newsletter). */
export const newsletterSubscriptions = pgTable(
  "newsletter_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    confirmed: boolean("confirmed").notNull().default(false),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    /** Set when the receiving server refused the address permanently (SMTP 5xx); excluded from sending. */
    bouncedAt: timestamp("bounced_at", { withTimezone: true }),
    source: text("source").notNull().default("home"),
    /** The person this row belongs to, set by a trigger from the address (docs/inbox.md): never null. */
    personId: uuid("person_id").references(() => people.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("newsletter_subscriptions_email_lower_idx").on(sql`lower(${t.email})`),
    index("newsletter_subscriptions_person_idx").on(t.personId),
    check("newsletter_subscriptions_person_check", sql`${t.personId} is not null`),
  ],
);
