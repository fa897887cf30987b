import { sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createDatabase, createPool, getDb, setDatabase } from "~/.server/db/client";
import { analyticsSalts } from "~/.server/db/tables";
import { resetEnvForTests } from "~/.server/env";
import { runAnalyticsNightly, runAnalyticsRollup } from "~/features/analytics/analytics-jobs.server";
import { collectPageView, pageViewBuffer, type BeaconRequest } from "~/features/analytics/collect-page-view.server";
import { EventBuffer } from "~/features/analytics/event-buffer.server";
import { attributeLateConversions, recordConversion, visitFrom, type VisitRef } from "~/features/analytics/record-conversion.server";
import { conversionCounts } from "~/features/analytics/dashboard-data.server";
import { aggregateEvents, rollupDays } from "~/features/analytics/rollup.server";
import { storePageViews, type PageViewEvent } from "~/features/analytics/store-page-views.server";
import { VISITOR_COOKIE_NAME } from "~/features/analytics/visitor-cookie.server";
import { utcDay } from "~/lib/utc-day";
import { deletePastSalts, saltFor, visitorKey } from "~/features/analytics/visitor-key.server";
import { setupTestDatabase } from "../support/database";
import { pageView } from "../support/page-view-event";
import { freePort } from "../support/server-process";
import { restoreEnvAfterAll } from "../support/process-env";

/**
 * First-party analytics against a real PostgreSQL: the beacon's checks and bot filters, the
 * daily visitor key and its salt, the batching queue, rollups, pruning and conversions with
 * their visit (docs/analytics.md).
 */
setupTestDatabase();
const PUBLIC_URL = "https://nordlys.test";
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
restoreEnvAfterAll();

beforeAll(() => {
  process.env.PUBLIC_URL = PUBLIC_URL;
  delete process.env.ANALYTICS_COUNT_AUTOMATED;
  delete process.env.ANALYTICS_RETENTION_DAYS;
  resetEnvForTests();
});

beforeEach(async () => {
  await pageViewBuffer().flush();
  // Salts stay: each process keeps the day's salt in memory, as it would in production.
  await getDb().execute(sql`truncate analytics_events, analytics_visitors, analytics_daily, analytics_conversions`);
});

let uaCounter = 0;
/** A user agent of its own for each simulated visitor. */
function browser(): string {
  uaCounter += 1;
  return `${CHROME} Visitor/${uaCounter}`;
}

function beacon(body: Record<string, unknown>, overrides: Partial<BeaconRequest> = {}): BeaconRequest {
  return {
    body: JSON.stringify(body),
    userAgent: CHROME,
    cookieHeader: undefined,
    purpose: undefined,
    clientIp: "203.0.113.7",
    host: "nordlys.test",
    ...overrides,
  };
}

type EventRow = {
  path: string;
  referrer_host: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  device: string;
  visitor_key: string;
  visitor_id: string | null;
  day: string;
};

async function storedEvents(): Promise<EventRow[]> {
  await pageViewBuffer().flush();
  const result = await getDb().execute<EventRow>(sql`
    select path, referrer_host, utm_source, utm_medium, utm_campaign, device, visitor_key, visitor_id, to_char(day, 'YYYY-MM-DD') as day
    from analytics_events order by id`);
  return result.rows;
}

describe("the beacon endpoint's checks", () => {
  it("stores a page view with the referrer's host, the utm_* parameters and the device class, and nothing else", async () => {
    const answer = await collectPageView(
      beacon({
        p: "/projects/lawsecai",
        q: "?utm_source=newsletter&utm_medium=email&utm_campaign=spring-launch&token=secret",
        r: "https://www.news.example/a/b?x=1",
        w: 390,
      }),
    );
    expect(answer).toEqual({ outcome: "counted", setCookie: undefined });
    const [row] = await storedEvents();
    expect(row).toMatchObject({
      path: "/projects/lawsecai",
      referrer_host: "news.example",
      utm_source: "newsletter",
      utm_medium: "email",
      utm_campaign: "spring-launch",
      device: "mobile",
      visitor_id: null,
    });
    expect(row!.visitor_key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // The table has no column that could hold an address, a user agent or the rest of the query.
    const columns = await getDb().execute<{ column_name: string }>(
      sql`select column_name from information_schema.columns where table_name = 'analytics_events'`,
    );
    expect(columns.rows.map((column) => column.column_name).sort()).toEqual(
      [
        "day",
        "device",
        "id",
        "occurred_at",
        "path",
        "referrer_host",
        "utm_campaign",
        "utm_medium",
        "utm_source",
        "visitor_id",
        "visitor_key",
      ].sort(),
    );
  });

  it("treats a referrer on the site itself as no referrer, and classifies tablets and desktops", async () => {
    await collectPageView(beacon({ p: "/about", r: "https://nordlys.test/", w: 800 }));
    await collectPageView(beacon({ p: "/services", r: "http://localhost:3000/about", w: 1440 }, { host: "localhost:3000" }));
    const rows = await storedEvents();
    expect(rows.map((row) => [row.path, row.referrer_host, row.device])).toEqual([
      ["/about", null, "tablet"],
      ["/services", null, "desktop"],
    ]);
  });

  it("does not count bots, headless or automated browsers, prefetches, admin pages or the API", async () => {
    const dropped = [
      beacon({ p: "/" }, { userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" }),
      beacon({ p: "/" }, { userAgent: CHROME.replace("Chrome/", "HeadlessChrome/") }),
      beacon({ p: "/" }, { userAgent: "" }),
      beacon({ p: "/", a: 1 }),
      beacon({ p: "/" }, { purpose: "prefetch;prerender" }),
      beacon({ p: "/admin" }),
      beacon({ p: "/admin/leads" }),
      beacon({ p: "/api/ai-chat" }),
    ];
    const outcomes = [];
    for (const request of dropped) outcomes.push((await collectPageView(request)).outcome);
    expect(outcomes).toEqual(["bot", "bot", "bot", "automated", "prefetch", "uncounted-path", "uncounted-path", "uncounted-path"]);
    expect(await storedEvents()).toEqual([]);
  });

  it("counts automated Chromium only with the tests-only ANALYTICS_COUNT_AUTOMATED, and never other bots", async () => {
    process.env.ANALYTICS_COUNT_AUTOMATED = "1";
    resetEnvForTests();
    try {
      expect((await collectPageView(beacon({ p: "/", a: 1 }, { userAgent: CHROME.replace("Chrome/", "HeadlessChrome/") }))).outcome).toBe(
        "counted",
      );
      expect((await collectPageView(beacon({ p: "/" }, { userAgent: "curl/8.5.0" }))).outcome).toBe("bot");
    } finally {
      delete process.env.ANALYTICS_COUNT_AUTOMATED;
      resetEnvForTests();
    }
    expect(await storedEvents()).toHaveLength(1);
  });

  it("refuses what is not a page view with 400 and stores nothing", async () => {
    for (const body of [
      "not json",
      "[]",
      JSON.stringify({ p: "relative" }),
      JSON.stringify({ p: "//evil.example/x" }),
      JSON.stringify({ p: "/", w: "wide" }),
    ]) {
      expect(await collectPageView(beacon({}, { body }))).toMatchObject({ outcome: "invalid", error: { code: "invalid" } });
    }
    expect(await storedEvents()).toEqual([]);
  });
});

describe("consent", () => {
  it("sets no analytics cookie without a choice or with 'declined', and removes one that is there", async () => {
    expect((await collectPageView(beacon({ p: "/" }))).setCookie).toBeUndefined();
    expect((await collectPageView(beacon({ p: "/" }, { cookieHeader: "cookie_consent=declined" }))).setCookie).toBeUndefined();
    const cleared = await collectPageView(beacon({ p: "/" }, { cookieHeader: `cookie_consent=declined; ${VISITOR_COOKIE_NAME}=abc` }));
    expect(cleared.setCookie).toMatch(new RegExp(`^${VISITOR_COOKIE_NAME}=[^;]*; Max-Age=0`));
    expect((await storedEvents()).every((row) => row.visitor_id === null)).toBe(true);
  });

  it("with 'accepted' sets a one-year HttpOnly first-party cookie, and the next page view carries its id", async () => {
    const first = await collectPageView(
      beacon({ p: "/", q: "?utm_campaign=autumn", r: "https://search.example/" }, { cookieHeader: "cookie_consent=accepted" }),
    );
    expect(first.setCookie).toMatch(
      new RegExp(`^${VISITOR_COOKIE_NAME}=[^;]+; Max-Age=31536000; Path=/; .*HttpOnly; Secure; SameSite=Lax`),
    );
    const cookie = first.setCookie!.split(";")[0]!;
    const second = await collectPageView(beacon({ p: "/contact" }, { cookieHeader: `cookie_consent=accepted; ${cookie}` }));
    expect(second.setCookie).toBeUndefined();
    const rows = await storedEvents();
    expect(rows[0]!.visitor_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(rows[1]!.visitor_id).toBe(rows[0]!.visitor_id);
    const visitors = await getDb().execute<{ entry_path: string; referrer_host: string; utm_campaign: string }>(
      sql`select entry_path, referrer_host, utm_campaign from analytics_visitors`,
    );
    expect(visitors.rows).toEqual([{ entry_path: "/", referrer_host: "search.example", utm_campaign: "autumn" }]);
  });
});

describe("the visitor key", () => {
  it("is the same for one browser and address all day, and differs by browser, address and day", async () => {
    const today = new Date("2026-11-21T09:00:00Z");
    const later = new Date("2026-11-21T23:59:00Z");
    const tomorrow = new Date("2026-11-22T00:01:00Z");
    await collectPageView(beacon({ p: "/" }), today);
    await collectPageView(beacon({ p: "/about" }), later);
    await collectPageView(beacon({ p: "/" }, { userAgent: `${CHROME} Other` }), today);
    await collectPageView(beacon({ p: "/" }, { clientIp: "203.0.113.8" }), today);
    await collectPageView(beacon({ p: "/" }), tomorrow);
    const keys = (await storedEvents()).map((row) => row.visitor_key);
    expect(keys[1]).toBe(keys[0]);
    expect(new Set([keys[0], keys[2], keys[3], keys[4]]).size).toBe(4);
  });

  it("comes from the day's salt in the database, which every instance shares", async () => {
    const now = new Date();
    await collectPageView(beacon({ p: "/" }), now);
    const [row] = await storedEvents();
    const [salt] = await getDb()
      .select()
      .from(analyticsSalts)
      .where(sql`${analyticsSalts.day} = ${utcDay(now)}`);
    expect(visitorKey(Buffer.from(salt!.salt, "base64"), { host: "nordlys.test", clientIp: "203.0.113.7", userAgent: CHROME })).toBe(
      row!.visitor_key,
    );
  });

  it("cannot be computed again once the day's salt is deleted: the same visitor gets another key", async () => {
    const day = "2026-11-20";
    const before = visitorKey(await saltFor(day), { host: "nordlys.test", clientIp: "203.0.113.7", userAgent: CHROME });
    expect(await deletePastSalts("2026-11-21")).toBeGreaterThanOrEqual(1);
    expect(
      await getDb()
        .select()
        .from(analyticsSalts)
        .where(sql`${analyticsSalts.day} < '2026-11-21'`),
    ).toEqual([]);
    const after = visitorKey(await saltFor(day), { host: "nordlys.test", clientIp: "203.0.113.7", userAgent: CHROME });
    expect(after).not.toBe(before);
  });
});

describe("the write queue", () => {
  it("writes in batches on its own, one INSERT a batch, and loses nothing", async () => {
    const batches: number[] = [];
    const queue = new EventBuffer<PageViewEvent>({
      flushIntervalMs: 50,
      maxBatch: 100,
      write: async (batch) => {
        batches.push(batch.length);
        await storePageViews(batch);
      },
    });
    for (let i = 0; i < 1050; i++) queue.add(pageView({ path: `/p${i % 7}`, visitorKey: `visitor-${i % 50}`.padEnd(22, "x") }));
    await expect.poll(() => queue.written, { timeout: 10_000 }).toBe(1050);
    expect(batches.every((size) => size <= 100)).toBe(true);
    expect(batches.length).toBeLessThan(20);
    const [count] = (await getDb().execute<{ n: number }>(sql`select count(*)::int as n from analytics_events`)).rows;
    expect(count!.n).toBe(1050);
    expect(await queue.stop()).toBe(0);
  });

  it("keeps events while the database is down, refuses them beyond its cap, and writes the rest when it is back", async () => {
    const real = getDb();
    const deadPool = createPool(`postgres://nobody:nothing@127.0.0.1:${await freePort()}/none`, 1);
    const dead = createDatabase(deadPool);
    const queue = new EventBuffer<PageViewEvent>({
      flushIntervalMs: 20,
      maxBatch: 10,
      maxBuffered: 25,
      write: (batch) => storePageViews(batch),
    });
    setDatabase(dead);
    try {
      for (let i = 0; i < 30; i++) queue.add(pageView({ path: `/down-${i}` }));
      expect(queue.dropped).toBe(5);
      await expect(queue.flush()).rejects.toThrow();
      expect(queue.size).toBe(25);
    } finally {
      setDatabase(real);
      await deadPool.end();
    }
    expect(await queue.stop({ timeoutMs: 10_000 })).toBe(0);
    const [count] = (await getDb().execute<{ n: number }>(sql`select count(*)::int as n from analytics_events where path like '/down-%'`))
      .rows;
    expect(count!.n).toBe(25);
    expect(queue.add(pageView({}))).toBe(false);
  });
});

describe("rollups and retention", () => {
  async function seedTwoDays() {
    const a = "a".repeat(22);
    const b = "b".repeat(22);
    await storePageViews([
      pageView({
        day: "2026-11-20",
        occurredAt: new Date("2026-11-20T08:00:00Z"),
        path: "/",
        visitorKey: a,
        referrerHost: "news.example",
        utmSource: "hn",
        utmCampaign: "launch",
      }),
      pageView({ day: "2026-11-20", occurredAt: new Date("2026-11-20T08:01:00Z"), path: "/contact", visitorKey: a }),
      pageView({ day: "2026-11-20", occurredAt: new Date("2026-11-20T09:00:00Z"), path: "/about", visitorKey: b, device: "mobile" }),
      pageView({ day: "2026-11-21", occurredAt: new Date("2026-11-21T10:00:00Z"), path: "/", visitorKey: a }),
    ]);
  }

  it("turns a day's page views into totals, pages, entries, sources, campaigns and devices", async () => {
    await seedTwoDays();
    const rows = await aggregateEvents("2026-11-20", "2026-11-20");
    const get = (dimension: string, value: string) => rows.find((row) => row.dimension === dimension && row.value === value);
    expect(get("total", "")).toMatchObject({ views: 3, visitors: 2 });
    expect(get("page", "/")).toMatchObject({ views: 1, visitors: 1 });
    expect(get("entry", "/")).toMatchObject({ visitors: 1 });
    expect(get("entry", "/contact")).toBeUndefined();
    expect(get("source", "hn")).toMatchObject({ visitors: 1 });
    expect(get("source", "")).toMatchObject({ visitors: 1 });
    expect(get("referrer", "news.example")).toMatchObject({ visitors: 1 });
    expect(get("campaign", "launch")).toMatchObject({ visitors: 1 });
    expect(get("device", "mobile")).toMatchObject({ visitors: 1 });
    expect(get("device", "desktop")).toMatchObject({ visitors: 1 });
  });

  it("stores the same rows however often it runs, also twice at once", async () => {
    await seedTwoDays();
    await rollupDays("2026-11-20", "2026-11-21");
    const first = await getDb().execute(sql`select day, dimension, value, views, visitors from analytics_daily order by 1, 2, 3`);
    await Promise.all([rollupDays("2026-11-20", "2026-11-21"), rollupDays("2026-11-20", "2026-11-21")]);
    const again = await getDb().execute(sql`select day, dimension, value, views, visitors from analytics_daily order by 1, 2, 3`);
    expect(again.rows).toEqual(first.rows);
    expect(first.rows.length).toBeGreaterThan(10);
  });

  it("nightly: rolls up the last days, deletes past salts, and prunes raw events after the retention but keeps the totals", async () => {
    process.env.ANALYTICS_RETENTION_DAYS = "1";
    resetEnvForTests();
    try {
      await seedTwoDays();
      await saltFor("2026-11-21");
      await saltFor("2026-11-22");
      await rollupDays("2026-11-20", "2026-11-21");
      const result = await runAnalyticsNightly(new Date("2026-11-22T00:05:00Z"));
      expect(result).toMatchObject({ events: 4 });
      expect(result.salts).toBeGreaterThanOrEqual(1);
      const salts = await getDb().execute<{ day: string }>(
        sql`select to_char(day, 'YYYY-MM-DD') as day from analytics_salts where day <= '2026-11-22' order by day`,
      );
      expect(salts.rows).toEqual([{ day: "2026-11-22" }]);
      const totals = await getDb().execute<{ day: string; views: number }>(
        sql`select to_char(day, 'YYYY-MM-DD') as day, views from analytics_daily where dimension = 'total' order by day`,
      );
      expect(totals.rows).toEqual([
        { day: "2026-11-20", views: 3 },
        { day: "2026-11-21", views: 1 },
      ]);
    } finally {
      delete process.env.ANALYTICS_RETENTION_DAYS;
      resetEnvForTests();
    }
  });

  it("the 10-minute rollup covers today and yesterday", async () => {
    await seedTwoDays();
    await runAnalyticsRollup(new Date("2026-11-21T12:00:00Z"));
    const days = await getDb().execute<{ day: string }>(
      sql`select distinct to_char(day, 'YYYY-MM-DD') as day from analytics_daily order by 1`,
    );
    expect(days.rows).toEqual([{ day: "2026-11-20" }, { day: "2026-11-21" }]);
  });
});

describe("conversions", () => {
  function requestFrom(userAgent: string, cookie?: string): Request {
    return new Request("https://nordlys.test/contact", { headers: { "User-Agent": userAgent, ...(cookie ? { Cookie: cookie } : {}) } });
  }

  async function conversions() {
    const result = await getDb().execute<{
      kind: string;
      entity_id: string;
      entry_path: string | null;
      referrer_host: string | null;
      utm_campaign: string | null;
      attributed_by: string | null;
    }>(sql`select kind, entity_id, entry_path, referrer_host, utm_campaign, attributed_by from analytics_conversions order by id`);
    return result.rows;
  }

  it("without a cookie: the visit is the visitor's first page view today, by address and browser", async () => {
    const ua = browser();
    await collectPageView(beacon({ p: "/services", q: "?utm_campaign=winter", r: "https://ads.example/x" }, { userAgent: ua }));
    await collectPageView(beacon({ p: "/contact" }, { userAgent: ua }));
    await pageViewBuffer().flush();
    await recordConversion({ kind: "contact", entityId: "submission-1", visit: await visitFrom(requestFrom(ua), "203.0.113.7") });
    expect(await conversions()).toEqual([
      {
        kind: "contact",
        entity_id: "submission-1",
        entry_path: "/services",
        referrer_host: "ads.example",
        utm_campaign: "winter",
        attributed_by: "visitor-key",
      },
    ]);
  });

  it("finds a visit still waiting in the queue, and keeps the first record of an entity", async () => {
    const ua = browser();
    await collectPageView(beacon({ p: "/apply", q: "?utm_campaign=queued" }, { userAgent: ua }));
    const visit = await visitFrom(requestFrom(ua), "203.0.113.7");
    await recordConversion({ kind: "apply", entityId: "submission-2", visit });
    await recordConversion({ kind: "apply", entityId: "submission-2", visit: undefined });
    expect(await conversions()).toMatchObject([{ entity_id: "submission-2", entry_path: "/apply", utm_campaign: "queued" }]);
  });

  it("with the analytics cookie: the visitor's first visit, even on a later day", async () => {
    const ua = browser();
    const first = await collectPageView(
      beacon({ p: "/", q: "?utm_source=linkedin&utm_campaign=first-touch" }, { userAgent: ua, cookieHeader: "cookie_consent=accepted" }),
      new Date(Date.now() - 3 * 24 * 3600 * 1000),
    );
    await pageViewBuffer().flush();
    const cookie = `cookie_consent=accepted; ${first.setCookie!.split(";")[0]}`;
    await recordConversion({ kind: "lead", entityId: "lead-1", visit: await visitFrom(requestFrom(ua, cookie), "198.51.100.9") });
    expect(await conversions()).toMatchObject([{ kind: "lead", entry_path: "/", utm_campaign: "first-touch", attributed_by: "cookie" }]);
    // After declining, the cookie's id is not used (and the beacon removes the cookie).
    await recordConversion({
      kind: "lead",
      entityId: "lead-2",
      visit: await visitFrom(requestFrom(ua, cookie.replace("accepted", "declined")), "198.51.100.9"),
    });
    expect((await conversions())[1]).toMatchObject({ entity_id: "lead-2", entry_path: null, attributed_by: null });
  });

  it("counts a lead or submission held for review only once it is released, and not after it is deleted", async () => {
    const today = utcDay(new Date());
    const [held] = (
      await getDb().execute<{ id: string }>(sql`
        insert into submissions (source, name, email, fields, disclaimer_accepted, held_at, hold_reason)
        values ('contact', 'Quick Fill', 'quick@example.com', '{"message":"hi"}', true, now(), 'too-fast') returning id`)
    ).rows;
    const [lead] = (
      await getDb().execute<{ id: string }>(
        sql`insert into leads (email, held_at, hold_reason) values ('bot@example.com', now(), 'honeypot') returning id`,
      )
    ).rows;
    await recordConversion({ kind: "contact", entityId: held!.id, visit: undefined });
    await recordConversion({ kind: "lead", entityId: lead!.id, visit: undefined });
    const counted = async () => (await conversionCounts(today, today)).reduce((sum, row) => sum + row.count, 0);
    expect(await counted()).toBe(0);
    // Released by an admin (the release clears held_at): now it counts.
    await getDb().execute(sql`update submissions set held_at = null, hold_reason = null where id = ${held!.id}`);
    expect(await counted()).toBe(1);
    // Deleted (or pruned while held): gone from the counts.
    await getDb().execute(sql`delete from submissions where id = ${held!.id}`);
    await getDb().execute(sql`delete from leads where id = ${lead!.id}`);
    expect(await counted()).toBe(0);
  });

  it("a confirmed subscription takes the visit of its sign-up; AI tool uses count once a visitor and day", async () => {
    const ua = browser();
    await collectPageView(beacon({ p: "/ai-news", q: "?utm_campaign=news" }, { userAgent: ua }));
    await recordConversion({
      kind: "newsletter-signup",
      entityId: "subscription-1",
      visit: await visitFrom(requestFrom(ua), "203.0.113.7"),
    });
    // The confirmation link is opened elsewhere: another browser, no visit of its own.
    await recordConversion({ kind: "subscriber", entityId: "subscription-1", visit: await visitFrom(requestFrom(browser()), "192.0.2.1") });
    const visit = await visitFrom(requestFrom(ua), "203.0.113.7");
    await recordConversion({ kind: "ai-tool", detail: "seo", visit });
    await recordConversion({ kind: "ai-tool", detail: "email", visit });
    const rows = await conversions();
    expect(rows.map((row) => [row.kind, row.utm_campaign])).toEqual([
      ["newsletter-signup", "news"],
      ["subscriber", "news"],
      ["ai-tool", "news"],
    ]);
  });

  it("a visit written after the conversion (another instance's queue) is attached by the rollup", async () => {
    const ua = browser();
    await recordConversion({ kind: "mentoring", entityId: "submission-3", visit: await visitFrom(requestFrom(ua), "203.0.113.7") });
    expect((await conversions())[0]).toMatchObject({ entry_path: null });
    await collectPageView(beacon({ p: "/mentoring", q: "?utm_campaign=late" }, { userAgent: ua }));
    await pageViewBuffer().flush();
    expect(await attributeLateConversions(utcDay(new Date()))).toBe(1);
    expect((await conversions())[0]).toMatchObject({ entry_path: "/mentoring", utm_campaign: "late", attributed_by: "visitor-key" });
  });

  it("never fails the operation it describes, even with the database gone", async () => {
    const real = getDb();
    const deadPool = createPool(`postgres://nobody:nothing@127.0.0.1:${await freePort()}/none`, 1);
    setDatabase(createDatabase(deadPool));
    try {
      await expect(
        recordConversion({
          kind: "lead",
          entityId: "lead-x",
          visit: { clientIp: "203.0.113.7", userAgent: browser(), visitorId: null } satisfies VisitRef,
        }),
      ).resolves.toBeUndefined();
    } finally {
      setDatabase(real);
      await deadPool.end();
    }
  });
});
