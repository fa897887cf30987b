import { and, count, eq } from "drizzle-orm";
import { getDb } from "~/.server/db/client";
import { newsletterDeliveries, newsletterIssues } from "~/.server/db/tables";
import { logger } from "~/.server/logger";
import { utcDay } from "~/lib/utc-day";
import { issueFingerprint, issueToSend } from "./preview-issue.server";
import { issueResult, sendDailyIssue, type SendDailyIssueResult } from "./send-daily-issue.server";

/** How long "Send Newsletter Now" waits for the run before it answers with the counts so far. */
export const MANUAL_SEND_WAIT_MS = 25_000;

/**
 * A manual send's answer: the issue's counts, plus how many messages went out during this press
 * of the button (`sentNow`), which is what the page's success toast reports.
 */
export type ManualSendResult = SendDailyIssueResult & { sentNow: number };

/**
 * "Send Newsletter Now": today's issue, now. Pressing it again the same day
 * mails only people who were not mailed yet (new confirmations, retries).
 * A large list keeps sending after the answer; the counts say how far it got.
 */
export async function runManualSend(waitMs = MANUAL_SEND_WAIT_MS): Promise<ManualSendResult> {
  const now = new Date();
  const day = utcDay(now);
  const sentBefore = await countSentOnDay(day);
  const result = await runWithin(sendDailyIssue({ now }), day, waitMs);
  if (result.status === "no-stories") return { ...result, sentNow: 0 };
  return { ...result, sentNow: Math.max(0, result.successCount - sentBefore) };
}

/** Said when the confirmation's issue is not the one that would go out now. */
export const ISSUE_CHANGED_MESSAGE =
  "Today's issue changed since you looked at it (new stories came in, or it was sent meanwhile). Nothing was sent: look at it again before sending.";

/**
 * The confirmation after the look ("Send to N subscribers"): sends today's issue only when it is
 * still the one the admin looked at (`fingerprint` from the preview), else sends nothing.
 */
export async function sendLookedAtIssue(
  fingerprint: string,
  waitMs = MANUAL_SEND_WAIT_MS,
): Promise<{ kind: "changed"; message: string } | { kind: "sent"; result: ManualSendResult }> {
  const issue = await issueToSend();
  if (!issue || issueFingerprint(issue) !== fingerprint) return { kind: "changed", message: ISSUE_CHANGED_MESSAGE };
  return { kind: "sent", result: await runManualSend(waitMs) };
}

/** The run's result, or after `waitMs` the counts so far of the day's issue (the run goes on). */
async function runWithin(run: Promise<SendDailyIssueResult>, day: string, waitMs: number): Promise<SendDailyIssueResult> {
  run.catch((error: unknown) => logger.error({ err: error }, "Manual newsletter send failed"));
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), waitMs);
  });
  try {
    const first = await Promise.race([run, timeout]);
    if (first !== "timeout") return first;
  } finally {
    clearTimeout(timer);
  }
  const [issue] = await getDb()
    .select({ id: newsletterIssues.id })
    .from(newsletterIssues)
    .where(eq(newsletterIssues.issueDate, day))
    .limit(1);
  if (!issue) return run;
  return issueResult(issue.id);
}

/** Messages of the day's issue already delivered (0 when there is no issue yet). */
async function countSentOnDay(day: string): Promise<number> {
  const [row] = await getDb()
    .select({ n: count() })
    .from(newsletterDeliveries)
    .innerJoin(newsletterIssues, eq(newsletterIssues.id, newsletterDeliveries.issueId))
    .where(and(eq(newsletterIssues.issueDate, day), eq(newsletterDeliveries.status, "sent")));
  return row?.n ?? 0;
}
