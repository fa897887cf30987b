import { sql } from "drizzle-orm";
import {
  bigserial,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { aiNews } from "./news";
import { newsletterSubscriptions } from "./newsletter";

export type NewsletterIssueStatus = "sending" | "paused" | "sent";

/** What an issue said about one story (kept with the issue: the news table may be pruned). */
export type NewsletterIssueStory = { id: string; title: string; summary: string; source: string; url: string };

/**
 * One daily newsletter issue per UTC day. The rendered HTML and text are kept
 * with the issue, with a placeholder where each recipient's unsubscribe link
 * goes, so every instance and every resumed run sends the very same issue.
 */
export const newsletterIssues = pgTable(
  "newsletter_issues",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The UTC day this issue belongs to. */
    issueDate: date("issue_date", { mode: "string" }).notNull(),
    status: text("status").$type<NewsletterIssueStatus>().notNull().default("sending"),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    stories: jsonb("stories").$type<NewsletterIssueStory[]>().notNull(),
    /** Why the last run stopped early (a run of SMTP failures). */
    pauseReason: text("pause_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("newsletter_issues_issue_date_idx").on(t.issueDate)],
);

/**
 * Which stories went out in which issue. A story appears in at most one issue
 * (unique news_id), so "not sent in an earlier issue" holds by construction.
 */
export const newsletterIssueStories = pgTable(
  "newsletter_issue_stories",
  {
    issueId: uuid("issue_id")
      .notNull()
      .references(() => newsletterIssues.id, { onDelete: "cascade" }),
    newsId: uuid("news_id")
      .notNull()
      .references(() => aiNews.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
  },
  (t) => [primaryKey({ columns: [t.issueId, t.newsId] }), uniqueIndex("newsletter_issue_stories_news_id_idx").on(t.newsId)],
);

export type NewsletterDeliveryStatus = "pending" | "sent" | "failed" | "bounced" | "skipped";

/**
 * One row per (issue, subscriber): the unit of exactly-once sending. A worker
 * holds the row lock (FOR UPDATE SKIP LOCKED) while it sends the message and
 * commits `sent` in the same transaction, so no two workers send it and a
 * crashed worker's rows go back to `pending` by themselves.
 */
export const newsletterDeliveries = pgTable(
  "newsletter_deliveries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    issueId: uuid("issue_id")
      .notNull()
      .references(() => newsletterIssues.id, { onDelete: "cascade" }),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => newsletterSubscriptions.id, { onDelete: "cascade" }),
    status: text("status").$type<NewsletterDeliveryStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("newsletter_deliveries_issue_subscription_idx").on(t.issueId, t.subscriptionId),
    // The send loop's queue: pending rows of one issue, in id order.
    index("newsletter_deliveries_pending_idx")
      .on(t.issueId, t.id)
      .where(sql`${t.status} = 'pending'`),
    index("newsletter_deliveries_subscription_idx").on(t.subscriptionId),
    check("newsletter_deliveries_status_check", sql`${t.status} in ('pending', 'sent', 'failed', 'bounced', 'skipped')`),
  ],
);
