import { sql } from "drizzle-orm";
import { bigserial, check, date, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, deletedWith, timestamptz } from "./columns";
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
    createdAt: createdAt(),
    completedAt: timestamptz("completed_at"),
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
    issueId: deletedWith(uuid("issue_id").notNull(), () => newsletterIssues.id),
    newsId: deletedWith(uuid("news_id").notNull(), () => aiNews.id),
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
    issueId: deletedWith(uuid("issue_id").notNull(), () => newsletterIssues.id),
    subscriptionId: deletedWith(uuid("subscription_id").notNull(), () => newsletterSubscriptions.id),
    status: text("status").$type<NewsletterDeliveryStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    lastAttemptAt: timestamptz("last_attempt_at"),
    sentAt: timestamptz("sent_at"),
    createdAt: createdAt(),
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
