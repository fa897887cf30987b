import type { RouteConfigEntry } from "@react-router/dev/routes";
import { sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/.server/db/client";
import { aiNews } from "~/.server/db/tables";
import { resetEnvForTests } from "~/.server/env";
import { metricsRegistry } from "~/.server/metrics";
import { initialProjects as projects } from "~/content/projects";
import { collectPageView, pageViewBuffer, type BeaconRequest } from "~/features/analytics/collect-page-view.server";
import { forgetDailyBounds } from "~/features/analytics/daily-bounds.server";
import { loadDashboard, NOT_FOUND_LABEL } from "~/features/analytics/dashboard.server";
import { countedPath, dropReason, isUncountedPath, NOT_FOUND_PATH } from "~/features/analytics/page-view.server";
import { storePageViews } from "~/features/analytics/store-page-views.server";
import { utcDay } from "~/lib/utc-day";
import routeTable from "../../app/routes";
import { setupTestDatabase } from "../support/database";
import { pageView } from "../support/page-view-event";
import { restoreEnvAfterAll } from "../support/process-env";

/**
 * The bounds on what anonymous beacons can store (docs/analytics.md, "Bounds"; decision 0173):
 * which paths count as themselves, the admin area in any letter case, the per-client beacon
 * limit, and the day's caps on stored rows and distinct values, against a real PostgreSQL.
 */
setupTestDatabase();
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const CAPS = {
  ANALYTICS_BEACON_LIMIT_PER_MINUTE: "5",
  ANALYTICS_MAX_VIEWS_PER_DAY: "40",
  ANALYTICS_MAX_VIEWS_PER_VISITOR_PER_DAY: "10",
  ANALYTICS_MAX_PATHS_PER_DAY: "3",
  ANALYTICS_MAX_REFERRERS_PER_DAY: "4",
  ANALYTICS_MAX_CAMPAIGNS_PER_DAY: "2",
};
restoreEnvAfterAll();

beforeAll(() => {
  process.env.PUBLIC_URL = "https://nordlys.test";
  delete process.env.ANALYTICS_COUNT_AUTOMATED;
  Object.assign(process.env, CAPS);
  resetEnvForTests();
});

beforeEach(async () => {
  await pageViewBuffer().flush();
  await getDb().execute(sql`truncate analytics_events, analytics_visitors, analytics_daily, analytics_conversions`);
  forgetDailyBounds();
});

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return (await getDb().execute(query)).rows as T[];
}

async function metric(name: string, labels: Record<string, string>): Promise<number> {
  const found = (await metricsRegistry.getSingleMetric(name)?.get())?.values.find((value) =>
    Object.entries(labels).every(([key, wanted]) => value.labels[key] === wanted),
  );
  return found?.value ?? 0;
}

/** Every page route of app/routes.ts: not the admin area, the API or a resource route (a .ts module that renders no page). */
function pageRoutes(entries: RouteConfigEntry[], prefix = ""): Array<{ pattern: string; file: string }> {
  return entries.flatMap((entry) => {
    const pattern = entry.index ? prefix || "/" : `${prefix}/${entry.path ?? ""}`.replace(/\/+/g, "/");
    const own = entry.file.endsWith(".tsx") && !entry.file.includes("layout") ? [{ pattern, file: entry.file }] : [];
    return [...own, ...pageRoutes(entry.children ?? [], pattern)];
  });
}

describe("which path a page view is stored under", () => {
  it("keeps every page of the route table and the content as itself, in the route table's spelling", async () => {
    const pages = pageRoutes(await routeTable).filter(({ pattern }) => !/^\/(admin|api)(\/|$)/.test(pattern) && pattern !== "/*");
    const fixed = pages.filter(({ pattern }) => !pattern.includes(":"));
    expect(fixed.length).toBeGreaterThan(15);
    for (const { pattern } of fixed) expect(countedPath(pattern), pattern).toBe(pattern);
    for (const project of projects) expect(countedPath(`/projects/${project.slug}`)).toBe(`/projects/${project.slug}`);
    expect(countedPath("/About")).toBe("/about");
    expect(countedPath("/PROJECTS/" + projects[0]!.slug.toUpperCase())).toBe(`/projects/${projects[0]!.slug}`);
    // A news story by its id (whether it is stored is checked when the view is written).
    expect(countedPath("/ai-news/0B1C2D3E-4F50-4a6b-8c7d-9e0f1a2b3c4d")).toBe("/ai-news/0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d");
  });

  it("stores every other path, a made-up one, an unknown project or story, a file, as one (not found)", () => {
    for (const path of [
      "/wp-login.php",
      "/flood/8f3a",
      "/projects/Not_A_Slug",
      "/ai-news/not-a-uuid",
      "/ai-news/rss.xml",
      "/sitemap.xml",
      "/about/extra",
      "/%F0%9F%92%A5",
      "/%E0%A4%A",
    ]) {
      expect(countedPath(path), path).toBe(NOT_FOUND_PATH);
    }
  });

  it("never counts the admin area, the API or the beacon, in any letter case or encoding", () => {
    for (const path of [
      "/admin",
      "/Admin",
      "/ADMIN",
      "/Admin/leads",
      "/aDmIn/login",
      "/%61dmin",
      "/%41DMIN/leads",
      "/API/ai-chat",
      "/A",
      "/a/e",
    ]) {
      expect(isUncountedPath(path), path).toBe(true);
      expect(dropReason({ userAgent: CHROME, automated: false, purpose: undefined, path, countAutomated: false })).toBe("uncounted-path");
    }
    for (const path of ["/", "/about", "/administration-tips", "/apply", "/ai-news", "/api-docs"])
      expect(isUncountedPath(path), path).toBe(false);
  });

  it("through the endpoint: /Admin/… is dropped, /About is stored as /about, a probe as (not found)", async () => {
    const beacon = (p: string, clientIp: string): BeaconRequest => ({
      body: JSON.stringify({ p }),
      userAgent: CHROME,
      cookieHeader: undefined,
      purpose: undefined,
      clientIp,
      host: "nordlys.test",
    });
    expect((await collectPageView(beacon("/Admin/leads", "198.51.100.1"))).outcome).toBe("uncounted-path");
    expect((await collectPageView(beacon("/ADMIN", "198.51.100.1"))).outcome).toBe("uncounted-path");
    expect((await collectPageView(beacon("/About", "198.51.100.2"))).outcome).toBe("counted");
    expect((await collectPageView(beacon("/.env", "198.51.100.2"))).outcome).toBe("counted");
    await pageViewBuffer().flush();
    expect(await rows<{ path: string }>(sql`select path from analytics_events order by id`)).toEqual([
      { path: "/about" },
      { path: NOT_FOUND_PATH },
    ]);
  });
});

describe("the per-client beacon limit", () => {
  it("answers 429 past the limit a minute for one address or IPv6 /56, counts it, stores nothing more, and leaves other clients alone", async () => {
    const beacon = (clientIp: string, i: number): BeaconRequest => ({
      body: JSON.stringify({ p: "/", q: `?utm_campaign=limit-${i}` }),
      userAgent: `${CHROME} Limit/${i}`,
      cookieHeader: undefined,
      purpose: undefined,
      clientIp,
      host: "nordlys.test",
    });
    const rejectedBefore = await metric("nordlys_analytics_events_total", { outcome: "rate-limited" });
    // Five a minute (CAPS): addresses of one IPv6 /56 are one client, whatever their last 72 bits.
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(await collectPageView(beacon(`2001:db8:7:${i + 1}::${i + 1}`, i)));
    expect(answers.map((answer) => answer.error?.code ?? "counted")).toEqual([
      ...Array(5).fill("counted"),
      ...Array(3).fill("rate_limited"),
    ]);
    expect(answers[5]!.error?.details.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(answers[5]!.error?.details.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(await metric("nordlys_analytics_events_total", { outcome: "rate-limited" })).toBe(rejectedBefore + 3);
    expect(await metric("nordlys_rate_limit_rejections_total", { limit: "analytics-beacon" })).toBeGreaterThanOrEqual(3);
    // Another /56 and an IPv4 client are counted.
    expect((await collectPageView(beacon("2001:db8:7:100::1", 100))).error).toBeUndefined();
    expect((await collectPageView(beacon("192.0.2.44", 101))).error).toBeUndefined();
    await pageViewBuffer().flush();
    expect((await rows<{ n: number }>(sql`select count(*)::int as n from analytics_events`))[0]!.n).toBe(7);
  });
});

describe("the day's caps", () => {
  it("store at most the day's and each visitor's rows, and count the rest", async () => {
    const day = utcDay(new Date());
    // Visitor a: 25 views (10 stored); then 20 visitors of 2 views each, until the day's 40 are reached.
    const first = await storePageViews(Array.from({ length: 25 }, () => pageView({ visitorKey: "a".repeat(22) })));
    expect(first).toEqual({ stored: 10, overCap: 15 });
    const second = await storePageViews(
      Array.from({ length: 40 }, (_, i) => pageView({ visitorKey: `v${Math.floor(i / 2)}`.padEnd(22, "x") })),
    );
    expect(second).toEqual({ stored: 30, overCap: 10 });
    expect(await storePageViews([pageView({ visitorKey: "late".padEnd(22, "x") })])).toEqual({ stored: 0, overCap: 1 });
    const perVisitor = await rows<{ visitor_key: string; n: number }>(
      sql`select visitor_key, count(*)::int as n from analytics_events where day = ${day}::date group by 1 order by 2 desc`,
    );
    expect(perVisitor.reduce((sum, row) => sum + row.n, 0)).toBe(40);
    expect(perVisitor[0]).toEqual({ visitor_key: "a".repeat(22), n: 10 });
    // Another day has caps of its own.
    expect(await storePageViews([pageView({ day: "2026-01-02", occurredAt: new Date("2026-01-02T10:00:00Z") })])).toEqual({
      stored: 1,
      overCap: 0,
    });
  });

  it("hold when two writers store at once (as two instances on one database would)", async () => {
    const batch = (name: string) => Array.from({ length: 30 }, (_, i) => pageView({ visitorKey: `${name}${i % 6}`.padEnd(22, "x") }));
    const results = await Promise.all([storePageViews(batch("p")), storePageViews(batch("q"))]);
    expect(results.reduce((sum, result) => sum + result.stored, 0)).toBe(40);
    expect(results.reduce((sum, result) => sum + result.overCap, 0)).toBe(20);
    expect((await rows<{ n: number }>(sql`select count(*)::int as n from analytics_events`))[0]!.n).toBe(40);
  });

  it("keep the first distinct pages, referrers and campaign values of the day and store the rest as (other)", async () => {
    const views = Array.from({ length: 8 }, (_, i) =>
      pageView({
        path: ["/", "/about", "/contact", "/apply", "/services", NOT_FOUND_PATH, "/mentoring", NOT_FOUND_PATH][i]!,
        referrerHost: `site${i}.example`,
        utmSource: `source${i}`,
        utmMedium: i % 2 ? "social" : "email",
        utmCampaign: `campaign${i}`,
        visitorKey: `d${i}`.padEnd(22, "x"),
      }),
    );
    await storePageViews(views.slice(0, 3));
    forgetDailyBounds(); // as another instance would: it reads what is stored
    await storePageViews(views.slice(3));
    const stored = await rows<{ path: string; referrer_host: string; utm_source: string; utm_medium: string; utm_campaign: string }>(
      sql`select path, referrer_host, utm_source, utm_medium, utm_campaign from analytics_events order by id`,
    );
    expect(stored.map((row) => row.path)).toEqual([
      "/",
      "/about",
      "/contact",
      "(other)",
      "(other)",
      NOT_FOUND_PATH,
      "(other)",
      NOT_FOUND_PATH,
    ]);
    /** The eight views' values: the first `kept` stay themselves, the rest are (other). */
    const firstKept = (kept: number, value: (i: number) => string) => views.map((_, i) => (i < kept ? value(i) : "(other)"));
    expect(stored.map((row) => row.referrer_host)).toEqual(firstKept(4, (i) => `site${i}.example`));
    expect(stored.map((row) => row.utm_source)).toEqual(firstKept(2, (i) => `source${i}`));
    expect(stored.map((row) => row.utm_medium)).toEqual(["email", "social", "email", "social", "email", "social", "email", "social"]);
    expect(stored.map((row) => row.utm_campaign)).toEqual(firstKept(2, (i) => `campaign${i}`));
    // A value stored before stays itself.
    await storePageViews([
      pageView({ path: "/about", referrerHost: "site1.example", utmCampaign: "campaign0", visitorKey: "again".padEnd(22, "x") }),
    ]);
    expect(
      (await rows<{ path: string }>(sql`select path, referrer_host, utm_campaign from analytics_events order by id desc limit 1`))[0],
    ).toEqual({
      path: "/about",
      referrer_host: "site1.example",
      utm_campaign: "campaign0",
    });
  });

  it("store a project's page under its slug only while the project exists", async () => {
    await storePageViews([
      pageView({ path: "/projects/lawsecai", visitorKey: "j".repeat(22) }),
      pageView({ path: "/projects/no-such-project", visitorKey: "k".repeat(22) }),
    ]);
    expect((await rows<{ path: string }>(sql`select path from analytics_events order by id desc limit 2`)).map((row) => row.path)).toEqual([
      NOT_FOUND_PATH,
      "/projects/lawsecai",
    ]);
  });

  it("store a news story's page under its id only while the story is stored", async () => {
    const [story] = await getDb()
      .insert(aiNews)
      .values({ title: "Bounds story", summary: "A story.", source: "Example Wire", publishedAt: new Date() })
      .returning({ id: aiNews.id });
    const unknown = "/ai-news/00000000-0000-4000-8000-000000000000";
    await storePageViews([pageView({ path: `/ai-news/${story!.id}` }), pageView({ path: unknown, visitorKey: "u".repeat(22) })]);
    expect((await rows<{ path: string }>(sql`select path from analytics_events order by id`)).map((row) => row.path)).toEqual([
      `/ai-news/${story!.id}`,
      NOT_FOUND_PATH,
    ]);
  });

  it("shows the buckets on the dashboard by what they hold", async () => {
    await storePageViews([
      pageView({ path: NOT_FOUND_PATH, visitorKey: "n".repeat(22) }),
      pageView({ path: "/", referrerHost: "one.example", visitorKey: "o".repeat(22) }),
      pageView({ path: "/about", referrerHost: "two.example", visitorKey: "p".repeat(22) }),
      pageView({ path: "/contact", referrerHost: "three.example", visitorKey: "q".repeat(22) }),
      pageView({ path: "/apply", referrerHost: "four.example", utmCampaign: "c1", visitorKey: "r".repeat(22) }),
      pageView({ path: "/mentoring", referrerHost: "five.example", utmCampaign: "c2", visitorKey: "s".repeat(22) }),
      pageView({ path: "/services", referrerHost: "six.example", utmCampaign: "c3", visitorKey: "t".repeat(22) }),
    ]);
    const dashboard = await loadDashboard(7);
    const pages = dashboard.tables.pages.rows.map((row) => row.path);
    expect(pages).toContain(NOT_FOUND_LABEL);
    expect(pages).toContain("Other pages (over the day's limit)");
    expect(pages).not.toContain(NOT_FOUND_PATH);
    expect(dashboard.tables.referrers.rows.map((row) => row.referrer)).toContain("Other sites (over the day's limit)");
    expect(dashboard.tables.campaigns.rows.map((row) => row.campaign)).toContain("Other campaigns (over the day's limit)");
  });
});
