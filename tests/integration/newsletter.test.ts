import { spawn } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { dkimVerify } from "mailauth/lib/dkim/verify";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { aiNews, newsletterDeliveries, newsletterIssues, newsletterSubscriptions } from "~/.server/db/tables";
import { resetEnvForTests } from "~/.server/env";
import { closeMailer } from "~/.server/mail";
import { newsletterDeliveries as deliveryMetric } from "~/.server/metrics";
import { setAppSecret } from "~/.server/secret";
import { listNewsletterIssues } from "~/features/newsletter/list-issues.server";
import { pruneNewsletterData } from "~/features/newsletter/newsletter-jobs.server";
import { resumeUnfinishedIssue } from "~/features/newsletter/resume-unfinished-issue.server";
import { newsletterMessages } from "~/features/newsletter/schema";
import { sendDailyIssue } from "~/features/newsletter/send-daily-issue.server";
import { eraseSubscriber, exportSubscriberData } from "~/features/newsletter/subscriber-data.server";
import { createNewsletterToken, verifyNewsletterToken } from "~/features/newsletter/token.server";
import { action as subscribeApi } from "~/routes/api/newsletter-subscribe";
import { action as sendApi } from "~/routes/api/send-daily-newsletter";
import { action as confirmAction, loader as confirmLoader } from "~/routes/newsletter-confirm";
import { action as noJsSignupAction } from "~/routes/newsletter-subscribe";
import { action as oneClickAction, loader as oneClickLoader } from "~/routes/unsubscribe-one-click";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "~/routes/unsubscribe";
import { setupTestDatabase } from "../support/database";
import { startSmtpSink } from "../support/smtp-sink";
import { setupTestMail } from "../support/mail-queue";
import { routeArgs } from "../support/route-args";
import { waitUntil } from "../support/wait-until";

/**
 * The newsletter end to end in one process (and one child process): the
 * sign-up endpoint and pages, the send-mail queue, the daily issue sender and
 * a real SMTP server (smtp-server) whose messages are parsed with mailparser.
 */
const database = setupTestDatabase();
const SECRET = "newsletter-test-secret-newsletter-test-0000";
setAppSecret(SECRET);
const PUBLIC_URL = "https://nordlys.test";
const FROM = "Nordlys Studio <news@nordlys.test>";

const sink = setupTestMail(
  startSmtpSink,
  { PUBLIC_URL, MAIL_FROM: FROM, NEWSLETTER_SEND_RATE: "0", NEWSLETTER_SEND_CONCURRENCY: "4" },
  { database },
);

let ipCounter = 1;
const nextIp = () => `203.0.113.${ipCounter++}`;

async function subscribe(body: unknown, ip = nextIp()) {
  const request = new Request("http://localhost/api/newsletter-subscribe", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const response = await subscribeApi(routeArgs(request, { clientIp: ip }));
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
}

const db = () => database.current.db;

async function subscription(email: string) {
  const [row] = await db().select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email));
  return row;
}

function pageRequest(url: string, form?: Record<string, string>) {
  return new Request(url, form ? { method: "POST", body: new URLSearchParams(form) } : undefined);
}

/** Route functions return `data(...)` (DataWithResponseInit) or plain objects. */
function unwrap<T>(result: unknown): { data: T; status: number } {
  const value = result as { type?: string; data?: T; init?: { status?: number } | null };
  if (value && value.type === "DataWithResponseInit") return { data: value.data as T, status: value.init?.status ?? 200 };
  return { data: result as T, status: 200 };
}

const confirmLink = (html: string) => {
  const match = /href="(https:\/\/nordlys\.test\/newsletter\/confirm\?token=[\w-]+)"/.exec(html);
  if (!match?.[1]) throw new Error("no confirmation link in the mail");
  return match[1];
};

/** What an hour does to the per-address confirmation mail limit. */
async function forgetConfirmationMailLimits() {
  await db().execute(sql`update rate_limits set expire = 0 where key like 'newsletter-confirm-mail:%' or key like 'recipient-mail:%'`);
}

/** Lets the sign-up tests' confirmation mails leave the queue before the sink starts counting. */
async function drainMailQueue() {
  await waitUntil(async () => {
    const { rows } = await db().execute<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where name = 'send-mail' and state in ('created', 'retry', 'active')`,
    );
    return rows[0]!.n === 0;
  }, 30_000);
}

describe("sign-up and double opt-in", () => {
  it("answers the product's validation messages", async () => {
    expect(await subscribe({ email: "" })).toMatchObject({ status: 400, body: { error: newsletterMessages.emailRequired } });
    expect(await subscribe({ email: "nope" })).toMatchObject({ status: 400, body: { error: newsletterMessages.emailInvalid } });
    expect(await subscribe({ email: `${"x".repeat(250)}@example.com` })).toMatchObject({
      status: 400,
      body: { error: "Email must be less than 255 characters" },
    });
  });

  it("stores a pending, lowercased address and mails a confirmation link; only a POST confirms", async () => {
    const answer = await subscribe({ email: "  Grace.Hopper@Example.TEST ", source: "home" });
    expect(answer).toEqual({
      status: 200,
      headers: expect.anything(),
      body: { success: true, message: "Successfully subscribed! Check your email for confirmation." },
    });
    const row = await subscription("grace.hopper@example.test");
    expect(row).toMatchObject({ confirmed: false, confirmedAt: null, source: "home" });

    await waitUntil(() => sink.current.countsByRecipient().get("grace.hopper@example.test"));
    const mail = await sink.current.received.find((m) => m.to.includes("grace.hopper@example.test"))!.parse();
    expect(mail.subject).toBe("Confirm your subscription to the daily AI news");
    expect(mail.text).toContain("/newsletter/confirm?token=");
    const link = confirmLink(String(mail.html));

    // Opening the link (what a mail scanner does) shows the button and changes nothing.
    const opened = unwrap<{ state: string; email: string }>(await confirmLoader(routeArgs(pageRequest(link))));
    expect(opened.data).toMatchObject({ state: "ready", email: "g•••@example.test" });
    expect((await subscription("grace.hopper@example.test"))!.confirmed).toBe(false);

    // Pressing the button confirms.
    const token = new URL(link).searchParams.get("token")!;
    const pressed = unwrap<{ state: string }>(await confirmAction(routeArgs(pageRequest(link, { token }), { clientIp: "203.0.113.50" })));
    expect(pressed.data.state).toBe("confirmed");
    const confirmed = await subscription("grace.hopper@example.test");
    expect(confirmed).toMatchObject({ confirmed: true, unsubscribedAt: null });
    expect(confirmed!.confirmedAt).toBeInstanceOf(Date);

    // Now the address is known: the product's 'already subscribed' answer.
    expect((await subscribe({ email: "grace.hopper@example.test" })).body).toEqual({
      success: true,
      message: "You're already subscribed to our newsletter!",
    });
  });

  it("the news page's form gets its own success text, and works without JavaScript", async () => {
    const request = pageRequest("http://localhost/newsletter/subscribe", { email: "Linus@Example.test", source: "ai-news", nickname: "" });
    const result = unwrap<{ result: { outcome: string; message: string } }>(
      await noJsSignupAction(routeArgs(request, { clientIp: nextIp() })),
    );
    expect(result.data.result).toMatchObject({ outcome: "subscribed", message: "Successfully subscribed! Check your email." });
    expect(await subscription("linus@example.test")).toMatchObject({ source: "ai-news", confirmed: false });

    const invalid = unwrap<{ result: { outcome: string; message: string } }>(
      await noJsSignupAction(routeArgs(pageRequest("http://localhost/newsletter/subscribe", { email: "" }), { clientIp: nextIp() })),
    );
    expect(invalid).toMatchObject({ status: 400, data: { result: { outcome: "error", message: "Please enter your email address" } } });
  });

  it("sends at most one confirmation mail per address per hour, and says so instead of claiming success", async () => {
    expect((await subscribe({ email: "target@example.test" })).body.message).toBe(newsletterMessages.successHome);
    for (let i = 0; i < 2; i++) {
      const again = await subscribe({ email: "target@example.test" });
      expect(again.status).toBe(429);
      expect(again.body.error).toMatch(
        /^We sent a confirmation link to this address less than an hour ago: please use the link in that email .* in (59|60) minutes\.$/,
      );
      expect(Number(again.headers.get("Retry-After"))).toBeGreaterThan(3_500);
    }
    // The mail jobs are queued with the sign-ups: one job, and once it is done, one mail and no more.
    const jobsFor = await db().execute(
      sql`select count(*)::int as n from pgboss.job where name = 'send-mail' and data->>'to' = 'target@example.test'`,
    );
    expect(jobsFor.rows[0]).toEqual({ n: 1 });
    await waitUntil(
      async () => {
        const done = await db().execute(
          sql`select count(*)::int as n from pgboss.job where name = 'send-mail' and data->>'to' = 'target@example.test' and state = 'completed'`,
        );
        return (done.rows[0] as { n: number }).n === 1;
      },
      20_000,
      "the confirmation mail's job completed",
    );
    expect(sink.current.countsByRecipient().get("target@example.test")).toBe(1);
  });

  it("limits sign-ups per client address with a 429 and Retry-After", async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i++) expect((await subscribe({ email: `burst${i}@example.test` }, ip)).status).toBe(200);
    const refused = await subscribe({ email: "burst-last@example.test" }, ip);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: newsletterMessages.rateLimited });
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("rejects forged, tampered and other-purpose confirmation tokens", async () => {
    await subscribe({ email: "mallory-target@example.test" });
    const row = (await subscription("mallory-target@example.test"))!;
    const good = createNewsletterToken("confirm", row.id);
    const tampered = `${good.slice(0, 20)}${good[20] === "A" ? "B" : "A"}${good.slice(21)}`;
    for (const token of [tampered, createNewsletterToken("unsubscribe", row.id), Buffer.from(row.email).toString("base64"), "forged"]) {
      const url = `http://localhost/newsletter/confirm?token=${encodeURIComponent(token)}`;
      const result = unwrap<{ state: string }>(await confirmAction(routeArgs(pageRequest(url, { token }), { clientIp: "203.0.113.50" })));
      expect(result).toMatchObject({ status: 400, data: { state: "error" } });
    }
    expect((await subscription("mallory-target@example.test"))!.confirmed).toBe(false);
  });

  it("re-subscribing after an unsubscribe needs a new confirmation; old links do not re-subscribe", async () => {
    const email = "comeback@example.test";
    await subscribe({ email });
    const row = (await subscription(email))!;
    const oldLink = createNewsletterToken("confirm", row.id, new Date(Date.now() - 60_000));
    await confirmAction(routeArgs(pageRequest("http://localhost/newsletter/confirm", { token: oldLink }), { clientIp: "203.0.113.50" }));
    await unsubscribeAction(
      routeArgs(pageRequest("http://localhost/unsubscribe", { token: createNewsletterToken("unsubscribe", row.id) })),
    );
    expect(await subscription(email)).toMatchObject({ confirmed: false });

    const replay = unwrap<{ state: string }>(
      await confirmAction(routeArgs(pageRequest("http://localhost/newsletter/confirm", { token: oldLink }), { clientIp: "203.0.113.50" })),
    );
    expect(replay.data.state).toBe("error");
    expect((await subscription(email))!.unsubscribedAt).toBeInstanceOf(Date);

    // An hour later (the per-address mail limit), signing up again mails a new link.
    await forgetConfirmationMailLimits();
    expect((await subscribe({ email })).body.message).toBe(newsletterMessages.successHome);
    const fresh = createNewsletterToken("confirm", row.id, new Date(Date.now() + 1_000));
    await confirmAction(routeArgs(pageRequest("http://localhost/newsletter/confirm", { token: fresh }), { clientIp: "203.0.113.50" }));
    expect(await subscription(email)).toMatchObject({ confirmed: true, unsubscribedAt: null });
  });

  it("a visitor who unsubscribed and signs up again gets a confirmation mail, or is told when one can be sent; never a success with no mail", async () => {
    const email = "returning@example.test";
    const mailsTo = () => sink.current.received.filter((mail) => mail.to.includes(email));
    const confirmByMail = async (index: number) => {
      await waitUntil(() => mailsTo().length > index);
      const link = confirmLink(String((await mailsTo()[index]!.parse()).html));
      const token = new URL(link).searchParams.get("token")!;
      return unwrap<{ state: string }>(await confirmAction(routeArgs(pageRequest(link, { token }), { clientIp: "203.0.113.50" }))).data
        .state;
    };
    expect((await subscribe({ email })).body.message).toBe(newsletterMessages.successHome);
    expect(await confirmByMail(0)).toBe("confirmed");
    const row = (await subscription(email))!;
    await unsubscribeAction(
      routeArgs(pageRequest("http://localhost/unsubscribe", { token: createNewsletterToken("unsubscribe", row.id) })),
    );

    // Within the hour of the first mail: no mail can go out, and the visitor is told so and when to try again.
    const tooSoon = await subscribe({ email, source: "ai-news" });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.error).toMatch(
      /^To subscribe again, this address needs a new confirmation link, .* please try again in (59|60) minutes\.$/,
    );
    expect(Number(tooSoon.headers.get("Retry-After"))).toBeGreaterThan(3_500);
    const page = unwrap<{ result: { outcome: string; message: string; email: string } }>(
      await noJsSignupAction(
        routeArgs(pageRequest("http://localhost/newsletter/subscribe", { email, source: "ai-news" }), { clientIp: nextIp() }),
      ),
    );
    expect(page).toMatchObject({ status: 429, data: { result: { outcome: "try-later", message: tooSoon.body.error, email } } });
    expect(await subscription(email)).toMatchObject({ confirmed: false, unsubscribedAt: expect.any(Date) });

    // When the limit allows: the success message, and a mail whose link subscribes the address again.
    await forgetConfirmationMailLimits();
    expect((await subscribe({ email, source: "ai-news" })).body).toEqual({ success: true, message: newsletterMessages.successNews });
    expect(await confirmByMail(1)).toBe("confirmed");
    expect(await subscription(email)).toMatchObject({ confirmed: true, unsubscribedAt: null });
    await drainMailQueue();
    expect(mailsTo()).toHaveLength(2);
  });

  it("an address that bounced can sign up again: it gets a confirmation mail, and confirming makes it active", async () => {
    const email = "bounced-once@example.test";
    await db().insert(newsletterSubscriptions).values({ email, confirmed: true, confirmedAt: new Date(), bouncedAt: new Date() });
    expect((await subscribe({ email })).body.message).toBe(newsletterMessages.successHome);
    await waitUntil(() => sink.current.received.some((mail) => mail.to.includes(email)));
    const link = confirmLink(String((await sink.current.received.find((mail) => mail.to.includes(email))!.parse()).html));
    const token = new URL(link).searchParams.get("token")!;
    expect(
      unwrap<{ state: string }>(await confirmAction(routeArgs(pageRequest(link, { token }), { clientIp: "203.0.113.50" }))).data.state,
    ).toBe("confirmed");
    expect(await subscription(email)).toMatchObject({ confirmed: true, bouncedAt: null, unsubscribedAt: null });
  });
});

// ---------------------------------------------------------------------------------------------

let storyCounter = 0;
async function seedStories(count: number, publishedBefore: Date) {
  const rows = Array.from({ length: count }, (_, i) => ({
    title: `Story ${++storyCounter}: a model <b>that</b> reads ${i}`,
    summary: `Summary of story ${storyCounter}. Researchers released something & it matters.`,
    fullContent: "Full text",
    source: "Example Wire",
    sourceUrl: `https://news.example/story-${storyCounter}`,
    publishedAt: new Date(publishedBefore.getTime() - (i + 1) * 60_000),
  }));
  return db().insert(aiNews).values(rows).returning();
}

async function seedSubscribers(count: number, prefix: string, extra: Partial<typeof newsletterSubscriptions.$inferInsert> = {}) {
  const rows = Array.from({ length: count }, (_, i) => ({
    email: `${prefix}${String(i).padStart(4, "0")}@example.test`,
    confirmed: true,
    confirmedAt: new Date(),
    ...extra,
  }));
  const inserted: Array<{ id: string; email: string }> = [];
  for (let i = 0; i < rows.length; i += 1000) {
    inserted.push(
      ...(await db()
        .insert(newsletterSubscriptions)
        .values(rows.slice(i, i + 1000))
        .returning({ id: newsletterSubscriptions.id, email: newsletterSubscriptions.email })),
    );
  }
  return inserted;
}

async function deliveryCounts() {
  const result = await db().execute<{ status: string; n: number }>(
    sql`select status, count(*)::int as n from newsletter_deliveries group by status`,
  );
  return Object.fromEntries(result.rows.map((row) => [row.status, row.n]));
}

function expectExactlyOnce(emails: string[]) {
  const counts = sink.current.countsByRecipient();
  for (const email of emails) expect(counts.get(email), email).toBe(1);
  expect(sink.current.received.length).toBe(emails.length);
}

/**
 * Runs `npm run newsletter:send`'s script in a child process (today's issue),
 * waits until `ready` holds, kills it with SIGKILL and lets go of the messages
 * the mail server was holding (never accepted).
 */
async function killChildSenderWhen(ready: () => Promise<boolean>) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "nordlys-newsletter-child-"));
  // `node --import tsx` (not the tsx CLI, which runs the script in a grandchild): the kill must hit the sender.
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/newsletter-send.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: database.current.url,
      DATA_DIR: dataDir,
      APP_SECRET: SECRET,
      SMTP_URL: sink.current.url,
      PUBLIC_URL,
      MAIL_FROM: FROM,
      NEWSLETTER_SEND_RATE: "0",
      NEWSLETTER_SEND_CONCURRENCY: "4",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.on("exit", (code, signal) => resolve(signal ?? code)));
  try {
    await waitUntil(ready, 60_000);
  } catch (error) {
    child.kill("SIGKILL");
    throw new Error(`the child did not get half-way: ${String(error)}\n${output}`, { cause: error });
  } finally {
    child.kill("SIGKILL");
    expect(await exited).toBe("SIGKILL");
    sink.current.openGate();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

/** PostgreSQL rolls back the dead sender's transactions: its in-flight rows are pending (and unlocked) again. */
async function waitForPendingRowsFree(count: number) {
  await waitUntil(async () => {
    const free = await db().execute<{ n: number }>(sql`
      select count(*)::int as n from (select id from newsletter_deliveries where status = 'pending' for update skip locked) x`);
    return free.rows[0]!.n === count;
  });
}

/** For a describe block: its tests start with no subscribers, issues or stories, and nothing in the sink. */
function eachTestStartsEmpty() {
  beforeAll(drainMailQueue);
  beforeEach(async () => {
    await db().execute(sql`truncate newsletter_subscriptions, newsletter_issues, ai_news cascade`);
    closeMailer();
    sink.current.reset();
  });
}

describe("the daily issue", () => {
  eachTestStartsEmpty();

  it("mails the 5 newest stories once to every confirmed, active subscriber, with unsubscribe headers and footer link", async () => {
    const now = new Date("2030-01-10T08:00:00Z");
    const stories = await seedStories(7, now);
    const active = await seedSubscribers(3, "reader");
    await seedSubscribers(2, "pending", { confirmed: false, confirmedAt: null });
    await seedSubscribers(1, "gone", { confirmed: false, unsubscribedAt: new Date() });

    const sentBefore = (await deliveryMetric.get()).values.find((v) => v.labels.outcome === "sent")?.value ?? 0;
    const result = await sendDailyIssue({ now });
    expect(result).toMatchObject({ status: "sent", issueDate: "2030-01-10", successCount: 3, errorCount: 0, totalArticles: 5 });
    // nordlys_newsletter_deliveries_total on /metrics
    expect((await deliveryMetric.get()).values.find((v) => v.labels.outcome === "sent")?.value).toBe(sentBefore + 3);
    expectExactlyOnce(active.map((s) => s.email));

    const mail = sink.current.received.find((m) => m.to[0] === active[0]!.email)!;
    const parsed = await mail.parse();
    expect(parsed.subject).toBe(`AI news: ${stories[0]!.title.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ")}`);
    // The 5 newest stories, newest first, each with title, summary and link, in both parts.
    const html = String(parsed.html);
    let position = -1;
    for (const story of stories.slice(0, 5)) {
      const at = html.indexOf(story.sourceUrl!);
      expect(at, story.sourceUrl!).toBeGreaterThan(position);
      position = at;
      expect(parsed.text).toContain(story.sourceUrl!);
      expect(parsed.text).toContain(story.summary);
    }
    expect(html).not.toContain(stories[5]!.sourceUrl!);
    expect(html).toContain("&amp; it matters"); // feed text is escaped, never HTML
    expect(html).not.toContain("<b>that</b>");

    // RFC 8058 headers with this recipient's own signed https URL, and the visible footer link.
    expect(mail.rawHeaders).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    // Unfolded (nodemailer folds the long value onto a continuation line).
    const listUnsubscribe = /^List-Unsubscribe:(.*(?:\r\n[ \t].*)*)/m
      .exec(mail.rawHeaders)?.[1]
      ?.replace(/\r\n[ \t]+/g, " ")
      .trim();
    // The token carries its second of issue: read it from the header, then check whose it is.
    const token = /^<https:\/\/nordlys\.test\/unsubscribe\/one-click\?token=([A-Za-z0-9_-]+)>$/.exec(listUnsubscribe ?? "")?.[1] ?? "";
    expect(listUnsubscribe).toBe(`<${PUBLIC_URL}/unsubscribe/one-click?token=${token}>`);
    expect(verifyNewsletterToken("unsubscribe", token)?.subscriptionId).toBe(active[0]!.id);
    expect(html).toContain(`href="${PUBLIC_URL}/unsubscribe?token=${token}"`);
    expect(parsed.text).toContain(`${PUBLIC_URL}/unsubscribe?token=${token}`);
    expect(html).not.toContain("__NEWSLETTER_UNSUBSCRIBE_URL__");

    // Another recipient's links are their own.
    const other = await sink.current.received.find((m) => m.to[0] === active[1]!.email)!.parse();
    expect(String(other.html)).not.toContain(token);

    // The admin history shows the issue with its counts.
    expect(await listNewsletterIssues()).toEqual([
      expect.objectContaining({ issueDate: "2030-01-10", status: "sent", stories: 5, sent: 3, failed: 0, bounced: 0, pending: 0 }),
    ]);
  });

  it("a summary with a model's Markdown is bold and a link in the HTML part and plain text in the text part, never asterisks", async () => {
    const now = new Date("2030-01-20T08:00:00Z");
    await db()
      .insert(aiNews)
      .values({
        title: "A story with a Markdown summary",
        summary: "**Big** news, see [services](/services) [x](javascript:alert(1)) [y](javascript:void0) <script>alert(2)</script>",
        fullContent: "",
        source: "Example Wire",
        sourceUrl: "https://news.example/markdown",
        publishedAt: new Date(now.getTime() - 60_000),
      });
    const [reader] = await seedSubscribers(1, "markdown");
    await sendDailyIssue({ now });
    const parsed = await sink.current.received.find((m) => m.to[0] === reader!.email)!.parse();
    const html = String(parsed.html);
    expect(html).toMatch(/<strong>Big<\/strong> news, see <a href="https:\/\/nordlys\.test\/services"[^>]*>services<\/a>/);
    expect(html).not.toContain("**");
    expect(html).not.toContain("](/services)");
    expect(html).not.toContain("javascript:void0");
    expect(html).not.toContain("<script>alert(2)");
    expect(parsed.text).toContain(`Big news, see services (${PUBLIC_URL}/services)`);
    expect(parsed.text).not.toContain("**");
    expect(parsed.text).not.toContain("javascript:void0");
  });

  it("a second trigger the same day mails nobody twice; only new confirmations get it", async () => {
    const now = new Date("2030-02-10T08:00:00Z");
    await seedStories(5, now);
    const first = await seedSubscribers(4, "early");
    await sendDailyIssue({ now });
    const again = await sendDailyIssue({ now: new Date("2030-02-10T15:00:00Z") });
    expect(again).toMatchObject({ status: "sent", successCount: 4, totalArticles: 5 });
    expectExactlyOnce(first.map((s) => s.email));

    const late = await seedSubscribers(1, "late");
    const third = await sendDailyIssue({ now: new Date("2030-02-10T16:00:00Z") });
    expect(third.successCount).toBe(5);
    expectExactlyOnce([...first, ...late].map((s) => s.email));
  });

  it("never repeats a story, and with no new stories sends nothing and says so", async () => {
    const day1 = new Date("2030-03-10T08:00:00Z");
    const day2 = new Date("2030-03-11T08:00:00Z");
    const day3 = new Date("2030-03-12T08:00:00Z");
    const old = await seedStories(6, day1);
    await seedSubscribers(1, "daily");
    expect((await sendDailyIssue({ now: day1 })).totalArticles).toBe(5);

    const fresh = await seedStories(1, day2);
    const second = await sendDailyIssue({ now: day2 });
    expect(second.totalArticles).toBe(2); // the new story and the one left over
    const [issue] = await db().select().from(newsletterIssues).where(eq(newsletterIssues.issueDate, "2030-03-11"));
    expect(issue!.stories.map((s) => s.id)).toEqual([fresh[0]!.id, old[5]!.id]);

    const third = await sendDailyIssue({ now: day3 });
    expect(third).toMatchObject({ status: "no-stories", successCount: 0, errorCount: 0, totalArticles: 0 });
    expect(third.message).toMatch(/nothing was sent/);
    expect(await db().select().from(newsletterIssues).where(eq(newsletterIssues.issueDate, "2030-03-12"))).toEqual([]);
    expect(sink.current.received.length).toBe(2);
  });

  it("two concurrent sends of the same day's issue deliver exactly one mail per subscriber", async () => {
    const now = new Date("2030-04-10T08:00:00Z");
    await seedStories(5, now);
    const readers = await seedSubscribers(300, "race");
    const settings = { concurrency: 4, rate: 0 };
    const [a, b] = await Promise.all([sendDailyIssue({ now, settings }), sendDailyIssue({ now, settings })]);
    expectExactlyOnce(readers.map((s) => s.email));
    expect(await deliveryCounts()).toEqual({ sent: 300 });
    expect([a.successCount, b.successCount]).toContain(300);
    expect(await db().select().from(newsletterIssues)).toHaveLength(1);
  });

  it("a permanent refusal (550) marks the address bounced and later issues skip it", async () => {
    const day1 = new Date("2030-05-10T08:00:00Z");
    await seedStories(5, day1);
    const readers = await seedSubscribers(6, "bounce");
    const dead = readers.slice(0, 2).map((s) => s.email);
    sink.current.rejectRecipients(dead);

    const result = await sendDailyIssue({ now: day1 });
    expect(result).toMatchObject({ status: "sent", successCount: 4, errorCount: 2 });
    for (const email of dead) expect((await subscription(email))!.bouncedAt).toBeInstanceOf(Date);
    expect(await deliveryCounts()).toEqual({ sent: 4, bounced: 2 });

    sink.current.reset();
    const day2 = new Date("2030-05-11T08:00:00Z");
    await seedStories(5, day2);
    expect(await sendDailyIssue({ now: day2 })).toMatchObject({ successCount: 4, errorCount: 0 });
    for (const email of dead) expect(sink.current.rcptLog).not.toContain(email);
    expectExactlyOnce(readers.slice(2).map((s) => s.email));
  });

  it("pauses the issue after a run of SMTP failures and resumes it exactly once per subscriber", async () => {
    const now = new Date("2030-06-10T08:00:00Z");
    await seedStories(5, now);
    const readers = await seedSubscribers(40, "flaky");
    sink.current.setFailing(true);
    const paused = await sendDailyIssue({ now, settings: { pauseAfterFailures: 5, concurrency: 2, rate: 0 } });
    expect(paused.status).toBe("paused");
    expect(paused.successCount).toBe(0);
    const [issue] = await db().select().from(newsletterIssues);
    expect(issue).toMatchObject({ status: "paused" });
    expect(issue!.pauseReason).toMatch(/5 failures in a row/);
    const tried = await db().execute<{ n: number }>(sql`select count(*)::int as n from newsletter_deliveries where attempts > 0`);
    expect(tried.rows[0]!.n).toBeGreaterThanOrEqual(5);
    expect(tried.rows[0]!.n).toBeLessThanOrEqual(6); // the other worker may have had one in flight

    sink.current.setFailing(false);
    const resumed = await sendDailyIssue({ now });
    expect(resumed).toMatchObject({ status: "sent", successCount: 40, errorCount: 0 });
    expectExactlyOnce(readers.map((s) => s.email));
  });

  it("a send killed half-way and restarted delivers the rest exactly once", { timeout: 90_000 }, async () => {
    // The child sends "today's" issue: this test uses the real date.
    const now = new Date();
    await seedStories(5, now);
    const readers = await seedSubscribers(120, "crash");
    sink.current.closeGateAfter(50);

    // 50 accepted and committed, the next ones held mid-DATA: kill the sender now.
    await killChildSenderWhen(async () => sink.current.heldCount() > 0 && (await deliveryCounts()).sent === 50);
    expect(sink.current.received.length).toBe(50);
    await waitForPendingRowsFree(70);

    const result = await sendDailyIssue({ now });
    expect(result).toMatchObject({ status: "sent", successCount: 120, errorCount: 0, totalArticles: 5 });
    expectExactlyOnce(readers.map((s) => s.email));
  });

  it(
    "a second send of the day killed half-way is resumed by the watchdog like the first, with no duplicates",
    { timeout: 90_000 },
    async () => {
      const now = new Date();
      await seedStories(5, now);
      const morning = await seedSubscribers(20, "morning");
      expect(await sendDailyIssue({ now })).toMatchObject({ status: "sent", successCount: 20 });
      expect(await resumeUnfinishedIssue(now)).toBeNull();

      // New readers confirm after the issue went out; a second send starts and its process dies half-way.
      const afternoon = await seedSubscribers(60, "afternoon");
      sink.current.closeGateAfter(20 + 25);
      await killChildSenderWhen(async () => sink.current.heldCount() > 0 && (await deliveryCounts()).sent === 45);
      await waitForPendingRowsFree(35);

      const resumed = await resumeUnfinishedIssue(now);
      expect(resumed).toMatchObject({ status: "sent", successCount: 80, errorCount: 0, totalArticles: 5 });
      expectExactlyOnce([...morning, ...afternoon].map((s) => s.email));
      expect(await db().select({ status: newsletterIssues.status }).from(newsletterIssues)).toEqual([{ status: "sent" }]);
      expect(await resumeUnfinishedIssue(now)).toBeNull();
    },
  );

  it("the watchdog also resumes a second send that died before adding its recipients", async () => {
    const now = new Date("2030-07-10T15:00:00Z");
    await seedStories(5, new Date("2030-07-10T08:00:00Z"));
    const morning = await seedSubscribers(3, "early-bird");
    await sendDailyIssue({ now: new Date("2030-07-10T08:00:00Z") });
    const late = await seedSubscribers(2, "late-bird");
    // What a run leaves when it dies right after marking the issue "sending": nobody pending yet.
    await db().update(newsletterIssues).set({ status: "sending" });
    expect(await resumeUnfinishedIssue(now)).toMatchObject({ status: "sent", successCount: 5 });
    expectExactlyOnce([...morning, ...late].map((s) => s.email));
  });

  it("signs List-Unsubscribe and List-Unsubscribe-Post with DKIM when configured", async () => {
    const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    const spki = publicKey.export({ type: "spki", format: "der" }).toString("base64");
    Object.assign(process.env, { DKIM_DOMAIN: "nordlys.test", DKIM_SELECTOR: "news", DKIM_PRIVATE_KEY: pem.replace(/\n/g, "\\n") });
    resetEnvForTests();
    closeMailer();
    try {
      const now = new Date("2030-07-10T08:00:00Z");
      await seedStories(5, now);
      await seedSubscribers(1, "signed");
      await sendDailyIssue({ now });
      const [mail] = sink.current.received;
      const verified = await dkimVerify(mail!.raw, {
        resolver: async (name: string, type: string) => {
          if (type === "TXT" && name === "news._domainkey.nordlys.test") return [[`v=DKIM1; k=rsa; p=${spki}`]];
          throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
        },
      });
      const signature = verified.results[0]!;
      expect(signature.status.result).toBe("pass");
      const signed = signature
        .signingHeaders!.keys.toLowerCase()
        .split(":")
        .map((key) => key.trim());
      expect(signed).toContain("list-unsubscribe");
      expect(signed).toContain("list-unsubscribe-post");
    } finally {
      delete process.env.DKIM_DOMAIN;
      delete process.env.DKIM_SELECTOR;
      delete process.env.DKIM_PRIVATE_KEY;
      resetEnvForTests();
      closeMailer();
    }
  });
});

describe("unsubscribing", () => {
  let reader: { id: string; email: string };
  beforeEach(async () => {
    await db().execute(sql`truncate newsletter_subscriptions, newsletter_issues, ai_news cascade`);
    reader = (await seedSubscribers(1, "leaver"))[0]!;
  });

  it("RFC 8058 one-click: a cookieless POST unsubscribes and answers 200 without a redirect", async () => {
    const token = createNewsletterToken("unsubscribe", reader.id);
    const request = new Request(`${PUBLIC_URL}/unsubscribe/one-click?token=${token}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    const response = await oneClickAction(routeArgs(request));
    expect(response.status).toBe(200);
    expect(response.headers.get("Location")).toBeNull();
    expect(response.headers.get("Set-Cookie")).toBeNull();
    expect(await response.text()).toContain(newsletterMessages.unsubscribeSuccess);
    const row = (await subscription(reader.email))!;
    expect(row.confirmed).toBe(false);
    expect(row.unsubscribedAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);

    // A person opening the URL in a browser lands on the page.
    const opened = (await oneClickLoader(routeArgs(new Request(`${PUBLIC_URL}/unsubscribe/one-click?token=${token}`)))) as Response;
    expect(opened.status).toBe(303);
    expect(opened.headers.get("Location")).toBe(`/unsubscribe?token=${token}`);
  });

  it("the page checks the token on GET and unsubscribes on POST only", async () => {
    const token = createNewsletterToken("unsubscribe", reader.id);
    const view = unwrap<{ state: string }>(unsubscribeLoader(routeArgs(pageRequest(`${PUBLIC_URL}/unsubscribe?token=${token}`))));
    expect(view.data.state).toBe("ready");
    expect((await subscription(reader.email))!.confirmed).toBe(true);

    const done = unwrap<{ state: string }>(await unsubscribeAction(routeArgs(pageRequest(`${PUBLIC_URL}/unsubscribe`, { token }))));
    expect(done).toEqual({ status: 200, data: { state: "success" } });
    expect(await subscription(reader.email)).toMatchObject({ confirmed: false, confirmedAt: null });
  });

  it("rejects missing, forged, tampered, other-purpose and base64-e-mail tokens", async () => {
    const good = createNewsletterToken("unsubscribe", reader.id);
    const tokens = [
      "",
      "forged-token",
      `${good.slice(0, -3)}${good.endsWith("AAA") ? "BBB" : "AAA"}`,
      createNewsletterToken("confirm", reader.id),
      Buffer.from(reader.email).toString("base64"),
      Buffer.from(reader.email).toString("base64url"),
    ];
    for (const token of tokens) {
      const view = unwrap<{ state: string; message: string }>(
        unsubscribeLoader(routeArgs(pageRequest(`${PUBLIC_URL}/unsubscribe?token=${encodeURIComponent(token)}`))),
      );
      expect(view.data).toEqual({ state: "error", message: "Invalid unsubscribe link" });
      const posted = unwrap<{ state: string; message: string }>(
        await unsubscribeAction(routeArgs(pageRequest(`${PUBLIC_URL}/unsubscribe`, { token }))),
      );
      expect(posted).toEqual({ status: 400, data: { state: "error", message: "Invalid unsubscribe link" } });
      const oneClick = await oneClickAction(
        routeArgs(
          new Request(`${PUBLIC_URL}/unsubscribe/one-click?token=${encodeURIComponent(token)}`, {
            method: "POST",
            body: "List-Unsubscribe=One-Click",
          }),
        ),
      );
      expect(oneClick.status).toBe(400);
    }
    const missing = unwrap<{ state: string }>(unsubscribeLoader(routeArgs(pageRequest(`${PUBLIC_URL}/unsubscribe`))));
    expect(missing.data).toEqual({ state: "error", message: "Invalid unsubscribe link" });
    expect(await subscription(reader.email)).toMatchObject({ confirmed: true, unsubscribedAt: null });
  });
});

describe("privacy and admin", () => {
  eachTestStartsEmpty();

  it("exports and erases a subscriber with their delivery history", async () => {
    const now = new Date("2030-08-10T08:00:00Z");
    await seedStories(5, now);
    const [reader] = await seedSubscribers(1, "gdpr");
    await sendDailyIssue({ now });

    const exported = await exportSubscriberData(reader!.email.toUpperCase());
    expect(exported).toMatchObject({
      email: reader!.email,
      status: "confirmed",
      deliveries: [{ issueDate: "2030-08-10", status: "sent" }],
    });

    expect(await eraseSubscriber(reader!.email)).toMatchObject({ erased: true });
    expect(await subscription(reader!.email)).toBeUndefined();
    expect(await db().select().from(newsletterDeliveries)).toEqual([]);
    expect(await exportSubscriberData(reader!.email)).toBeNull();
    // Their old unsubscribe link still answers truthfully.
    const token = createNewsletterToken("unsubscribe", reader!.id);
    const posted = unwrap<{ state: string }>(await unsubscribeAction(routeArgs(pageRequest(`${PUBLIC_URL}/unsubscribe`, { token }))));
    expect(posted.data.state).toBe("success");
  });

  it("prunes sign-ups nobody confirmed within 30 days", async () => {
    await seedSubscribers(1, "stale", { confirmed: false, confirmedAt: null, createdAt: new Date(Date.now() - 31 * 24 * 3600 * 1000) });
    await seedSubscribers(1, "recent", { confirmed: false, confirmedAt: null });
    const [kept] = await seedSubscribers(1, "old-but-confirmed", { createdAt: new Date(Date.now() - 400 * 24 * 3600 * 1000) });
    expect(await pruneNewsletterData()).toMatchObject({ unconfirmed: 1 });
    const left = await db().select({ email: newsletterSubscriptions.email }).from(newsletterSubscriptions);
    expect(left.map((row) => row.email).sort()).toEqual([kept!.email, "recent0000@example.test"]);
  });

  it("POST /api/send-daily-newsletter refuses anyone who is not an admin, as JSON", async () => {
    await seedStories(5, new Date());
    await seedSubscribers(2, "nosend");
    const response = await sendApi(routeArgs(new Request("http://localhost/api/send-daily-newsletter", { method: "POST" })));
    expect(response.status).toBe(401);
    expect(response.headers.get("Content-Type")).toMatch(/application\/json/);
    expect(await response.json()).toMatchObject({ error: "Please log in to access this page" });
    expect(sink.current.received).toEqual([]);
    expect(await db().select().from(newsletterIssues)).toEqual([]);
  });
});
