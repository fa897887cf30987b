import { generateKeyPairSync } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { simpleParser } from "mailparser";
import { dkimVerify } from "mailauth";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { site } from "~/content/site";
import { resetEnvForTests } from "../env";
import { parseMailbox } from "./config";
import { queueMail } from "./queue";
import { closeMailer, sendMailNow, type MailMessage } from "./send-mail";

/** Without SMTP_URL every message becomes an .eml file: the default of a fresh clone. */
const savedEnv = { ...process.env };
let dataDir: string;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "nordlys-mail-"));
});

afterEach(() => {
  process.env = { ...savedEnv };
  resetEnvForTests();
  closeMailer();
});

afterAll(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

function useEnv(env: Record<string, string | undefined>) {
  process.env = {
    ...savedEnv,
    SMTP_URL: "",
    MAIL_FROM: "",
    DKIM_DOMAIN: "",
    DKIM_SELECTOR: "",
    DKIM_PRIVATE_KEY: "",
    DATA_DIR: dataDir,
    ...env,
  };
  resetEnvForTests();
  closeMailer();
}

const message: MailMessage = {
  to: "reader@example.com",
  subject: "Your daily AI news",
  html: "<p>Five stories <strong>today</strong>.</p>",
  text: "Five stories today.",
  tag: "newsletter",
};

describe("sendMailNow without SMTP_URL", () => {
  it("writes a complete .eml file to DATA_DIR/outbox, from the content module's sender", async () => {
    useEnv({});
    const sent = await sendMailNow(message);
    expect(sent.outboxFile).toBeDefined();
    expect(path.dirname(sent.outboxFile!)).toBe(path.join(dataDir, "outbox"));
    expect(path.basename(sent.outboxFile!)).toMatch(/-newsletter-[0-9a-f]{8}\.eml$/);
    expect(sent.accepted).toEqual(["reader@example.com"]);

    const parsed = await simpleParser(await fs.readFile(sent.outboxFile!));
    expect(parsed.from?.value).toEqual([{ name: site.sender.name, address: site.sender.email }]);
    expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.value : []).toEqual([{ name: "", address: "reader@example.com" }]);
    expect(parsed.subject).toBe("Your daily AI news");
    expect(parsed.html).toContain("<strong>today</strong>");
    expect(parsed.text?.trim()).toBe("Five stories today.");
    expect(parsed.messageId).toBe(sent.messageId);
  });

  it("uses MAIL_FROM when it is set", async () => {
    useEnv({ MAIL_FROM: "News Desk <news@nordlys.test>" });
    const sent = await sendMailNow(message);
    const parsed = await simpleParser(await fs.readFile(sent.outboxFile!));
    expect(parsed.from?.value).toEqual([{ name: "News Desk", address: "news@nordlys.test" }]);
  });

  it("adds custom headers but refuses to let them replace the message's own fields", async () => {
    useEnv({});
    const sent = await sendMailNow({
      ...message,
      headers: { "X-Campaign": "daily\r\nBcc: someone@example.net", "List-Id": "AI news <news.nordlys.test>" },
    });
    const raw = await fs.readFile(sent.outboxFile!, "utf8");
    expect(raw).toMatch(/^X-Campaign: daily Bcc: someone@example\.net\r$/m);
    expect(raw).not.toMatch(/^Bcc:/m);
    await expect(sendMailNow({ ...message, headers: { Bcc: "someone@example.net" } })).rejects.toThrow(/cannot be set/);
    await expect(sendMailNow({ ...message, headers: { "Bad Name": "x" } })).rejects.toThrow(/cannot be set/);
  });

  it("adds a calendar invite as a text/calendar; method=REQUEST alternative and an invite.ics attachment", async () => {
    useEnv({});
    const content = [
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//Nordlys//Test//EN",
      "METHOD:REQUEST",
      "BEGIN:VEVENT",
      "UID:booking-1@nordlys.test",
      "DTSTAMP:20270301T090000Z",
      "DTSTART:20270328T090000Z",
      "DTEND:20270328T100000Z",
      "SUMMARY:Mentoring",
      "END:VEVENT",
      "END:VCALENDAR",
      "",
    ].join("\r\n");
    const sent = await sendMailNow({ ...message, tag: "booking-confirmation", icalEvent: { method: "REQUEST", content } });
    const raw = await fs.readFile(sent.outboxFile!, "utf8");
    expect(raw).toMatch(/^Content-Type: text\/calendar; charset=utf-8; method=REQUEST\r$/im);
    const parsed = await simpleParser(raw);
    expect(parsed.text?.trim()).toBe("Five stories today.");
    const invite = parsed.attachments.find((attachment) => attachment.filename === "invite.ics");
    expect(invite?.content.toString("utf8")).toContain("UID:booking-1@nordlys.test");
    // The calendar part itself (mailparser lists it among the attachments too).
    const calendar = parsed.attachments.find((attachment) => attachment.contentType === "text/calendar");
    expect(calendar?.content.toString("utf8")).toContain("METHOD:REQUEST");
  });

  it("signs with DKIM, covering the List-Unsubscribe headers, and the signature verifies", async () => {
    const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    useEnv({
      DKIM_DOMAIN: "nordlys.test",
      DKIM_SELECTOR: "mail2026",
      // As it sits in a .env file: one line, literal \n.
      DKIM_PRIVATE_KEY: pem.replace(/\n/g, "\\n"),
      MAIL_FROM: "Nordlys Studio <news@nordlys.test>",
    });
    const sent = await sendMailNow({
      ...message,
      headers: {
        "List-Unsubscribe": "<https://nordlys.test/unsubscribe?token=abc>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
    });
    const raw = await fs.readFile(sent.outboxFile!);
    const publicDer = publicKey.export({ type: "spki", format: "der" }).toString("base64");
    const result = await dkimVerify(raw, {
      resolver: async (name: string, type: string) => {
        if (name === "mail2026._domainkey.nordlys.test" && type === "TXT") return [[`v=DKIM1; k=rsa; p=${publicDer}`]];
        throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
      },
    } as never);
    const [signature] = result.results;
    expect(signature?.status.result).toBe("pass");
    expect(signature?.signingDomain).toBe("nordlys.test");
    const signedHeaders = (signature as unknown as { signingHeaders: { keys: string } }).signingHeaders.keys.toLowerCase();
    expect(signedHeaders).toContain("list-unsubscribe");
    expect(signedHeaders).toContain("list-unsubscribe-post");
  });
});

describe("mail helpers", () => {
  it("parses MAIL_FROM forms", () => {
    expect(parseMailbox("Nordlys <hi@nordlys.test>")).toEqual({ name: "Nordlys", address: "hi@nordlys.test" });
    expect(parseMailbox('"Nordlys Studio" <hi@nordlys.test>')).toEqual({ name: "Nordlys Studio", address: "hi@nordlys.test" });
    expect(parseMailbox("hi@nordlys.test")).toEqual({ name: site.sender.name, address: "hi@nordlys.test" });
  });

  it("refuses to queue a mail without both parts", async () => {
    await expect(queueMail({ ...message, text: "" })).rejects.toThrow(/HTML and a plain-text part/);
  });
});
