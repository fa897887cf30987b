import { sql } from "drizzle-orm";
import { getDb } from "~/.server/db/client";
import { logger } from "~/.server/logger";
import { utcDay } from "~/lib/utc-day";
import { sendDailyIssue, type SendDailyIssueResult } from "./send-daily-issue.server";
import { isIssueBeingSent } from "./sender-presence.server";

/**
 * The watchdog every instance runs every NEWSLETTER_RESUME_CHECK_SECONDS:
 * when today's issue was left unfinished by a run that no longer lives (its
 * sender died: a crash, SIGKILL, a lost machine), this instance resumes it.
 * The rows the dead sender had in flight were rolled back to pending by
 * PostgreSQL, so the resumed run mails exactly the people not mailed yet.
 *
 * Unfinished means: recipients never tried (pending, no attempt), whatever the
 * issue's status says (a second send of the day adds them to an issue whose
 * first send had finished, and a concurrent run may have marked it "sent"
 * meanwhile), or an issue marked "sending" with nobody pending at all (its
 * run died before it added the recipients, or before it marked the issue sent).
 * A paused issue (its mail server is failing) and rows waiting to be retried
 * after a failure are left to the job's backoff retries and the admin's button.
 * Returns null when there was nothing to do.
 */
export async function resumeUnfinishedIssue(now = new Date()): Promise<SendDailyIssueResult | null> {
  const result = await getDb().execute<{ issue_date: string }>(sql`
    select i.issue_date::text as issue_date from newsletter_issues i
    where i.issue_date = ${utcDay(now)} and i.status <> 'paused'
      and (exists (select 1 from newsletter_deliveries d where d.issue_id = i.id and d.status = 'pending' and d.attempts = 0)
        or (i.status = 'sending' and not exists (select 1 from newsletter_deliveries d where d.issue_id = i.id and d.status = 'pending')))
    limit 1`);
  const issueDate = result.rows[0]?.issue_date;
  if (!issueDate) return null;
  if (await isIssueBeingSent(issueDate)) return null;
  logger.warn({ issueDate }, "Newsletter issue left unfinished by a sender that stopped: resuming it");
  return sendDailyIssue({ now });
}
