import { sql } from "drizzle-orm";
import { getDb } from "~/.server/db/client";
import type { NewsletterIssueStatus } from "~/.server/db/tables";

export type IssueSummary = {
  issueDate: string;
  status: NewsletterIssueStatus;
  subject: string;
  stories: number;
  sent: number;
  failed: number;
  bounced: number;
  pending: number;
  completedAt: string | null;
};

/** The newest issues with their delivery counts, for the admin history. */
export async function listNewsletterIssues(limit = 30): Promise<IssueSummary[]> {
  const result = await getDb().execute<IssueSummary>(sql`
    select to_char(i.issue_date, 'YYYY-MM-DD') as "issueDate", i.status, i.subject,
      jsonb_array_length(i.stories)::int as stories,
      count(d.id) filter (where d.status = 'sent')::int as sent,
      count(d.id) filter (where d.status = 'failed')::int as failed,
      count(d.id) filter (where d.status = 'bounced')::int as bounced,
      count(d.id) filter (where d.status = 'pending')::int as pending,
      to_char(i.completed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "completedAt"
    from newsletter_issues i
    left join newsletter_deliveries d on d.issue_id = i.id
    group by i.id
    order by i.issue_date desc
    limit ${limit}`);
  return result.rows;
}

export type IssueOutcome = {
  issueDate: string;
  subject: string;
  status: NewsletterIssueStatus;
  delivered: number;
  bounced: number;
  failed: number;
  /** Recipients of this issue who unsubscribed after it was sent and before the next issue. */
  unsubscribed: number;
};

/**
 * Issues from `fromDay` on, oldest first, with what became of them: delivered, bounced and
 * failed messages, and how many of the issue's recipients unsubscribed before the next one
 * (the analytics dashboard).
 */
export async function listIssueOutcomes(fromDay: string): Promise<IssueOutcome[]> {
  const result = await getDb().execute<IssueOutcome>(sql`
    with issues as (
      select i.id, i.issue_date, i.subject, i.status,
        lead(i.created_at) over (order by i.issue_date) as next_created_at
      from newsletter_issues i
    )
    select to_char(i.issue_date, 'YYYY-MM-DD') as "issueDate", i.subject, i.status,
      count(*) filter (where d.status = 'sent')::int as delivered,
      count(*) filter (where d.status = 'bounced')::int as bounced,
      count(*) filter (where d.status = 'failed')::int as failed,
      count(*) filter (
        where d.status = 'sent' and s.unsubscribed_at >= d.sent_at
          and (i.next_created_at is null or s.unsubscribed_at < i.next_created_at)
      )::int as unsubscribed
    from issues i
    left join newsletter_deliveries d on d.issue_id = i.id
    left join newsletter_subscriptions s on s.id = d.subscription_id
    where i.issue_date >= ${fromDay}::date
    group by i.id, i.issue_date, i.subject, i.status
    order by i.issue_date`);
  return result.rows;
}
