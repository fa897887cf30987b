import { sql } from "drizzle-orm";
import { getDb } from "~/.server/db/client";
import type { NewsletterIssueStatus } from "~/.server/db/tables";
import { utcDay } from "~/lib/utc-day";

/** The window the sending rate is measured over. */
export const RATE_WINDOW_SECONDS = 30;

export type SendProgress = {
  issueDate: string;
  status: NewsletterIssueStatus;
  /** Recipients of the issue (its delivery rows), and how many of them are done. */
  total: number;
  sent: number;
  failed: number;
  bounced: number;
  skipped: number;
  pending: number;
  /** Messages a second over the last 30 s; null before the first message of the window. */
  ratePerSecond: number | null;
  /** At that rate; null when there is no rate or nothing is left. */
  secondsLeft: number | null;
};

/**
 * How far today's issue has got, for the live progress on /admin/newsletter: the delivery rows
 * (all recipients are listed when the run starts), the rate of the last 30 seconds and the
 * time left at that rate. Null when there is no issue today.
 */
export async function getSendProgress(now = new Date()): Promise<SendProgress | null> {
  const result = await getDb().execute<Omit<SendProgress, "ratePerSecond" | "secondsLeft"> & { recent: number }>(sql`
    select to_char(i.issue_date, 'YYYY-MM-DD') as "issueDate", i.status,
      count(d.id)::int as total,
      count(d.id) filter (where d.status = 'sent')::int as sent,
      count(d.id) filter (where d.status = 'failed')::int as failed,
      count(d.id) filter (where d.status = 'bounced')::int as bounced,
      count(d.id) filter (where d.status = 'skipped')::int as skipped,
      count(d.id) filter (where d.status = 'pending')::int as pending,
      count(d.id) filter (
        where d.status in ('sent', 'bounced', 'failed')
          and d.last_attempt_at > ${now}::timestamptz - make_interval(secs => ${RATE_WINDOW_SECONDS})
      )::int as recent
    from newsletter_issues i
    left join newsletter_deliveries d on d.issue_id = i.id
    where i.issue_date = ${utcDay(now)}::date
    group by i.id`);
  const row = result.rows[0];
  if (!row) return null;
  const { recent, ...counts } = row;
  const ratePerSecond = recent > 0 ? Math.round((recent / RATE_WINDOW_SECONDS) * 10) / 10 : null;
  return {
    ...counts,
    ratePerSecond,
    secondsLeft: ratePerSecond && counts.pending > 0 ? Math.ceil(counts.pending / ratePerSecond) : null,
  };
}
