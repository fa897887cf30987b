import { getMailConfig, queueMail } from "~/.server/mail";
import { defineRateLimit, tryConsumeRateLimit } from "~/.server/rate-limit";
import { site } from "~/content/site";
import { UNSUBSCRIBE_PLACEHOLDER } from "./build-daily-issue.server";
import { issueToSend, previewUnsubscribeUrl } from "./preview-issue.server";

/** "Send a test to me": a few an hour per admin; a test is a look, not a send. */
export const testSendLimit = defineRateLimit({ name: "newsletter-test-send", points: 5, durationSeconds: 3600 });

/** `queued`: on its way; `limited`: over testSendLimit; `nothing`: no issue to test. */
export type TestSendOutcome = { status: "queued" | "limited" | "nothing"; message: string };

function minutes(seconds: number): string {
  const n = Math.max(1, Math.ceil(seconds / 60));
  return n === 1 ? "1 minute" : `${n} minutes`;
}

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
      message: `You sent ${testSendLimit.points} tests within the hour. Try again in ${minutes(limit.retryAfterSeconds)}.`,
    };
  }
  const link = previewUnsubscribeUrl();
  const listDomain = getMailConfig().from.address.split("@")[1] ?? "localhost";
  await queueMail({
    to: admin.email,
    subject: issue.subject,
    html: issue.html.replaceAll(UNSUBSCRIBE_PLACEHOLDER, link),
    text: issue.text.replaceAll(UNSUBSCRIBE_PLACEHOLDER, link),
    headers: { "List-Id": `${site.name} AI News <ai-news.${listDomain}>` },
    tag: "newsletter-test",
  });
  return { status: "queued", message: `A test of today's issue is on its way to ${admin.email}. It does not count as the day's send.` };
}
