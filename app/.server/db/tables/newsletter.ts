import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, deletedWith, timestamptz } from "./columns";
import { people } from "./inbox";

/** Newsletter subscribers (docs/product.md#data; double opt-in: docs/product.md#newsletter). */
export const newsletterSubscriptions = pgTable(
  "newsletter_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    confirmed: boolean("confirmed").notNull().default(false),
    confirmedAt: timestamptz("confirmed_at"),
    unsubscribedAt: timestamptz("unsubscribed_at"),
    /** Set when the receiving server refused the address permanently (SMTP 5xx); excluded from sending. */
    bouncedAt: timestamptz("bounced_at"),
    source: text("source").notNull().default("home"),
    /** The person this row belongs to, set by a trigger from the address (docs/inbox.md): never null. */
    personId: deletedWith(uuid("person_id"), () => people.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("newsletter_subscriptions_email_lower_idx").on(sql`lower(${t.email})`),
    index("newsletter_subscriptions_person_idx").on(t.personId),
    check("newsletter_subscriptions_person_check", sql`${t.personId} is not null`),
  ],
);
