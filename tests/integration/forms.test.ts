import { count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDatabase, createPool, setDatabase } from "~/.server/db/client";
import { submissions } from "~/.server/db/tables";
import { getJobs, setJobs } from "~/.server/jobs";
import { logger } from "~/.server/logger";
import { setAppSecret } from "~/.server/secret";
import { createFormStartToken, minFillMs } from "~/.server/form-traps";
import { handleFormAction, UNAVAILABLE_MESSAGE } from "~/features/forms/form-action.server";
import { releaseHeldSubmission } from "~/features/forms/release-held-submission.server";
import { FIELD_LIMITS } from "~/features/forms/schema";
import { action as apiAction } from "~/routes/api/send-contact-email";
import { action as newsletterApi } from "~/routes/api/newsletter-subscribe";
import { setupTestDatabase } from "../support/database";
import { startSmtpServer } from "../support/smtp-server";
import { setupTestMail } from "../support/mail-queue";
import { requestContextFor, routeArgs } from "../support/route-args";
import { waitUntil } from "../support/wait-until";
import { releaseOutcome } from "../support/release-outcome";

/**
 * The forms' whole path in one process: the API endpoint and the page action,
 * the submissions table, the pg-boss send-mail queue with its worker, and a
 * real SMTP server that receives and parses what we send.
 */
const database = setupTestDatabase();
setAppSecret("forms-test-secret-forms-test-secret-0000");

const STUDIO = "studio@example.test";
const smtp = setupTestMail(startSmtpServer, { MAIL_TO_STUDIO: STUDIO }, { database });

let ipCounter = 1;
/** Each test posts from its own address, so the per-IP limit only bites where a test wants it. */
const nextIp = () => `198.51.100.${ipCounter++}`;

let tokenSeq = 0;
/** A start time the page would have rendered a while ago; each one different, as a token counts once. */
const startedAt = () => createFormStartToken(Date.now() - minFillMs() - 1000 - tokenSeq++);

/** Posts to the API as a client that sends the page's start time, unless the body has its own (or `noToken`). */
async function postApi(body: unknown, options: { ip?: string; contentType?: string; raw?: string; noToken?: boolean } = {}) {
  const withToken =
    body && typeof body === "object" && !Array.isArray(body) && !("formStartedAt" in body) && !options.noToken
      ? { ...body, formStartedAt: startedAt() }
      : body;
  const request = new Request("http://localhost/api/send-contact-email", {
    method: "POST",
    headers: { "Content-Type": options.contentType ?? "application/json", "User-Agent": "forms-test/1.0" },
    body: options.raw ?? JSON.stringify(withToken),
  });
  const response = await apiAction(routeArgs(request, { clientIp: options.ip ?? nextIp() }));
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
}

async function postPage(source: "apply" | "mentoring" | "contact", fields: Record<string, string>, ip = nextIp()) {
  const request = new Request(`http://localhost/${source}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "User-Agent": "forms-test-browser" },
    body: new URLSearchParams(fields),
  });
  const result = await handleFormAction(source, request, requestContextFor(ip));
  return { status: result.init?.status ?? 200, data: result.data };
}

async function storedFor(email: string) {
  return database.current.db.select().from(submissions).where(eq(submissions.email, email));
}

async function submissionCount() {
  const [row] = await database.current.db.select({ n: count() }).from(submissions);
  return row?.n ?? 0;
}

async function mailJobsTo(address: string) {
  const result = await database.current.db.execute<{ state: string; retry_count: number }>(
    sql`select state, retry_count from pgboss.job where name = 'send-mail' and data->>'to' like ${`%${address}%`}`,
  );
  return result.rows;
}

/** Every queued mail that mentions `address` anywhere (recipient, Reply-To, body). */
async function mailJobsMentioning(address: string) {
  const result = await database.current.db.execute<{ state: string; to: string }>(
    sql`select state, data->>'to' as to from pgboss.job where name = 'send-mail' and data::text like ${`%${address}%`}`,
  );
  return result.rows;
}

/** Waits until mail to `address` has arrived, and returns it all. */
const mailsTo = (address: string, timeoutMs?: number) =>
  waitUntil(() => (smtp.current.to(address).length ? smtp.current.to(address) : null), timeoutMs);

/** A contact or mentoring form as sent, its disclaimer accepted. */
const filledForm = (source: "contact" | "mentoring", name: string, email: string, message: string, extra: Record<string, string> = {}) => ({
  source,
  name,
  email,
  message,
  disclaimerAccepted: true,
  ...extra,
});

const apply = (email: string, extra: Record<string, unknown> = {}) => ({
  source: "apply",
  name: "Ada Lovelace",
  email,
  idea: "A voice assistant that books physiotherapy appointments.\nIt speaks Norwegian and English.",
  why: "Clinics lose a day a week to phone calls.",
  disclaimerAccepted: true,
  ...extra,
});

describe("POST /api/send-contact-email", () => {
  it("stores the submission, then mails the studio and the sender with HTML and text parts", async () => {
    const response = await postApi(apply("ada@example.com"));
    expect(response).toMatchObject({ status: 200, body: { success: true } });

    const [row] = await storedFor("ada@example.com");
    expect(row).toMatchObject({
      source: "apply",
      name: "Ada Lovelace",
      disclaimerAccepted: true,
      userAgent: "forms-test/1.0",
      fields: {
        idea: "A voice assistant that books physiotherapy appointments.\nIt speaks Norwegian and English.",
        why: "Clinics lose a day a week to phone calls.",
      },
    });
    expect(row?.ipHash).toMatch(/^[\w-]{32}$/);
    expect(row?.ipHash).not.toContain("198.51");

    const [notification] = await mailsTo(STUDIO);
    expect(notification!.envelope.to).toEqual([STUDIO]);
    expect(notification!.envelope.from).toBe("studio@nordlys.test");
    const mail = notification!.parsed;
    expect(mail.subject).toBe("New application from Ada Lovelace");
    expect(mail.from?.value).toEqual([{ name: "Nordlys Studio", address: "studio@nordlys.test" }]);
    expect(mail.replyTo?.value).toEqual([{ name: "Ada Lovelace", address: "ada@example.com" }]);
    // The sender's line breaks survive in both parts.
    expect(mail.text).toMatch(/A voice assistant that books physiotherapy appointments\.\r?\nIt speaks Norwegian and English\./);
    expect(mail.text).toContain("Clinics lose a day a week to phone calls.");
    expect(mail.html).toMatch(/A voice assistant that books physiotherapy appointments\.(<!-- -->)?<br\/?>(<!-- -->)?It speaks/);
    expect(mail.html).toContain("Why should we build this?");
    expect(mail.html).toContain(row!.id);

    const [acknowledgement] = await mailsTo("ada@example.com");
    const ack = acknowledgement!.parsed;
    expect(acknowledgement!.envelope.to).toEqual(["ada@example.com"]);
    expect(ack.subject).toBe("We received your application");
    expect(ack.text).toContain("Hi Ada,");
    expect(ack.text).toMatch(/within 24 hours/);
    expect(ack.html).toMatch(/within 24 hours/);
    // The acknowledgement repeats nothing else the sender typed.
    expect(ack.text).not.toContain("physiotherapy");
    expect(ack.html).not.toContain("physiotherapy");
  });

  it("never lets a field add or change e-mail headers, and renders text as text", async () => {
    const injected = "Eve\r\nBcc: victim@example.net\r\nX-Injected: yes";
    const response = await postApi(
      filledForm("contact", injected, "eve@example.com", "<script>alert(1)</script>\r\n\r\nSubject: hijacked\r\nBcc: victim@example.net"),
    );
    expect(response.status).toBe(200);
    const mails = await waitUntil(() => {
      const mine = smtp.current.received.filter(
        (mail) => mail.rawHeaders.includes("eve@example.com") || mail.envelope.to.includes("eve@example.com"),
      );
      return mine.length === 2 ? mine : null;
    });
    for (const mail of mails) {
      expect([[STUDIO], ["eve@example.com"]]).toContainEqual(mail.envelope.to);
      expect(mail.parsed.headers.has("bcc")).toBe(false);
      expect(mail.parsed.headers.has("x-injected")).toBe(false);
      expect(mail.rawHeaders).not.toMatch(/^(bcc|x-injected):/im);
      expect(mail.parsed.subject).not.toMatch(/[\r\n]/);
      expect(mail.parsed.subject).not.toBe("hijacked");
      expect(mail.parsed.html || "").not.toContain("<script>");
    }
    expect(smtp.current.received.some((mail) => mail.envelope.to.includes("victim@example.net"))).toBe(false);
    const notification = mails.find((mail) => mail.envelope.to.includes(STUDIO))!;
    expect(notification.parsed.subject).toBe("New message from Eve Bcc: victim@example.net X-Injected: yes");
    expect(notification.parsed.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");

    // An e-mail address with a line break is not an address.
    const bad = await postApi({ ...apply("eve@example.com\r\nBcc: victim@example.net") });
    expect(bad).toMatchObject({ status: 400, body: { error: "Valid email required" } });
  });

  it("answers every kind of bad input with 400 and the first validation message, storing nothing", async () => {
    const before = await submissionCount();
    const long = (n: number) => "x".repeat(n);
    const cases: Array<[unknown, string]> = [
      [{}, "Source must be one of apply, mentoring or contact"],
      [{ ...apply("a@example.com"), source: "newsletter" }, "Source must be one of apply, mentoring or contact"],
      [{ ...apply("a@example.com"), source: 3 }, "Source must be one of apply, mentoring or contact"],
      [[apply("a@example.com")], "The request body must be a JSON object."],
      [null, "The request body must be a JSON object."],
      ["apply", "The request body must be a JSON object."],
      [{ ...apply("a@example.com"), name: undefined }, "Name is required"],
      [{ ...apply("a@example.com"), name: "   " }, "Name is required"],
      [{ ...apply("a@example.com"), name: 42 }, "Name must be text"],
      [{ ...apply("a@example.com"), name: long(FIELD_LIMITS.name + 1) }, "Name must be 100 characters or fewer"],
      [{ ...apply("a@example.com"), email: undefined }, "Valid email required"],
      [{ ...apply("a@example.com"), email: "" }, "Valid email required"],
      [{ ...apply("a@example.com"), email: "not-an-email" }, "Valid email required"],
      [{ ...apply("a@example.com"), email: ["a@example.com"] }, "Valid email required"],
      [{ ...apply("a@example.com"), email: `${long(250)}@example.com` }, "Email must be 255 characters or fewer"],
      [{ ...apply("a@example.com"), idea: "" }, "Please describe your idea"],
      [{ ...apply("a@example.com"), idea: { text: "hi" } }, "Your idea must be text"],
      [{ ...apply("a@example.com"), idea: long(5001) }, "Your idea must be 5,000 characters or fewer"],
      [{ ...apply("a@example.com"), why: " \n " }, "Please explain why we should build this"],
      [{ ...apply("a@example.com"), disclaimerAccepted: false }, "Please acknowledge the terms to proceed"],
      [{ ...apply("a@example.com"), disclaimerAccepted: undefined }, "Please acknowledge the terms to proceed"],
      [{ ...apply("a@example.com"), disclaimerAccepted: "true" }, "Please acknowledge the terms to proceed"],
      [{ source: "mentoring", name: "Mo", email: "mo@example.com", disclaimerAccepted: true }, "Please describe your learning goals"],
      [{ source: "contact", name: "Co", email: "co@example.com", message: "", disclaimerAccepted: true }, "Message is required"],
      [
        { source: "contact", name: "Co", email: "co@example.com", message: long(5001), disclaimerAccepted: true },
        "Message must be 5,000 characters or fewer",
      ],
      // Several problems: the first field's message.
      [{ source: "contact" }, "Name is required"],
    ];
    for (const [body, error] of cases) {
      const response = await postApi(body);
      expect({ body, status: response.status, error: response.body.error }).toEqual({ body, status: 400, error });
    }

    expect(await postApi(null, { raw: '{"source": "apply", ' })).toMatchObject({
      status: 400,
      body: { error: "The request body is not valid JSON." },
    });
    expect(await postApi(null, { raw: "" })).toMatchObject({ status: 400, body: { error: "The request body is empty." } });
    expect(await postApi(null, { raw: "name=Ada", contentType: "application/x-www-form-urlencoded" })).toMatchObject({
      status: 415,
    });
    expect(await postApi(null, { raw: JSON.stringify(apply("a@example.com")), contentType: "text/plain" })).toMatchObject({
      status: 415,
    });
    expect(await submissionCount()).toBe(before);
  });

  it("holds what looks automated: stored with the reason, the same answer, no mail to anyone", async () => {
    const honeypot = await postApi(apply("held-api1@example.com", { website: "https://spam.example" }));
    const tooFast = await postApi(apply("held-api2@example.com", { formStartedAt: createFormStartToken(Date.now() - 500) }));
    const forged = await postApi(apply("held-api3@example.com", { formStartedAt: `${Date.now() - 60_000}.forged-signature00000` }));
    for (const response of [honeypot, tooFast, forged]) expect(response).toMatchObject({ status: 200, body: { success: true } });

    const expected: Array<[string, string]> = [
      ["held-api1@example.com", "honeypot"],
      ["held-api2@example.com", "too-fast"],
      ["held-api3@example.com", "bad-token"],
    ];
    for (const [address, reason] of expected) {
      const [row, ...others] = await storedFor(address);
      expect(others).toEqual([]);
      expect(row).toMatchObject({ name: "Ada Lovelace", holdReason: reason, fields: { why: "Clinics lose a day a week to phone calls." } });
      expect(row!.heldAt).toBeInstanceOf(Date);
      // Stored and queued in one transaction: no job now means no mail ever (until a release).
      expect(await mailJobsMentioning(address)).toEqual([]);
    }
    const [fast] = await storedFor("held-api2@example.com");
    expect(fast!.fillMs).toBeGreaterThanOrEqual(500);
    expect(fast!.fillMs).toBeLessThan(minFillMs());

    // A person who took their time passes the same check; an API caller without a start time too.
    const person = await postApi(apply("slow@example.com", { formStartedAt: createFormStartToken(Date.now() - minFillMs() - 1000) }));
    expect(person.status).toBe(200);
    const [slow] = await storedFor("slow@example.com");
    expect(slow).toMatchObject({ heldAt: null, holdReason: null });
    expect(slow!.fillMs).toBeGreaterThan(minFillMs());
    await waitUntil(async () => (await mailJobsMentioning("slow@example.com")).length === 2);
  });

  it("holds a post without the form's start time, with an expired one, or with one already used", async () => {
    const noToken = await postApi(apply("token-none@example.com"), { noToken: true });
    const expired = await postApi(apply("token-old@example.com", { formStartedAt: createFormStartToken(Date.now() - 13 * 3600 * 1000) }));
    const token = startedAt();
    const first = await postApi(apply("token-first@example.com", { formStartedAt: token }));
    const replay = await postApi(apply("token-replay@example.com", { formStartedAt: token }));
    for (const answer of [noToken, expired, first, replay]) expect(answer).toMatchObject({ status: 200, body: { success: true } });

    expect(await storedFor("token-none@example.com")).toMatchObject([{ holdReason: "missing-token", heldAt: expect.any(Date) }]);
    expect(await storedFor("token-old@example.com")).toMatchObject([{ holdReason: "expired-token", heldAt: expect.any(Date) }]);
    expect(await storedFor("token-first@example.com")).toMatchObject([{ holdReason: null, heldAt: null }]);
    expect(await storedFor("token-replay@example.com")).toMatchObject([{ holdReason: "reused-token", heldAt: expect.any(Date) }]);
    // Held ones mail no one; the first one mails as ever.
    for (const held of ["token-none", "token-old", "token-replay"]) expect(await mailJobsMentioning(`${held}@example.com`)).toEqual([]);
    expect(await mailJobsMentioning("token-first@example.com")).toHaveLength(2);
  });

  it("gives a start time back when its submission was refused, so the visitor's second try is not taken for a replay", async () => {
    const ip = nextIp();
    // Held ones count against the address as well, and queue no mail for the worker to get through.
    for (let i = 0; i < 5; i++) expect((await postApi(apply(`retry-limit${i}@example.com`, { website: "x" }), { ip })).status).toBe(200);
    const token = startedAt();
    const refused = await postApi(apply("retry-after-429@example.com", { formStartedAt: token }), { ip });
    expect(refused.status).toBe(429);
    // The same page sent again (from another network, as a person switching to mobile data would).
    expect((await postApi(apply("retry-after-429@example.com", { formStartedAt: token }))).status).toBe(200);
    expect(await storedFor("retry-after-429@example.com")).toMatchObject([{ holdReason: null, heldAt: null }]);
  });

  it("spends a rate-limit point on a held submission, as on any other", async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++) {
      expect((await postApi(apply(`held-limit${i}@example.com`, { website: "x" }), { ip })).status).toBe(200);
    }
    const limited = await postApi(apply("held-limit5@example.com"), { ip });
    expect(limited.status).toBe(429);
    expect(await storedFor("held-limit5@example.com")).toEqual([]);
  });

  it("limits submissions per client address with 429 and Retry-After", async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++) {
      expect((await postApi(apply(`limit${i}@example.com`), { ip })).status).toBe(200);
    }
    const limited = await postApi(apply("limit5@example.com"), { ip });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatch(/Too many submissions/);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await storedFor("limit5@example.com")).toEqual([]);
    // Someone else is not affected.
    expect((await postApi(apply("other@example.com"))).status).toBe(200);
  });
});

describe("when the mail server is down or slow", () => {
  it("stores the submission at once and delivers the mail after the server comes back", async () => {
    // Each failed attempt logs an error: expected here, so kept out of the test output.
    const level = logger.level;
    logger.level = "fatal";
    await smtp.current.stop();
    try {
      const response = await postApi(filledForm("contact", "Grace Hopper", "grace@example.com", "We need a compiler for our chatbot."));
      expect(response).toMatchObject({ status: 200, body: { success: true } });
      expect(await storedFor("grace@example.com")).toHaveLength(1);

      // The worker tries, fails, and schedules a retry; nothing is lost.
      const retrying = await waitUntil(async () => {
        const rows = await mailJobsTo("grace@example.com");
        return rows.some((row) => row.retry_count > 0) ? rows : null;
      });
      expect(retrying.every((row) => row.state !== "failed")).toBe(true);
      expect(smtp.current.to("grace@example.com")).toEqual([]);
    } finally {
      await smtp.current.start();
      logger.level = level;
    }
    const [delivered] = await mailsTo("grace@example.com", 30_000);
    expect(delivered!.parsed.subject).toBe("We received your message");
    await waitUntil(() => smtp.current.to(STUDIO).some((mail) => mail.parsed.subject === "New message from Grace Hopper"), 30_000);
    // The job is marked done just after the server accepted the message.
    await waitUntil(async () => {
      const rows = await mailJobsTo("grace@example.com");
      return rows.length === 1 && rows[0]!.state === "completed";
    });
  });

  it("answers before a slow SMTP server has accepted anything", async () => {
    smtp.current.setDelay(2_000);
    try {
      const response = await postApi(
        filledForm("mentoring", "Linus", "linus@example.com", "I want to learn retrieval-augmented generation."),
      );
      expect(response.status).toBe(200);
      expect(smtp.current.to("linus@example.com")).toEqual([]);
      await waitUntil(() => smtp.current.to("linus@example.com").length === 1, 30_000);
    } finally {
      smtp.current.setDelay(0);
    }
  });
});

describe("storage and queueing are one transaction", () => {
  it("stores nothing when the mails cannot be queued", async () => {
    const jobs = getJobs();
    setJobs(undefined); // the queue is not available: queueMail throws inside the transaction
    try {
      const response = await postApi(apply("atomic@example.com"));
      expect(response).toMatchObject({ status: 500, body: { error: "Something went wrong on our side. Please try again." } });
    } finally {
      setJobs(jobs);
    }
    expect(await storedFor("atomic@example.com")).toEqual([]);
  });
});

describe("the pages' form action", () => {
  const fill = (email: string, extra: Record<string, string> = {}) => ({
    name: "Katherine Johnson",
    email,
    message: "Trajectory maths for a small satellite startup.",
    disclaimerAccepted: "on",
    website: "",
    formStartedAt: createFormStartToken(Date.now() - minFillMs() - 500),
    ...extra,
  });

  it("stores a valid post and answers with the success toast and a reset", async () => {
    const result = await postPage("contact", fill("katherine@example.com"));
    expect(result.status).toBe(200);
    expect(result.data).toMatchObject({ outcome: "success", message: "Thanks! We'll be in touch." });
    expect(result.data.result?.initialValue).toBeNull();
    expect(await storedFor("katherine@example.com")).toHaveLength(1);
  });

  it("returns the docs/product.md#forms messages per field at once, keeps what was typed and the form's start time", async () => {
    // Sent right after the page rendered: errors still come back (only a valid form can look like a bot).
    const startToken = createFormStartToken();
    const result = await postPage("apply", { name: "", email: "nope", idea: "", why: "", website: "", formStartedAt: startToken });
    expect(result.status).toBe(400);
    expect(result.data.outcome).toBe("invalid");
    expect(result.data.result?.error).toEqual({
      name: ["Name is required"],
      email: ["Valid email required"],
      idea: ["Please describe your idea"],
      why: ["Please explain why we should build this"],
      disclaimerAccepted: ["Please acknowledge the terms to proceed"],
    });
    expect(result.data.result?.initialValue).toMatchObject({ email: "nope" });
    expect(result.data.startToken).toBe(startToken);
  });

  it("holds a form sent back as fast as autofill, or with the hidden field filled, and answers exactly as for a person", async () => {
    const person = await postPage("mentoring", fill("person@example.com"));
    // Posted 300 ms after the page rendered: what autofill and a quick click look like.
    const quick = await postPage("mentoring", fill("quick@example.com", { formStartedAt: createFormStartToken(Date.now() - 300) }));
    expect(quick.status).toBe(person.status);
    expect(quick.data).toEqual(person.data);
    expect(quick.data).toMatchObject({
      outcome: "success",
      message: "Mentoring request sent! We'll contact you to schedule.",
      startToken: null,
    });
    expect(quick.data.result?.initialValue).toBeNull(); // the form is reset, as after any success

    const honeypot = await postPage("contact", fill("honey@example.com", { website: "http://spam.example" }));
    const noToken = await postPage("contact", fill("notoken@example.com", { formStartedAt: "" }));
    for (const result of [honeypot, noToken])
      expect(result).toMatchObject({ status: 200, data: { outcome: "success", message: "Thanks! We'll be in touch." } });

    for (const [address, reason] of [
      ["quick@example.com", "too-fast"],
      ["honey@example.com", "honeypot"],
      ["notoken@example.com", "missing-token"],
    ] as const) {
      const rows = await storedFor(address);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ holdReason: reason, userAgent: "forms-test-browser", disclaimerAccepted: true });
      expect(rows[0]!.heldAt).toBeInstanceOf(Date);
      expect(await mailJobsMentioning(address)).toEqual([]);
    }
    expect((await storedFor("quick@example.com"))[0]!.fillMs).toBeLessThan(minFillMs());
    expect(await storedFor("person@example.com")).toMatchObject([{ heldAt: null, holdReason: null }]);
  });

  it("shows a failure, and queues no mail, when the database cannot be written", async () => {
    const brokenPool = createPool("postgres://nobody:secret@127.0.0.1:9/nowhere", 1);
    setDatabase(createDatabase(brokenPool));
    try {
      const result = await postPage("contact", fill("lost@example.com"));
      expect(result.status).toBe(503);
      expect(result.data).toMatchObject({ outcome: "error", message: UNAVAILABLE_MESSAGE });
      expect(result.data.result?.error).toEqual({ "": [UNAVAILABLE_MESSAGE] });
      // The typed values come back, so the visitor can try again.
      expect(result.data.result?.initialValue).toMatchObject({ email: "lost@example.com" });
    } finally {
      setDatabase(database.current.db);
      await brokenPool.end();
    }
    expect(await mailJobsTo("lost@example.com")).toEqual([]);
  });
});

describe("releasing a held submission", () => {
  const held = (name: string, email: string) =>
    postApi({
      source: "contact",
      name,
      email,
      message: "Sent by autofill, in a hurry.",
      disclaimerAccepted: true,
      website: "https://autofill.example",
    });

  it("delivers it as a normal submission: the studio's notification and the acknowledgement, once, however often it is released", async () => {
    expect((await held("Release Twice", "release-twice@example.com")).status).toBe(200);
    const [row] = await storedFor("release-twice@example.com");
    expect(row!.heldAt).not.toBeNull();

    // Two admins (or a double click) at the same moment: one release wins.
    const outcomes = await Promise.all([releaseOutcome(releaseHeldSubmission(row!.id)), releaseOutcome(releaseHeldSubmission(row!.id))]);
    expect(outcomes.sort()).toEqual(["not-held", "released"]);
    expect(await releaseOutcome(releaseHeldSubmission(row!.id))).toBe("not-held");
    expect(await storedFor("release-twice@example.com")).toMatchObject([{ id: row!.id, heldAt: null, holdReason: null }]);

    const [ack] = await mailsTo("release-twice@example.com");
    expect(ack!.parsed.subject).toBe("We received your message");
    const notification = await waitUntil(() =>
      smtp.current.to(STUDIO).find((mail) => mail.parsed.subject === "New message from Release Twice"),
    );
    expect(notification.parsed.replyTo?.value).toEqual([{ name: "Release Twice", address: "release-twice@example.com" }]);
    expect(notification.parsed.text).toContain("Sent by autofill, in a hurry.");
    expect(notification.parsed.html).toContain(row!.id);
    // Exactly two mails were queued; once both are delivered, the SMTP server has exactly those.
    await waitUntil(async () => {
      const jobs = await mailJobsMentioning("release-twice@example.com");
      return jobs.length === 2 && jobs.every((job) => job.state === "completed");
    });
    expect(smtp.current.to("release-twice@example.com")).toHaveLength(1);
    expect(smtp.current.to(STUDIO).filter((mail) => mail.parsed.subject === "New message from Release Twice")).toHaveLength(1);
  });

  it("sends the acknowledgement only within its per-address limit", async () => {
    const address = "ack-limit@example.com";
    for (let i = 0; i < 3; i++) expect((await postApi(apply(address))).status).toBe(200);
    expect((await held("Ack Limit", address)).status).toBe(200);
    const heldRow = (await storedFor(address)).find((row) => row.heldAt !== null)!;
    expect(await releaseOutcome(releaseHeldSubmission(heldRow.id))).toBe("released");
    const jobs = await mailJobsMentioning(address);
    // 3 x (notification + acknowledgement), then the released one's notification alone.
    expect(jobs.filter((job) => job.to.includes(STUDIO))).toHaveLength(4);
    expect(jobs.filter((job) => job.to.includes(address))).toHaveLength(3);
  });

  it("answers not-found for an id that does not exist", async () => {
    expect(await releaseOutcome(releaseHeldSubmission("00000000-0000-4000-8000-000000000000"))).toBe("not-found");
  });
});

describe("mails to one person's address", () => {
  /** Every queued mail to an address of `local`@example.com, whatever its case or `+tag`. */
  async function mailJobsToPerson(local: string) {
    const result = await database.current.db.execute<{ to: string; tag: string }>(
      sql`select data->>'to' as to, data->>'tag' as tag from pgboss.job where name = 'send-mail'`,
    );
    const person = new RegExp(`^${local}(\\+[a-z0-9]+)?@example\\.com$`, "i");
    return result.rows.filter((row) => person.test(row.to));
  }

  it("sends at most 3 an hour, however the address is spelled, counting the forms and the newsletter together; every submission is stored", async () => {
    const variants = ["Inbox-Victim+1@Example.com", "inbox-victim+2@example.com", "INBOX-VICTIM@example.com", "inbox-victim+3@EXAMPLE.com"];
    const forms = ["apply", "mentoring", "contact", "contact"] as const;
    for (const [i, email] of variants.entries()) {
      const body =
        forms[i] === "apply"
          ? apply(email)
          : forms[i] === "mentoring"
            ? filledForm("mentoring", "Ada", email, "Learn to ship.")
            : filledForm("contact", "Ada", email, "Hello there, a project.");
      const answer = await postApi(body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }
    // All four are stored and the studio hears of each; the person got three acknowledgements.
    const stored = await database.current.db.execute<{ n: number }>(
      sql`select count(*)::int as n from submissions where lower(email) like '%inbox-victim%'`,
    );
    expect(stored.rows[0]!.n).toBe(4);
    const jobs = await mailJobsToPerson("inbox-victim");
    expect(jobs.map((job) => job.tag).sort()).toEqual(["apply-acknowledgement", "contact-acknowledgement", "mentoring-acknowledgement"]);

    // The newsletter's confirmation to yet another spelling counts against the same allowance: told to try later.
    const request = new Request("http://localhost/api/newsletter-subscribe", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "inbox-victim+news@example.com" }),
    });
    const signup = await newsletterApi(routeArgs(request, { clientIp: nextIp() }));
    expect(signup.status).toBe(429);
    expect(Number(signup.headers.get("Retry-After"))).toBeGreaterThan(3_000);
    expect(await mailJobsToPerson("inbox-victim")).toHaveLength(3);

    // Someone else's address is not affected.
    expect((await postApi(apply("inbox-bystander@example.com"))).status).toBe(200);
    expect(await mailJobsTo("inbox-bystander@example.com")).toHaveLength(1);
  });

  it("counts newsletter confirmations first: after three sign-ups of +tag variants a form gets no acknowledgement", async () => {
    for (const tag of ["a", "b", "c"]) {
      const request = new Request("http://localhost/api/newsletter-subscribe", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: `news-victim+${tag}@example.com` }),
      });
      const signup = await newsletterApi(routeArgs(request, { clientIp: nextIp() }));
      // One confirmation an hour per person: the first goes out, the next are told to try later.
      expect(signup.status).toBe(tag === "a" ? 200 : 429);
    }
    for (let i = 0; i < 3; i++) expect((await postApi(apply(`News-Victim+form${i}@example.com`))).status).toBe(200);
    const jobs = await mailJobsToPerson("news-victim");
    expect(jobs.map((job) => job.tag).sort()).toEqual(["apply-acknowledgement", "apply-acknowledgement", "newsletter-confirmation"]);
  });
});
