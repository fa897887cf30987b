import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { enquiries, mailDeliveries, users } from "~/.server/db/tables";
import { pruneMailDeliveries } from "~/.server/mail/queue";
import { setAppSecret } from "~/.server/secret";
import { importMessage } from "~/features/inbox/mail/import-mail.server";
import { sendReply } from "~/features/inbox/mail/send-reply.server";
import { listPeople } from "~/features/inbox/list-people.server";
import { collectDigest } from "~/features/inbox/morning-digest.server";
import { loadPersonPage } from "~/features/inbox/person-timeline.server";
import { inboxQuerySchema } from "~/features/inbox/schema";
import { setupTestDatabase } from "../support/database";
import { setupTestMail } from "../support/mail-queue";
import { startSmtpSink } from "../support/smtp-sink";
import { waitUntil } from "../support/wait-until";

/**
 * "Sent" means delivered to the mail server (docs/inbox.md, "Replying"): each reply's timeline
 * entry shows what became of it, in the server's words; a reply the server refuses fails visibly,
 * and the person's enquiry waits again.
 */
const database = setupTestDatabase();
setAppSecret("reply-delivery-test-secret-reply-delivery-0");
const sink = setupTestMail(startSmtpSink, { MAIL_TO_STUDIO: "hello@nordlys.test", INBOX_REPLY_TO: "studio@nordlys.test" }, { database });
const admin = { id: "admin-delivery", email: "ada@nordlys.test", name: "Ada Admin", twoFactorEnabled: true, roles: ["owner" as const] };
const db = () => database.current.db;

beforeAll(async () => {
  await db().insert(users).values({ id: admin.id, name: admin.name, email: admin.email });
});

async function newLead(email: string) {
  const { rows } = await db().$client.query<{ id: string }>(
    "insert into leads (name, email, message, conversation_context) values ('Lin', $1, 'We need a website', '{\"messages\":[]}') returning id",
    [email],
  );
  const [enquiry] = await db().select().from(enquiries).where(eq(enquiries.sourceId, rows[0]!.id));
  return enquiry!;
}

async function replyAndWait(email: string, until: (status: string) => boolean) {
  const enquiry = await newLead(email);
  const outcome = await sendReply({ personId: enquiry.personId, enquiryId: enquiry.id, text: "Happy to help: when can we talk?", admin });
  if (outcome.status !== "sent") throw new Error(outcome.status);
  const delivery = await waitUntil(
    async () => {
      const [row] = await db().select().from(mailDeliveries).where(eq(mailDeliveries.messageId, outcome.messageId));
      return row && until(row.status) && row;
    },
    20_000,
    "the reply's delivery recorded",
  );
  const page = await loadPersonPage(enquiry.personId);
  const entry = page!.timeline.find((item) => item.type === "mail" && item.direction === "out");
  const [after] = await db().select().from(enquiries).where(eq(enquiries.id, enquiry.id));
  return { delivery, entry, enquiry: after! };
}

describe("a reply's delivery", () => {
  it("accepted by the mail server: 'sent' with the server's answer, and the person no longer waits", async () => {
    const { delivery, entry, enquiry } = await replyAndWait("lin@example.org", (status) => status === "sent");
    expect(delivery).toMatchObject({ tag: "inbox-reply", status: "sent", attempts: 1, detail: expect.stringMatching(/^250\b/) });
    expect(entry).toMatchObject({ delivery: { status: "sent", detail: expect.stringMatching(/^250\b/) } });
    expect(enquiry.waitingSince).toBeNull();
  });

  it("refused by the mail server (550): 'failed' with the server's words, the enquiry waits again, the text is kept", async () => {
    sink.current.rejectRecipients(["nobody@example.org"]);
    const { delivery, entry, enquiry } = await replyAndWait("nobody@example.org", (status) => status === "failed");
    expect(delivery.detail).toMatch(/^Refused by the mail server: .*550.*No such user here/);
    expect(entry).toMatchObject({
      delivery: { status: "failed", detail: delivery.detail },
      text: "Happy to help: when can we talk?",
    });
    expect(enquiry.waitingSince).not.toBeNull();
    expect(enquiry.waitingSince!.getTime()).toBe(enquiry.createdAt.getTime());
    // Flagged in the inbox's list, and in the morning digest once it has waited a day.
    const list = await listPeople(inboxQuerySchema.parse({ q: "nobody@example.org" }));
    expect(list.people[0]!.enquiries.find((item) => item.id === enquiry.id)).toMatchObject({ replyFailed: true });
    const digest = await collectDigest(new Date(Date.now() + 25 * 3_600_000));
    expect(digest.enquiries.find((item) => item.personId === enquiry.personId)).toMatchObject({ replyFailed: true });
  });

  it("accepted, then bounced (a delivery-status notification read from the mailbox): 'failed' with the bounce's reason", async () => {
    const { delivery, enquiry } = await replyAndWait("moved-on@example.org", (status) => status === "sent");
    const dsn = [
      "From: Mail Delivery System <MAILER-DAEMON@mx.example.org>",
      "To: studio@nordlys.test",
      "Subject: Undelivered Mail Returned to Sender",
      "Message-ID: <bounce-moved-on@mx.example.org>",
      "MIME-Version: 1.0",
      'Content-Type: multipart/report; report-type=delivery-status; boundary="B"',
      "",
      "--B",
      "Content-Type: text/plain",
      "",
      "Your message could not be delivered.",
      "--B",
      "Content-Type: message/delivery-status",
      "",
      "Reporting-MTA: dns; mx.example.org",
      "",
      "Final-Recipient: rfc822; moved-on@example.org",
      "Action: failed",
      "Status: 5.1.1",
      "Diagnostic-Code: smtp; 550 5.1.1 <moved-on@example.org>: Recipient address rejected: User unknown",
      "--B",
      "Content-Type: text/rfc822-headers",
      "",
      "From: Nordlys Studio <studio@nordlys.test>",
      "To: moved-on@example.org",
      `Message-ID: ${delivery.messageId}`,
      "--B--",
      "",
    ].join("\r\n");
    const source = Buffer.from(dsn);
    const imported = await importMessage(
      { mailbox: "INBOX", uidValidity: 7, uid: 1, size: source.length, source },
      {
        maxMessageBytes: 1024 * 1024,
        maxAttachmentBytes: 1024 * 1024,
      },
    );
    expect(imported).toMatchObject({ status: "stored", personId: enquiry.personId, autoReply: "Delivery status notification" });
    const [row] = await db().select().from(mailDeliveries).where(eq(mailDeliveries.messageId, delivery.messageId));
    expect(row).toMatchObject({
      status: "failed",
      detail: "Bounced: 550 5.1.1 <moved-on@example.org>: Recipient address rejected: User unknown",
    });
    const [after] = await db().select().from(enquiries).where(eq(enquiries.id, enquiry.id));
    expect(after!.waitingSince).not.toBeNull();
    const page = await loadPersonPage(enquiry.personId);
    expect(page!.timeline.find((item) => item.type === "mail" && item.direction === "out")).toMatchObject({
      delivery: { status: "failed" },
    });
  });

  it("kept bounded: a sent mail's row goes after 180 days (it reads as sent without it), a failure's after two years", async () => {
    const rows = await db().select().from(mailDeliveries);
    expect(rows.some((row) => row.status === "failed")).toBe(true);
    expect(rows.some((row) => row.status === "sent")).toBe(true);
    const day = 86_400_000;
    expect(await pruneMailDeliveries(new Date(Date.now() + 179 * day))).toBe(0);
    const sent = rows.filter((row) => row.status === "sent").length;
    expect(await pruneMailDeliveries(new Date(Date.now() + 181 * day))).toBe(sent);
    const left = await db().select().from(mailDeliveries);
    expect(left.length).toBe(rows.length - sent);
    expect(left.every((row) => row.status !== "sent")).toBe(true);
    expect(await pruneMailDeliveries(new Date(Date.now() + 731 * day))).toBe(left.length);
  });
});
