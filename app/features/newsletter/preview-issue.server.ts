import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { getDb } from "~/.server/db/client";
import { newsletterIssues } from "~/.server/db/tables";
import { getEnv } from "~/.server/env";
import { utcDay } from "~/lib/utc-day";
import { composeDailyIssue, UNSUBSCRIBE_PLACEHOLDER } from "./build-daily-issue.server";
import { noStoriesMessage } from "./send-daily-issue.server";

/**
 * The look before "Send Newsletter Now" sends (docs/newsletter.md, "The look before sending"):
 * today's issue as it will go out (the stored issue once one exists, else the one the stories
 * would make now, stored nowhere), how many people a send would mail, and a fingerprint of the
 * issue that the confirmation carries back, so a confirmation sends only what was looked at.
 */
export type IssuePreview =
  | {
      kind: "issue";
      issueDate: string;
      subject: string;
      /** The HTML part, with the example unsubscribe link where each recipient gets their own. */
      html: string;
      /** The plain-text part, the same way. */
      text: string;
      stories: number;
      /** Confirmed, not unsubscribed, not bounced, and not mailed today's issue yet. */
      recipients: number;
      /** Active subscribers who already have today's issue (a send skips them). */
      alreadyMailed: number;
      fingerprint: string;
    }
  | { kind: "no-stories"; issueDate: string; message: string };

/** Issue bodies as previewed and test-sent: the unsubscribe link says whose it would be. */
export function withExampleLink(issue: { html: string; text: string }): { html: string; text: string } {
  const link = `${getEnv().PUBLIC_URL}/unsubscribe?token=each-recipient-gets-their-own`;
  return { html: issue.html.replaceAll(UNSUBSCRIBE_PLACEHOLDER, link), text: issue.text.replaceAll(UNSUBSCRIBE_PLACEHOLDER, link) };
}

/** What identifies an issue's content: its subject and both parts. */
export function issueFingerprint(issue: { subject: string; html: string; text: string }): string {
  return createHash("sha256").update(issue.subject).update("\0").update(issue.html).update("\0").update(issue.text).digest("base64url");
}

/** Today's issue as the send would mail it: stored, or composed now without storing. */
export async function issueToSend(now = new Date()) {
  const issueDate = utcDay(now);
  const [stored] = await getDb().select().from(newsletterIssues).where(eq(newsletterIssues.issueDate, issueDate)).limit(1);
  if (stored) return { issueDate, subject: stored.subject, html: stored.html, text: stored.text, stories: stored.stories.length };
  const composed = await composeDailyIssue(now);
  return composed ? { ...composed, stories: composed.stories.length } : null;
}

export async function previewDailyIssue(now = new Date()): Promise<IssuePreview> {
  const issue = await issueToSend(now);
  if (!issue) return { kind: "no-stories", issueDate: utcDay(now), message: await noStoriesMessage(utcDay(now)) };
  const counts = await countRecipients(issue.issueDate);
  return {
    kind: "issue",
    issueDate: issue.issueDate,
    subject: issue.subject,
    ...withExampleLink(issue),
    stories: issue.stories,
    ...counts,
    fingerprint: issueFingerprint(issue),
  };
}

/**
 * Active subscribers (confirmed, not unsubscribed, not bounced), split into those a send would
 * mail and those who already have the day's issue (delivered, bounced or failed for good).
 */
async function countRecipients(issueDate: string): Promise<{ recipients: number; alreadyMailed: number }> {
  const result = await getDb().execute<{ recipients: number; already: number }>(sql`
    with today as (select id from newsletter_issues where issue_date = ${issueDate}),
    active as (
      select s.id,
        exists (select 1 from newsletter_deliveries d where d.issue_id = (select id from today) and d.subscription_id = s.id and d.status <> 'pending') as done
      from newsletter_subscriptions s
      where s.confirmed and s.unsubscribed_at is null and s.bounced_at is null
    )
    select (count(*) filter (where not done))::int as recipients, (count(*) filter (where done))::int as already from active`);
  const row = result.rows[0];
  return { recipients: row?.recipients ?? 0, alreadyMailed: row?.already ?? 0 };
}
