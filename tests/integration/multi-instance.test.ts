import fs from "node:fs/promises";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsletterSubscriptions } from "~/.server/db/tables";
import { startJobs, type Jobs } from "~/.server/jobs";
import { rss2, serveFeed, startFixtureServer, type FixtureServer } from "../fixtures/news/feed-server";
import { createAdminWithCli } from "../support/admin-seed";
import { setupTestDatabase } from "../support/database";
import { freePort, makeDataDir, startServer, type ServerProcess } from "../support/server-process";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { expectStaysTrue } from "../support/stays-true";
import { waitUntil } from "../support/wait-until";

/**
 * Two production server processes (`node server/main.ts`) on one PostgreSQL
 * database behave as one site: a scheduled slot's work is done once, one
 * newsletter issue reaches each subscriber once, a rate limit counts the
 * requests to both, and when one instance dies mid-send the other finishes
 * the issue by itself (docs/deploy.md, "Several instances").
 */
const database = setupTestDatabase();
const db = () => database.current.db;
const SECRET = "multi-instance-test-secret-0123456789abcdef";
const ADMIN = { email: "admin@example.com", password: "admin password for the multi-instance test" };
const SUBSCRIBERS = 30;
/** The feed answers slowly, so the instance running the refresh stays busy while the other takes the next job. */
const FEED_DELAY_MS = 6_000;

let feeds: FixtureServer;
let sink: SmtpSink;
let queue: Jobs;
let a: ServerProcess;
let b: ServerProcess;
const dataDirs: string[] = [];
let adminCookie = "";
let readers: string[] = [];

/** Lines the server logged for finished runs of a job. */
function jobRunsIn(server: ServerProcess, job: string): number {
  return server
    .output()
    .split("\n")
    .filter((line) => line.includes(`"job":"${job}"`) && line.includes('"msg":"Job done"')).length;
}

function expectExactlyOnce(emails: string[]) {
  const counts = sink.countsByRecipient();
  for (const email of emails) expect(counts.get(email), email).toBe(1);
  expect(sink.received.length).toBe(emails.length);
}

async function issueRows() {
  const result = await db().execute<{ status: string; sent: number; pending: number }>(sql`
    select i.status,
      (select count(*)::int from newsletter_deliveries d where d.issue_id = i.id and d.status = 'sent') as sent,
      (select count(*)::int from newsletter_deliveries d where d.issue_id = i.id and d.status = 'pending') as pending
    from newsletter_issues i`);
  return result.rows;
}

/** A new issue for today: the earlier issue and its story links go, so the same stories can be sent again. */
async function startOver() {
  await db().execute(sql`truncate newsletter_issues cascade`);
  sink.reset();
}

function sendNow(server: ServerProcess): Promise<Response> {
  return fetch(`${server.url}/api/send-daily-newsletter`, { method: "POST", headers: { cookie: adminCookie, origin: server.url } });
}

beforeAll(async () => {
  const now = Date.now();
  const items = Array.from({ length: 6 }, (_, i) => ({
    title: `Multi-instance story ${i + 1}`,
    link: `https://news.example/multi-${i + 1}`,
    guid: `multi-${i + 1}`,
    description: `Teaser ${i + 1}`,
    content: `<p>${"A full article about models and their evaluation. ".repeat(20)}</p>`,
    date: new Date(now - (i + 1) * 60_000),
  }));
  const feed = serveFeed(rss2({ title: "Fixture AI news", link: "https://news.example/", items }));
  feeds = await startFixtureServer({
    routes: {
      "/ai.xml": async (req, res) => {
        await new Promise((resolve) => setTimeout(resolve, FEED_DELAY_MS));
        feed(req, res);
      },
    },
  });
  sink = await startSmtpSink();

  const [portA, portB] = [await freePort(), await freePort()];
  const publicUrl = `http://127.0.0.1:${portA}`;
  const shared = {
    DATABASE_URL: database.current.url,
    APP_SECRET: SECRET,
    PUBLIC_URL: publicUrl,
    SMTP_URL: sink.url,
    MAIL_FROM: "Nordlys Studio <news@nordlys.test>",
    NEWS_FEEDS: `${feeds.url}/ai.xml`,
    NEWS_ALLOW_PRIVATE_HOSTS: "true",
    NEWSLETTER_SEND_RATE: "0",
    NEWSLETTER_SEND_CONCURRENCY: "2",
    // The watchdog that resumes an issue whose sender died: every second here (30 s by default).
    NEWSLETTER_RESUME_CHECK_SECONDS: "1",
    // Two-factor sign-in is not what this file tests (tests/integration/admin-api.test.ts does).
    ADMIN_REQUIRE_TWO_FACTOR: "false",
    // No instance fires the schedules (JOB_SCHEDULES off, as in every test): each test sends the
    // slot's jobs itself, so only those run whatever the clock says.
    JOB_SCHEDULES: "false",
  };
  for (let i = 0; i < 2; i++) dataDirs.push(await makeDataDir("nordlys-multi-"));
  await createAdminWithCli(dataDirs[0]!, ADMIN.email, ADMIN.password, database.current.url);
  [a, b] = await Promise.all([
    startServer({ ...shared, DATA_DIR: dataDirs[0]!, PORT: String(portA) }, { timeoutMs: 90_000 }),
    startServer({ ...shared, DATA_DIR: dataDirs[1]!, PORT: String(portB) }, { timeoutMs: 90_000 }),
  ]);

  // Sessions live in PostgreSQL: signed in on A, the cookie works on B too (checked below).
  const signedIn = await fetch(`${a.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": "198.51.100.10" },
    body: JSON.stringify(ADMIN),
  });
  expect(signedIn.status).toBe(200);
  adminCookie = signedIn.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");

  const rows = Array.from({ length: SUBSCRIBERS }, (_, i) => ({
    email: `reader${String(i).padStart(3, "0")}@example.test`,
    confirmed: true,
    confirmedAt: new Date(),
  }));
  readers = (await db().insert(newsletterSubscriptions).values(rows).returning()).map((row) => row.email);

  // The test's own handle on the queue, only to send jobs (it runs no workers and no schedules).
  queue = await startJobs({ url: database.current.url, definitions: [], work: false });
}, 400_000);

afterAll(async () => {
  await queue?.stop();
  await Promise.all([a?.stop(), b?.stop()]);
  await sink?.stop();
  await feeds?.close();
  for (const dir of dataDirs) await fs.rm(dir, { recursive: true, force: true });
});

describe("two instances on one database", () => {
  it("share the sessions", async () => {
    for (const server of [a, b]) {
      const response = await fetch(`${server.url}/api/admin/subscribers`, { headers: { cookie: adminCookie } });
      expect(response.status, server.url).toBe(200);
    }
  });

  it("a 30-minute news slot fired on both instances fetches the sources once", { timeout: 90_000 }, async () => {
    // Two jobs for the slot at once: one instance refreshes (slowly), the other takes the
    // second job meanwhile and finds the refresh running; two more after it finished find
    // the slot done.
    await Promise.all([queue.boss.send("news-refresh", {}), queue.boss.send("news-refresh", {})]);
    await waitUntil(() => jobRunsIn(a, "news-refresh") + jobRunsIn(b, "news-refresh") === 2, 40_000, "two news-refresh runs");
    expect(jobRunsIn(a, "news-refresh"), "runs on A").toBe(1);
    expect(jobRunsIn(b, "news-refresh"), "runs on B").toBe(1);
    await Promise.all([queue.boss.send("news-refresh", {}), queue.boss.send("news-refresh", {})]);
    await waitUntil(() => jobRunsIn(a, "news-refresh") + jobRunsIn(b, "news-refresh") === 4, 30_000, "four news-refresh runs");

    expect(feeds.requests.filter((request) => request.path === "/ai.xml")).toHaveLength(1);
    const stories = await db().execute<{ n: number }>(sql`select count(*)::int as n from ai_news`);
    expect(stories.rows[0]!.n).toBe(6);
  });

  it("the 08:00 newsletter fired on both instances mails each subscriber once", { timeout: 90_000 }, async () => {
    await startOver();
    await Promise.all([queue.boss.send("newsletter-daily", {}), queue.boss.send("newsletter-daily", {})]);
    await waitUntil(() => jobRunsIn(a, "newsletter-daily") + jobRunsIn(b, "newsletter-daily") === 2, 30_000, "two newsletter runs");
    await queue.boss.send("newsletter-daily", {});
    await waitUntil(() => jobRunsIn(a, "newsletter-daily") + jobRunsIn(b, "newsletter-daily") === 3, 30_000, "three newsletter runs");

    expectExactlyOnce(readers);
    expect(await issueRows()).toEqual([{ status: "sent", sent: SUBSCRIBERS, pending: 0 }]);
  });

  it("one issue triggered on both instances at once reaches each subscriber once", async () => {
    await startOver();
    const [fromA, fromB] = await Promise.all([sendNow(a), sendNow(b)]);
    expect([fromA.status, fromB.status]).toEqual([200, 200]);
    const answers = [(await fromA.json()) as { successCount: number }, (await fromB.json()) as { successCount: number }];
    expect(answers.map((answer) => answer.successCount)).toContain(SUBSCRIBERS);

    expectExactlyOnce(readers);
    expect(await issueRows()).toEqual([{ status: "sent", sent: SUBSCRIBERS, pending: 0 }]);
  });

  it("a rate limit counts the requests to both instances", async () => {
    // Admin sign-in allows 20 attempts per client address in 15 minutes.
    const attempt = (server: ServerProcess, i: number) =>
      fetch(`${server.url}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": "198.51.100.77" },
        body: JSON.stringify({ email: `nobody${i}@example.com`, password: "a wrong password" }),
      });
    for (let i = 0; i < 20; i++) {
      const response = await attempt(i % 2 === 0 ? a : b, i);
      expect(response.status, `attempt ${i + 1}`).toBe(401);
    }
    for (const server of [a, b]) {
      const blocked = await attempt(server, 99);
      expect(blocked.status, server.url).toBe(429);
      expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    }
  });

  it("a project published through one instance shows on both within 2 seconds; its draft on neither", async () => {
    const page = async (server: ServerProcess, path = "/projects/lawsecai") => {
      const response = await fetch(`${server.url}${path}`, { headers: { "Accept-Encoding": "br, gzip" }, redirect: "manual" });
      return { status: response.status, location: response.headers.get("location"), html: await response.text() };
    };
    const api = (path: string, method = "GET", body?: unknown) =>
      fetch(`${a.url}/api/admin/content/projects/${path}`, {
        method,
        headers: { cookie: adminCookie, origin: a.url, ...(body ? { "Content-Type": "application/json" } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
    // Both instances have the page stored (their page caches), with the first content.
    for (const server of [a, b]) expect((await page(server)).html).toContain(">LawSecAI</h1>");

    const { draft } = (await (await api("lawsecai")).json()) as { draft: Record<string, unknown> };
    const saved = await api("lawsecai/draft", "PUT", { ...draft, title: "LawSecAI, published on A", slug: "lawsecai-on-a" });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({
      status: "published",
      changed: true,
      previewUrl: "/admin/content/projects/lawsecai/preview",
    });
    await expectStaysTrue(async () => !(await page(b)).html.includes("published on A"), {
      for: 1_000,
      what: "the public page without the draft",
    });

    expect((await api("lawsecai/publish", "POST")).status).toBe(200);
    const published = Date.now();
    for (const server of [b, a]) {
      await waitUntil(async () => (await page(server, "/projects/lawsecai-on-a")).html.includes(">LawSecAI, published on A</h1>"), {
        timeoutMs: 2_000,
        what: `the published title on ${server.url}`,
      });
    }
    expect(Date.now() - published).toBeLessThan(2_000);
    expect(await page(b)).toMatchObject({ status: 301, location: "/projects/lawsecai-on-a" });
    const sitemap = await (await fetch(`${b.url}/sitemap.xml`)).text();
    expect(sitemap).toContain("/projects/lawsecai-on-a</loc>");
    expect(sitemap).not.toContain("/projects/lawsecai</loc>");
  });

  it("contact details published through one instance are in every page's footer and on /contact on both", async () => {
    const contact = {
      page: "contact",
      email: "studio@nordlys.example",
      replyPromise: "We reply the same day.",
      location: "Bergen, Norway",
    };
    const put = await fetch(`${a.url}/api/admin/content/pages/contact/draft`, {
      method: "PUT",
      headers: { cookie: adminCookie, origin: a.url, "Content-Type": "application/json" },
      body: JSON.stringify(contact),
    });
    expect(put.status).toBe(200);
    const publish = await fetch(`${a.url}/api/admin/content/pages/contact/publish`, {
      method: "POST",
      headers: { cookie: adminCookie, origin: a.url },
    });
    expect(publish.status).toBe(200);
    for (const server of [b, a]) {
      for (const path of ["/about", "/contact"]) {
        await waitUntil(
          async () => {
            const html = await (await fetch(`${server.url}${path}`, { headers: { "Accept-Encoding": "br, gzip" } })).text();
            return (
              html.includes('href="mailto:studio@nordlys.example"') &&
              html.includes("Bergen, Norway") &&
              !html.includes("hello@nordlys.studio")
            );
          },
          { timeoutMs: 2_000, what: `the published contact details on ${server.url}${path}` },
        );
      }
    }
  });

  it("killing one instance mid-send leaves the other to finish the issue", { timeout: 60_000 }, async () => {
    await startOver();
    // A sends 12 messages; the mail server then holds the next ones without answering.
    sink.closeGateAfter(12);
    const onA = sendNow(a).catch(() => undefined);
    await waitUntil(async () => sink.heldCount() > 0 && (await issueRows())[0]?.sent === 12, 30_000, "A half-way through the issue");
    // B's watchdog leaves it alone while A is alive: checked throughout, not once after a sleep.
    await expectStaysTrue(() => !b.output().includes("resuming it") && sink.received.length === 12, {
      for: 2_500,
      what: "B leaving the issue to A (no 'resuming it', 12 messages received)",
    });

    a.child.kill("SIGKILL");
    await a.exited;
    const killedAt = Date.now();
    sink.openGate(); // the held messages were never accepted
    await onA;

    const [issue] = await waitUntil(
      async () => {
        const rows = await issueRows();
        return rows[0]?.status === "sent" ? rows : undefined;
      },
      30_000,
      "the issue finished by B",
    );
    const seconds = (Date.now() - killedAt) / 1000;
    process.stdout.write(`[multi-instance] B finished the issue ${seconds.toFixed(1)} s after A was killed\n`);

    expect(issue).toEqual({ status: "sent", sent: SUBSCRIBERS, pending: 0 });
    expectExactlyOnce(readers);
    await waitUntil(() => b.output().includes("resuming it"), 10_000, "B's log line about resuming the issue");
  });
});
