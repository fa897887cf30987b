import net from "node:net";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enquiries, imapState, inboxAttachments, inboxEvents, inboxMails, users } from "~/.server/db/tables";
import { resetEnvForTests } from "~/.server/env";
import { setAppSecret } from "~/.server/secret";
import { attachmentResponse } from "~/features/inbox/mail/attachment-download.server";
import { startImapReader, type ImapReader } from "~/features/inbox/mail/imap-reader.server";
import { importMessage } from "~/features/inbox/mail/import-mail.server";
import { mailboxTrouble } from "~/features/inbox/mail/reader-status.server";
import { sendReply } from "~/features/inbox/mail/send-reply.server";
import { setupTestDatabase } from "../support/database";
import { startDovecot, type TestDovecot } from "../support/dovecot";
import { setupTestMail } from "../support/mail-queue";
import { startSmtpServer } from "../support/smtp-server";
import { waitUntil } from "../support/wait-until";

/**
 * The inbox's mail both ways against real servers (docs/inbox.md): replies go through the mail
 * queue to a real SMTP server; answers are read by the IMAP reader from a real Dovecot, which must
 * find every message still there and still unseen afterwards.
 */
const database = setupTestDatabase();
setAppSecret("inbox-mail-test-secret-inbox-mail-test-secret-0");
const smtp = setupTestMail(
  startSmtpServer,
  { MAIL_TO_STUDIO: "hello@nordlys.test", INBOX_REPLY_TO: "studio@nordlys.test", INBOX_PLUS_ADDRESSING: "true" },
  { database },
);
let dovecot: TestDovecot;
let reader: ImapReader | undefined;
let passes = 0;

const LIMITS = { maxMessageBytes: 25 * 1024 * 1024, maxAttachmentBytes: 10 * 1024 * 1024 };
const admin = { id: "admin-inbox-mail", email: "ada@nordlys.test", name: "Ada Admin", twoFactorEnabled: true, roles: ["owner" as const] };
const db = () => database.current.db;

function startReader() {
  reader = startImapReader({
    imapUrl: dovecot.url,
    databaseUrl: database.current.url,
    pollSeconds: 5,
    limits: LIMITS,
    onSynced: () => (passes += 1),
  });
}

async function stopReader() {
  await reader?.stop();
  reader = undefined;
}

/** Waits until the reader has made a pass after `uid` arrived, and returns the stored row of that UID. */
async function storedMail(uid: number) {
  return waitUntil(
    async () => {
      const [row] = await db()
        .select()
        .from(inboxMails)
        .where(and(eq(inboxMails.direction, "in"), eq(inboxMails.uid, uid)));
      return row;
    },
    45_000,
    `the mail with UID ${uid}`,
  );
}

async function newLead(email: string, name: string) {
  const { rows } = await db().$client.query<{ id: string }>(
    "insert into leads (name, email, message, conversation_context) values ($1, $2, 'We need a new website', '{\"messages\":[]}') returning id",
    [name, email],
  );
  const [enquiry] = await db().select().from(enquiries).where(eq(enquiries.sourceId, rows[0]!.id));
  return enquiry!;
}

function rawMail(headers: Record<string, string>, body = "Thanks, that sounds good.\r\n"): string {
  const lines = Object.entries({
    Date: new Date().toUTCString(),
    "MIME-Version": "1.0",
    "Content-Type": "text/plain; charset=utf-8",
    ...headers,
  }).map(([name, value]) => `${name}: ${value}`);
  return `${lines.join("\r\n")}\r\n\r\n${body}`;
}

beforeAll(async () => {
  dovecot = await startDovecot();
  await db().insert(users).values({ id: admin.id, name: admin.name, email: admin.email });
}, 60_000);

afterAll(async () => {
  await stopReader();
  await dovecot?.stop();
});

describe("a reply from the site", () => {
  it("arrives over SMTP with our Message-ID, Reply-To and From, and moves the enquiry from New to Contacted in the same step", async () => {
    const enquiry = await newLead("Grace@Example.org", "Grace Hopper");
    const outcome = await sendReply({
      personId: enquiry.personId,
      enquiryId: enquiry.id,
      text: "Hello Grace,\n\nSee https://nordlys.test/work for examples.",
      admin,
    });
    expect(outcome.status).toBe("sent");
    const [mail] = await smtp.current.waitFor(1, 30_000);
    const parsed = mail!.parsed;
    expect(parsed.messageId).toMatch(new RegExp(`^<r\\.${enquiry.threadToken}\\.[0-9a-f]+@nordlys\\.test>$`));
    expect(parsed.from?.value[0]).toEqual({ name: "Nordlys Studio", address: "studio@nordlys.test" });
    expect(parsed.replyTo?.value[0]?.address).toBe(`studio+${enquiry.threadToken}@nordlys.test`);
    expect(mail!.envelope.to.map((to) => to.toLowerCase())).toEqual(["grace@example.org"]);
    expect(parsed.subject).toBe("Re: Your message to Nordlys Studio");
    expect(parsed.text).toContain("See https://nordlys.test/work for examples.");
    expect(parsed.html).toContain('<a href="https://nordlys.test/work">');
    expect(parsed.inReplyTo).toBeUndefined();

    const [after] = await db().select().from(enquiries).where(eq(enquiries.id, enquiry.id));
    expect(after).toMatchObject({ stage: "contacted", waitingSince: null });
    expect(after!.firstReplyAt).toBeInstanceOf(Date);
    const events = await db().select().from(inboxEvents).where(eq(inboxEvents.enquiryId, enquiry.id));
    expect(events).toMatchObject([{ kind: "stage", body: "New → Contacted", actorId: admin.id, actorName: "Ada Admin" }]);
    const [out] = await db().select().from(inboxMails).where(eq(inboxMails.enquiryId, enquiry.id));
    expect(out).toMatchObject({ direction: "out", messageId: parsed.messageId, sentById: admin.id, toAddress: "Grace@Example.org" });
  });

  it("a second reply chains In-Reply-To and References to the thread, and the answer read over IMAP lands on the person's timeline, still unseen in the mailbox", async () => {
    const enquiry = await newLead("linus@example.org", "Linus");
    await sendReply({ personId: enquiry.personId, enquiryId: enquiry.id, text: "First answer.", admin });
    const [first] = await db().select().from(inboxMails).where(eq(inboxMails.enquiryId, enquiry.id));
    startReader();
    // The reader has looked at the empty mailbox before the answer arrives: it must notice new mail later.
    await waitUntil(() => passes > 0, 45_000, "the reader's first look");

    const uid = await dovecot.append(
      rawMail({
        From: "Linus <LINUS@example.org>",
        To: `studio+${enquiry.threadToken}@nordlys.test`,
        Subject: "Re: Your message to Nordlys Studio",
        "Message-ID": "<answer-1@example.org>",
        "In-Reply-To": first!.messageId,
        References: first!.messageId,
      }),
    );
    const answer = await storedMail(uid);
    expect(answer).toMatchObject({
      personId: enquiry.personId,
      enquiryId: enquiry.id,
      autoReply: null,
      messageId: "<answer-1@example.org>",
    });
    expect(answer.text.trim()).toBe("Thanks, that sounds good.");
    const [waiting] = await db().select().from(enquiries).where(eq(enquiries.id, enquiry.id));
    expect(waiting!.waitingSince).toBeInstanceOf(Date);
    expect(waiting!.lastInboundAt).toBeInstanceOf(Date);
    const [event] = (await db().$client.query("select type from webhook_events where payload->'mail'->>'id' = $1", [answer.id])).rows;
    expect(event).toEqual({ type: "reply.received" });

    const messages = await dovecot.messages();
    expect(messages.find((message) => message.uid === uid)?.flags).not.toContain("\\Seen");

    const before = smtp.current.received.length;
    await sendReply({ personId: enquiry.personId, enquiryId: enquiry.id, text: "Second answer.", admin });
    const received = await smtp.current.waitFor(before + 1, 30_000);
    const second = received.at(-1)!.parsed;
    expect(second.inReplyTo).toBe("<answer-1@example.org>");
    expect(second.references).toEqual([first!.messageId, "<answer-1@example.org>"]);
    expect(second.subject).toBe("Re: Your message to Nordlys Studio");
  });

  it("a stranger answering with another person's Message-ID goes to Unmatched; the person's thread does not change", async () => {
    const enquiry = await newLead("ada@example.org", "Ada");
    await sendReply({ personId: enquiry.personId, enquiryId: enquiry.id, text: "Hello Ada.", admin });
    const [ours] = await db().select().from(inboxMails).where(eq(inboxMails.enquiryId, enquiry.id));
    startReaderOnce();
    const uid = await dovecot.append(
      rawMail({
        From: "mallory@evil.example",
        To: `studio+${enquiry.threadToken}@nordlys.test`,
        Subject: "Re: Hello",
        "Message-ID": "<forged@evil.example>",
        "In-Reply-To": ours!.messageId,
      }),
    );
    const forged = await storedMail(uid);
    expect(forged).toMatchObject({ personId: null, enquiryId: null, fromAddress: "mallory@evil.example" });
    const [after] = await db().select().from(enquiries).where(eq(enquiries.id, enquiry.id));
    expect(after!.waitingSince).toBeNull();
    expect(after!.lastInboundAt).toBeNull();
  });

  it("auto-replies answering each other are stored as auto-replies, counted as no answer, and nothing is sent", async () => {
    const enquiry = await newLead("away@example.org", "Away");
    await sendReply({ personId: enquiry.personId, enquiryId: enquiry.id, text: "Hello.", admin });
    const sentBefore = await waitUntil(
      async () => (await pendingMailJobs()) === 0 && smtp.current.received.length,
      45_000,
      "the reply to be sent",
    );
    const [ours] = await db().select().from(inboxMails).where(eq(inboxMails.enquiryId, enquiry.id));
    startReaderOnce();
    const uids: number[] = [];
    let inReplyTo = ours!.messageId;
    for (let i = 0; i < 4; i++) {
      const messageId = `<ooo-${i}@example.org>`;
      uids.push(
        await dovecot.append(
          rawMail(
            {
              From: "away@example.org",
              To: `studio+${enquiry.threadToken}@nordlys.test`,
              Subject: `Automatic reply: Re: Your message (${i})`,
              "Message-ID": messageId,
              "In-Reply-To": inReplyTo,
              ...(i % 2 === 0 ? { "Auto-Submitted": "auto-replied" } : { Precedence: "auto_reply", "X-Autoreply": "yes" }),
            },
            "I am out of the office until Monday.\r\n",
          ),
        ),
      );
      inReplyTo = messageId;
    }
    for (const uid of uids) {
      const stored = await storedMail(uid);
      expect(stored.personId).toBe(enquiry.personId);
      expect(stored.autoReply).toMatch(/Auto-Submitted: auto-replied|Precedence: auto_reply/);
    }
    const [after] = await db().select().from(enquiries).where(eq(enquiries.id, enquiry.id));
    expect(after!.waitingSince).toBeNull();
    expect(after!.lastInboundAt).toBeNull();
    const { rows } = await db().$client.query(
      "select count(*)::int as n from webhook_events where type = 'reply.received' and payload->'person'->>'id' = $1",
      [enquiry.personId],
    );
    expect(rows[0].n).toBe(0);
    expect(await pendingMailJobs()).toBe(0);
    expect(smtp.current.received.length).toBe(sentBefore);
  });
});

describe("hostile and odd mail", () => {
  it("a 30 MB mail, broken MIME and HTML with scripts: nothing crashes, nothing is lost, scripts are gone", async () => {
    startReaderOnce();
    const big = rawMail(
      { From: "big@example.org", To: "studio@nordlys.test", Subject: "Huge scan", "Message-ID": "<big@example.org>" },
      `${"A".repeat(76)}\r\n`.repeat(400_000),
    );
    const bigUid = await dovecot.append(big);
    const brokenUid = await dovecot.append(
      [
        "From: broken@example.org",
        "To: studio@nordlys.test",
        "Subject: =?utf-8?B?broken",
        "Message-ID: <broken@example.org>",
        'Content-Type: multipart/mixed; boundary="never-closed"',
        "",
        "--never-closed",
        "Content-Type: text/plain; charset=no-such-charset",
        "Content-Transfer-Encoding: base64",
        "",
        "%%%% not base64 %%%%",
        "--never-closed",
        'Content-Type: application/pdf; name="../../etc/passwd"',
        'Content-Disposition: attachment; filename="../../etc/passwd"',
        "Content-Transfer-Encoding: base64",
        "",
        "JVBERi0xLjQK",
        "",
      ].join("\r\n"),
    );
    const htmlUid = await dovecot.append(
      [
        "From: html@example.org",
        "To: studio@nordlys.test",
        "Subject: Newsletter-ish",
        "Message-ID: <html@example.org>",
        "MIME-Version: 1.0",
        'Content-Type: multipart/alternative; boundary="b"',
        "",
        "--b",
        "Content-Type: text/plain",
        "",
        "Plain part kept.",
        "--b",
        "Content-Type: text/html",
        "",
        '<p onclick="steal()">Hi <b>there</b><script>alert(1)</script><style>p{color:red}</style><img src="https://tracker.example/p.gif"><a href="javascript:alert(2)">x</a><a href="https://ok.example/">ok</a></p>',
        "--b--",
        "",
      ].join("\r\n"),
    );

    const bigRow = await storedMail(bigUid);
    expect(bigRow).toMatchObject({ subject: "Huge scan", fromAddress: "big@example.org", personId: null });
    expect(bigRow.sizeBytes).toBeGreaterThan(25 * 1024 * 1024);
    expect(bigRow.text).toMatch(/more than the 25\.0 MB the inbox keeps/);

    const brokenRow = await storedMail(brokenUid);
    expect(brokenRow.fromAddress).toBe("broken@example.org");
    const attachments = await db().select().from(inboxAttachments).where(eq(inboxAttachments.mailId, brokenRow.id));
    for (const attachment of attachments) expect(attachment.filename).not.toMatch(/[\\/]/);

    const htmlRow = await storedMail(htmlUid);
    expect(htmlRow.text.trim()).toBe("Plain part kept.");
    expect(htmlRow.html).toContain("<b>there</b>");
    expect(htmlRow.html).not.toMatch(/script|alert|style|onclick|<img|tracker|javascript:/i);
    expect(htmlRow.html).toContain('href="https://ok.example/"');

    const flags = await dovecot.messages();
    for (const uid of [bigUid, brokenUid, htmlUid]) expect(flags.find((m) => m.uid === uid)?.flags).not.toContain("\\Seen");
  }, 120_000);

  it("attachments: over the cap listed without content; downloads are attachments, never a page the browser would run", async () => {
    const raw = Buffer.from(
      [
        "From: files@example.org",
        "To: studio@nordlys.test",
        "Subject: Files",
        "Message-ID: <files@example.org>",
        "MIME-Version: 1.0",
        'Content-Type: multipart/mixed; boundary="m"',
        "",
        "--m",
        "Content-Type: text/plain",
        "",
        "Two files.",
        "--m",
        'Content-Type: text/html; name="page.html"',
        'Content-Disposition: attachment; filename="../page.html"',
        "",
        "<script>alert(document.cookie)</script>",
        "--m",
        'Content-Type: application/zip; name="big.zip"',
        'Content-Disposition: attachment; filename="big.zip"',
        "Content-Transfer-Encoding: base64",
        "",
        Buffer.alloc(3000, 7).toString("base64"),
        "--m--",
        "",
      ].join("\r\n"),
    );
    const result = await importMessage(
      { mailbox: "Attachments", uidValidity: 1, uid: 1, size: raw.length, source: raw },
      { maxMessageBytes: LIMITS.maxMessageBytes, maxAttachmentBytes: 1000 },
    );
    expect(result.status).toBe("stored");
    const files = await db().select().from(inboxAttachments).where(eq(inboxAttachments.mailId, result.mailId!));
    const page = files.find((file) => file.filename === "page.html")!;
    const big = files.find((file) => file.filename === "big.zip")!;
    expect(big).toMatchObject({ sizeBytes: 3000, content: null });

    const download = await attachmentResponse(page.id);
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Type")).toBe("application/octet-stream");
    expect(download.headers.get("Content-Disposition")).toBe(`attachment; filename="page.html"; filename*=UTF-8''page.html`);
    expect(download.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(await download.text()).toContain("<script>");
    const missing = await attachmentResponse(big.id);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toMatch(/larger than the inbox keeps/);

    // The same message again (a second reader, a retry): stored once.
    expect((await importMessage({ mailbox: "Attachments", uidValidity: 1, uid: 1, size: raw.length, source: raw }, LIMITS)).status).toBe(
      "duplicate",
    );
  });

  it("a restarted reader resumes where it stopped: no message twice, none missed, and the mailbox still holds them all unseen", async () => {
    startReaderOnce();
    const firstUid = await dovecot.append(
      rawMail({ From: "one@example.org", To: "studio@nordlys.test", Subject: "One", "Message-ID": "<one@example.org>" }),
    );
    await storedMail(firstUid);
    await stopReader();
    const whileStopped = await dovecot.append(
      rawMail({ From: "two@example.org", To: "studio@nordlys.test", Subject: "Two", "Message-ID": "<two@example.org>" }),
    );
    // Two readers at once (two instances): the advisory lock lets one of them read.
    startReader();
    const second = startImapReader({ imapUrl: dovecot.url, databaseUrl: database.current.url, pollSeconds: 5, limits: LIMITS });
    try {
      await storedMail(whileStopped);
      const { rows } = await db().$client.query<{ uid: string; n: number }>(
        "select uid, count(*)::int as n from inbox_mails where direction = 'in' group by mailbox, uid_validity, uid having count(*) > 1",
      );
      expect(rows).toEqual([]);
      const ids = await db().execute<{ n: number }>(
        sql`select count(*)::int as n from inbox_mails where direction = 'in' and message_id in ('<one@example.org>', '<two@example.org>')`,
      );
      expect(ids.rows[0]!.n).toBe(2);
      const [state] = await db().select().from(imapState).where(eq(imapState.mailbox, "INBOX"));
      expect(state!.lastUid).toBe(whileStopped);
      const all = await dovecot.messages();
      expect(all.length).toBe(whileStopped);
      expect(all.every((message) => !message.flags.includes("\\Seen"))).toBe(true);
    } finally {
      await second.stop();
    }
  }, 90_000);
});

function startReaderOnce() {
  if (!reader) startReader();
}

async function pendingMailJobs(): Promise<number> {
  const { rows } = await db().$client.query<{ n: number }>(
    "select count(*)::int as n from pgboss.job where name = 'send-mail' and state in ('created', 'retry', 'active')",
  );
  return rows[0]!.n;
}

/**
 * A TCP hop in front of Dovecot that can hang: while hung it accepts connections and reads what
 * the client sends, but forwards nothing either way (a server that stopped answering, not one
 * that closed the connection).
 */
async function hangingHop(targetPort: number) {
  let hung = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on("error", () => undefined);
    if (hung) return; // never a greeting
    const upstream = net.connect(targetPort, "127.0.0.1");
    sockets.add(upstream);
    upstream.on("error", () => client.destroy());
    client.on("data", (chunk) => void (hung || upstream.write(chunk)));
    upstream.on("data", (chunk) => void (hung || client.write(chunk)));
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    hang: () => void (hung = true),
    /** Answers again; the connections that hung are dropped, as after a server's restart. */
    recover: () => {
      hung = false;
      for (const socket of sockets) socket.destroy();
      sockets.clear();
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe("a mailbox that stops answering", () => {
  it("is given up within the time-out, shown to the admin, and read again when it answers: nothing lost or imported twice", async () => {
    await stopReader();
    const hop = await hangingHop(dovecot.port);
    const imapUrl = dovecot.url.replace(`:${dovecot.port}/`, `:${hop.port}/`);
    process.env.IMAP_URL = imapUrl;
    process.env.IMAP_POLL_SECONDS = "5";
    resetEnvForTests();
    const hanging = startImapReader({
      imapUrl,
      databaseUrl: database.current.url,
      pollSeconds: 1,
      limits: LIMITS,
      commandTimeoutMs: 2_000,
    });
    try {
      const before = await dovecot.append(
        rawMail({ From: "before@example.org", To: "studio@nordlys.test", Subject: "Before", "Message-ID": "<before-hang@example.org>" }),
      );
      await storedMail(before);
      await waitUntil(async () => (await mailboxTrouble()) === null, 10_000, "the mailbox reported as read");

      hop.hang();
      const hungAt = Date.now();
      const trouble = await waitUntil(() => mailboxTrouble(), 20_000, "the hung mailbox shown");
      expect(trouble.reason).toBe("The mail server stopped answering (timed out).");
      expect(Date.now() - hungAt).toBeLessThan(15_000);
      const during = await dovecot.append(
        rawMail({ From: "during@example.org", To: "studio@nordlys.test", Subject: "During", "Message-ID": "<during-hang@example.org>" }),
      );

      hop.recover();
      await storedMail(during);
      await waitUntil(async () => (await mailboxTrouble()) === null, 20_000, "the mailbox shown as read again");
      const { rows } = await db().$client.query<{ n: number }>(
        "select count(*)::int as n from inbox_mails where direction = 'in' and message_id in ('<before-hang@example.org>', '<during-hang@example.org>')",
      );
      expect(rows[0]!.n).toBe(2);
    } finally {
      await hanging.stop();
      await hop.close();
      delete process.env.IMAP_URL;
      delete process.env.IMAP_POLL_SECONDS;
      resetEnvForTests();
    }
  }, 90_000);
});
