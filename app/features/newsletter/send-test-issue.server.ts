import { queueMail } from "~/.server/mail";
import { defineRateLimit, tryConsumeRateLimit } from "~/.server/rate-limit";
import { newsletterListId } from "./links.server";
import { issueToSend, withExampleLink } from "./preview-issue.server";
import { minutesText } from "./schema";

/** "Send a test to me": a few an hour per admin; a test is a look, not a send. */
export const testSendLimit = defineRateLimit({ name: "newsletter-test-send", points: 5, durationSeconds: 3600 });

/** `queued`: on its way; `limited`: over testSendLimit; `nothing`: no issue to test. */
export type TestSendOutcome = { status: "queued" | "limited" | "nothing"; message: string };

/**
 * Mails today's issue, exactly as the preview shows it, to the signed-in admin's own address
 * only, through the mail queue. Nothing about the day's issue changes: no issue is stored, no
 * delivery row is written, so the day's send and its counts are untouched.
 */
export async function sendTestIssue(admin: { id: string; email: string }, now = new Date()): Promise<TestSendOutcome> {
  const issue = await issueToSend(now);
  if (!issue) return { status: "nothing", message: "There is no issue to test: no new stories since the last issue." };
  const limit = await tryConsumeRateLimit(testSendLimit, admin.id);
  if (!limit.allowed) {
    return {
      status: "limited",
      message: `You sent ${testSendLimit.points} tests within the hour. Try again in ${minutesText(Math.max(1, Math.ceil(limit.retryAfterSeconds / 60)))}.`,
    };
  }
  await queueMail({
    to: admin.email,
    subject: issue.subject,
    ...withExampleLink(issue),
    headers: { "List-Id": newsletterListId() },
    tag: "newsletter-test",
  });
  return { status: "queued", message: `A test of today's issue is on its way to ${admin.email}. It does not count as the day's send.` };
}
