import { sql } from "drizzle-orm";
import { getDb } from "~/.server/db/client";
import { defineJob } from "~/.server/jobs";
import { getEnv } from "~/.server/env";
import { logger } from "~/.server/logger";
import { resumeUnfinishedIssue } from "./resume-unfinished-issue.server";
import { sendDailyIssue } from "./send-daily-issue.server";
import { isIssueBeingSent } from "./sender-presence.server";

/**
 * The daily issue at 08:00 UTC (docs/product.md#limits-and-constants). pg-boss keeps the schedule
 * in the database, so with several instances it runs once. A run that ends
 * with messages still waiting (paused after SMTP failures, or transient
 * failures to try again) throws, and pg-boss retries it: 10, 20, 40 minutes,
 * then hourly, about four hours in all, well within the same UTC day.
 */
export const newsletterDailyJob = defineJob({
  name: "newsletter-daily",
  schedule: "0 8 * * *",
  queue: {
    retryLimit: 6,
    retryDelay: 600,
    retryBackoff: true,
    retryDelayMax: 3600,
    // A big list at a polite rate takes a while; a second, overlapping run would be harmless anyway.
    expireInSeconds: 4 * 3600,
  },
  handler: async () => {
    const result = await sendDailyIssue();
    // Another run (another instance's job, the admin's button) is still sending the rest: it
    // finishes the issue, or the watchdog below resumes it if that run dies.
    if (result.status === "sending" && (await isIssueBeingSent(result.issueDate))) return result;
    if (result.status === "paused" || result.status === "sending") throw new Error(result.message);
    return result;
  },
});

/**
 * The watchdog: every instance checks every NEWSLETTER_RESUME_CHECK_SECONDS
 * (30 by default) whether today's issue was left unfinished by a sender that
 * died, and resumes it (docs/decisions/0090). A local timer rather than a
 * cron schedule, whose grain is a minute; the check is one indexed select.
 */
export const newsletterResumeJob = defineJob({
  name: "newsletter-resume",
  localEverySeconds: () => getEnv().NEWSLETTER_RESUME_CHECK_SECONDS,
  handler: async () => {
    const result = await resumeUnfinishedIssue();
    if (result) logger.info({ ...result }, "Newsletter issue resumed");
    return result;
  },
});

/** How long data is kept that no longer serves its purpose (docs/newsletter.md, "Privacy"). */
export const RETENTION = { unconfirmedDays: 30, deliveryDays: 90 } as const;

/**
 * Daily clean-up: sign-ups nobody confirmed within 30 days are deleted (the
 * address owner never agreed), and per-recipient delivery rows of issues
 * older than 90 days are deleted (issues keep their content, not who got them).
 */
export async function pruneNewsletterData(now = new Date()): Promise<{ unconfirmed: number; deliveries: number }> {
  const db = getDb();
  const unconfirmedBefore = new Date(now.getTime() - RETENTION.unconfirmedDays * 24 * 3600 * 1000);
  const deliveriesBefore = new Date(now.getTime() - RETENTION.deliveryDays * 24 * 3600 * 1000);
  const unconfirmed = await db.execute(sql`
    delete from newsletter_subscriptions
    where not confirmed and confirmed_at is null and unsubscribed_at is null and created_at < ${unconfirmedBefore}`);
  const deliveries = await db.execute(sql`
    delete from newsletter_deliveries d using newsletter_issues i
    where d.issue_id = i.id and i.created_at < ${deliveriesBefore}`);
  return { unconfirmed: unconfirmed.rowCount ?? 0, deliveries: deliveries.rowCount ?? 0 };
}

export const newsletterPruneJob = defineJob({
  name: "newsletter-prune",
  schedule: "40 3 * * *",
  handler: async () => {
    const removed = await pruneNewsletterData();
    logger.info(removed, "Newsletter data pruned");
  },
});
