import { eq } from "drizzle-orm";
import { getDb } from "~/.server/db/client";
import { newsletterIssues } from "~/.server/db/schema";
import { logger } from "~/.server/logger";
import { utcDay } from "~/lib/utc-day";
import { issueResult, sendDailyIssue, type SendDailyIssueResult } from "./send-daily-issue.server";

/** How long "Send Newsletter Now" waits for the run before it answers with the counts so far. */
export const MANUAL_SEND_WAIT_MS = 25_000;

/**
 * "Send Newsletter Now": today's issue, now. Pressing it again the same day
 * mails only people who were not mailed yet (new confirmations, retries).
 * A large list keeps sending after the answer; the counts say how far it got.
 */
export async function runManualSend(waitMs = MANUAL_SEND_WAIT_MS): Promise<SendDailyIssueResult> {
  const now = new Date();
  const run = sendDailyIssue({ now });
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
  const [issue] = await getDb().select({ id: newsletterIssues.id }).from(newsletterIssues).where(eq(newsletterIssues.issueDate, utcDay(now))).limit(1);
  if (!issue) return run;
  return issueResult(issue.id);
}
