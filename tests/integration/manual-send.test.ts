import { describe, expect, it } from "vitest";
import { aiNews, newsletterIssues, newsletterSubscriptions } from "~/.server/db/tables";
import { setAppSecret } from "~/.server/secret";
import { utcDay } from "~/lib/utc-day";
import { manualSendToast } from "~/features/newsletter/manual-send-outcome";
import { runManualSend } from "~/features/newsletter/manual-send.server";
import { setupTestDatabase } from "../support/database";
import { confirmedReaders, newsStories } from "../support/newsletter-seed";
import { startSmtpSink } from "../support/smtp-sink";
import { setupTestMail } from "../support/mail-queue";

/**
 * "Send Newsletter Now" against a real database and SMTP server: what it says when there was
 * never an issue, and that its success toast counts only the mail this press sent.
 */
const database = setupTestDatabase();
setAppSecret("manual-send-test-secret-manual-send-test-00");
const sink = setupTestMail(startSmtpSink, {
  MAIL_FROM: "Nordlys <news@nordlys.test>",
  NEWSLETTER_SEND_RATE: "0",
});

const db = () => database.current.db;

describe("runManualSend", () => {
  it("with no issue ever sent and no stories, says so without speaking of a last issue, and sends nothing", async () => {
    const result = await runManualSend();
    expect(result).toMatchObject({ status: "no-stories", successCount: 0, sentNow: 0 });
    expect(result.message).toBe(
      "No issue has been sent yet, and there are no stories to send: the news hub has none so far. Nothing was sent.",
    );
    expect(result.message).not.toMatch(/last issue/);
    expect(manualSendToast(result).type).toBe("info");
    expect(sink.current.received).toHaveLength(0);
  });

  it("with stories and subscribers: the first press sends and is a success; the second sends nothing and is not", async () => {
    await db().insert(aiNews).values(newsStories(3, "manual"));
    await db().insert(newsletterSubscriptions).values(confirmedReaders(2));

    const first = await runManualSend();
    expect(first).toMatchObject({ status: "sent", successCount: 2, sentNow: 2 });
    expect(manualSendToast(first)).toEqual({ type: "success", title: "Newsletter sent successfully to 2 subscribers!" });

    const again = await runManualSend();
    expect(again).toMatchObject({ status: "sent", successCount: 2, sentNow: 0 });
    expect(manualSendToast(again).type).toBe("info");
    expect(sink.current.received).toHaveLength(2);
  });

  it("with no new stories after an earlier issue, names that issue", async () => {
    // Yesterday's issue took the stories; today has none left.
    await db().update(newsletterIssues).set({ issueDate: "2020-01-01" });
    const result = await runManualSend();
    expect(result.status).toBe("no-stories");
    expect(result.message).toBe("No new stories since the last issue (2020-01-01): nothing was sent.");
    expect(utcDay(new Date())).not.toBe("2020-01-01");
  });
});
