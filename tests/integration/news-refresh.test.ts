import type { ServerResponse } from "node:http";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { aiNews, newsFeeds, newsRefreshState } from "~/.server/db/tables";
import { fetchAiNews } from "~/features/news/fetch/fetch-ai-news.server";
import { pruneOldNews } from "~/features/news/fetch/prune-news.server";
import { FEED_POLICY, refreshNews, runNewsRefresh } from "~/features/news/fetch/refresh-news.server";
import { createSafeFetcher } from "~/features/news/fetch/safe-fetch.server";
import { setupTestDatabase } from "../support/database";
import { articlePage, atom, jsonFeed, rdf, rss2, serveFeed, startFixtureServer, type FixtureServer } from "../fixtures/news/feed-server";

/**
 * A whole refresh against a local feed server and a real database: parsing of
 * every format, sanitising, de-duplication across feeds, article extraction,
 * conditional GET on the next run, failures, backoff and disabling.
 */
const database = setupTestDatabase();
const HOUR = 3_600_000;
let server: FixtureServer;
let sources: Array<{ url: string; name?: string }>;

const paragraph =
  "The lab published a detailed write-up of how the new planning agent decomposes long tasks into verifiable steps, and how it recovers when a step fails.";

beforeAll(async () => {
  const now = Date.now();
  server = await startFixtureServer();
  const site = "https://news.example.com";
  server.route(
    "/lab.xml",
    serveFeed(
      rss2({
        title: "Lab Blog",
        link: `${site}/`,
        items: [
          {
            title: "Lab releases open reasoning model",
            link: `${site}/posts/open-model?utm_source=rss&utm_medium=feed`,
            description: "The model is open. It reasons well.",
            content: `<p onclick="steal()">Full text with <a href="/docs">docs</a>.</p><script>alert("xss")</script><img src="x" onerror="alert(1)"><iframe src="https://evil.example/"></iframe>`,
            date: new Date(now - 2 * HOUR),
          },
          {
            title: "Undated announcement",
            link: `${site}/posts/undated`,
            description: "An item without a date is dated when first seen.",
            content: "<p>Body</p>",
          },
          {
            title: "Ancient history",
            link: `${site}/posts/old`,
            description: "Older than the retention period.",
            content: "<p>Old</p>",
            date: new Date(now - 90 * 24 * HOUR),
          },
        ],
      }),
    ),
  );
  server.route(
    "/press.atom",
    serveFeed(
      atom({
        title: "Tech Press AI",
        link: "https://press.example.org/ai/",
        items: [
          // Same article as the lab's, linked with other tracking parameters.
          {
            title: "Open reasoning model from the lab",
            link: `https://www.news.example.com/posts/open-model/?fbclid=1`,
            content: "<p>Dup</p>",
            date: new Date(now - HOUR),
          },
          // Same headline as the lab's, other URL.
          {
            title: "Lab Releases Open Reasoning Model!",
            link: "https://press.example.org/ai/copy",
            content: "<p>Dup</p>",
            date: new Date(now - HOUR),
          },
          { title: "Chip makers race for inference", link: "chips", content: "<p>Chips &amp; more</p>", date: new Date(now - 5 * HOUR) },
        ],
      }),
      { contentType: "application/atom+xml" },
    ),
  );
  server.route(
    "/micro.json",
    serveFeed(
      jsonFeed({
        title: "Micro JSON",
        link: "https://micro.example.net/",
        items: [
          { title: "JSON Feed story", link: "https://micro.example.net/1", content: "<p>JSON body</p>", date: new Date(now - 3 * HOUR) },
        ],
      }),
      {
        contentType: "application/feed+json",
      },
    ),
  );
  server.route(
    "/research.rdf",
    serveFeed(
      rdf({
        title: "Research RDF",
        link: server.url,
        items: [
          {
            title: "Planning agents that check their work",
            link: `${server.url}/articles/planning`,
            description: "Short teaser.",
            date: new Date(now - 26 * HOUR),
          },
        ],
      }),
    ),
  );
  server.route("/articles/planning", (_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(articlePage("Planning agents", Array(6).fill(paragraph)));
  });
  server.route("/broken.xml", (_req, res) => {
    res.writeHead(200, { "content-type": "application/rss+xml" }).end("<rss><channel><title>Broken<item><title>never closed");
  });
  server.route("/slow.xml", (_req, res) => {
    const timer = setTimeout(() => res.writeHead(200).end(""), 5_000);
    res.on("close", () => clearTimeout(timer));
  });
  sources = [
    { url: `${server.url}/lab.xml`, name: "Lab Blog" },
    { url: `${server.url}/press.atom` },
    { url: `${server.url}/micro.json` },
    { url: `${server.url}/research.rdf` },
    { url: `${server.url}/broken.xml` },
    { url: `${server.url}/slow.xml` },
  ];
});

afterAll(async () => {
  await server?.close();
});

const fastFetcher = () => createSafeFetcher({ allowPrivate: true, timeoutMs: 600 });
const requestsTo = (path: string) => server.requests.filter((r) => r.path === path);

describe("runNewsRefresh", () => {
  it("stores every story once, sanitised and summarised, and isolates broken feeds", async () => {
    const fetcher = fastFetcher();
    const report = await runNewsRefresh({ feeds: sources, fetcher });
    await fetcher.close();
    expect(report).toMatchObject({ feeds: 6, fetched: 4, failed: 2, notModified: 0 });

    const rows = await database.current.db.select().from(aiNews);
    const titles = rows.map((r) => r.title).sort();
    expect(titles).toEqual(
      [
        "Chip makers race for inference",
        "JSON Feed story",
        "Lab releases open reasoning model",
        "Planning agents that check their work",
        "Undated announcement",
      ].sort(),
    );
    expect(report.added).toBe(5);

    const lab = rows.find((r) => r.title === "Lab releases open reasoning model")!;
    expect(lab.source).toBe("Lab Blog");
    expect(lab.sourceUrl).toBe("https://news.example.com/posts/open-model");
    expect(lab.fullContent).not.toMatch(/<script|onclick|onerror|<iframe|alert/);
    expect(lab.fullContent).toContain(
      '<a href="https://news.example.com/docs" rel="noopener noreferrer nofollow" target="_blank">docs</a>',
    );
    expect(lab.summary).toBe("The model is open. It reasons well.");

    const chips = rows.find((r) => r.title === "Chip makers race for inference")!;
    expect(chips.source).toBe("Tech Press AI");
    expect(chips.sourceUrl).toBe("https://press.example.org/ai/chips");

    const planning = rows.find((r) => r.title.startsWith("Planning agents"))!;
    expect(planning.fullContent).toContain(paragraph);
    expect(planning.fullContent).not.toContain("window.evil");

    const undated = rows.find((r) => r.title === "Undated announcement")!;
    expect(Math.abs(undated.publishedAt.getTime() - Date.now())).toBeLessThan(60_000);
    for (const row of rows) expect(row.summary.length).toBeLessThanOrEqual(300);

    const feeds = await database.current.db.select().from(newsFeeds);
    const broken = feeds.find((f) => f.url.endsWith("/broken.xml"))!;
    expect(broken.consecutiveFailures).toBe(1);
    expect(broken.lastError).toMatch(/Not a readable/);
    expect(broken.backoffUntil!.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    const slow = feeds.find((f) => f.url.endsWith("/slow.xml"))!;
    expect(slow.lastError).toMatch(/No complete answer/);
    const press = feeds.find((f) => f.url.endsWith("/press.atom"))!;
    expect(press).toMatchObject({ consecutiveFailures: 0, title: "Tech Press AI", lastStatus: 200 });
    expect(press.etag).toBeTruthy();
  });

  it("asks again with the validators, gets 304, and leaves backed-off feeds alone", async () => {
    const before = server.requests.length;
    const fetcher = fastFetcher();
    const report = await runNewsRefresh({ feeds: sources, fetcher });
    await fetcher.close();
    expect(report).toMatchObject({ notModified: 4, fetched: 0, skipped: 2, added: 0 });
    const asked = server.requests.slice(before);
    expect(asked.map((r) => r.path).sort()).toEqual(["/lab.xml", "/micro.json", "/press.atom", "/research.rdf"]);
    for (const request of asked) expect(request.headers["if-none-match"]).toBeTruthy();
    expect(await database.current.db.$count(aiNews)).toBe(5);
  });

  it("disables a feed after repeated failures and logs it, then probes it once a day", async () => {
    const db = database.current.db;
    await db
      .update(newsFeeds)
      .set({ consecutiveFailures: FEED_POLICY.disableAfterFailures - 1, backoffUntil: null })
      .where(eq(newsFeeds.url, `${server.url}/broken.xml`));
    const fetcher = fastFetcher();
    await runNewsRefresh({ feeds: [sources[4]!], fetcher });
    let [broken] = await db
      .select()
      .from(newsFeeds)
      .where(eq(newsFeeds.url, `${server.url}/broken.xml`));
    expect(broken!.disabledAt).not.toBeNull();

    const asked = requestsTo("/broken.xml").length;
    await db.update(newsFeeds).set({ backoffUntil: null }).where(eq(newsFeeds.id, broken!.id));
    expect(await runNewsRefresh({ feeds: [sources[4]!], fetcher })).toMatchObject({ skipped: 1 });
    expect(requestsTo("/broken.xml").length).toBe(asked);

    // A day later it is probed; answering well again re-enables it.
    server.route("/broken.xml", serveFeed(rss2({ title: "Fixed", link: "https://fixed.example.com/", items: [] })));
    await db
      .update(newsFeeds)
      .set({ disabledAt: new Date(Date.now() - 25 * HOUR) })
      .where(eq(newsFeeds.id, broken!.id));
    expect(await runNewsRefresh({ feeds: [sources[4]!], fetcher })).toMatchObject({ fetched: 1 });
    [broken] = await db.select().from(newsFeeds).where(eq(newsFeeds.id, broken!.id));
    expect(broken).toMatchObject({ disabledAt: null, consecutiveFailures: 0 });
    await fetcher.close();
  });

  it("waits as long as Retry-After asks after a 503", async () => {
    server.route("/busy.xml", (_req, res) => res.writeHead(503, { "retry-after": "7200" }).end());
    const fetcher = fastFetcher();
    await runNewsRefresh({ feeds: [{ url: `${server.url}/busy.xml` }], fetcher });
    await fetcher.close();
    const [busy] = await database.current.db
      .select()
      .from(newsFeeds)
      .where(eq(newsFeeds.url, `${server.url}/busy.xml`));
    expect(busy!.lastStatus).toBe(503);
    const wait = busy!.backoffUntil!.getTime() - Date.now();
    expect(wait).toBeGreaterThan(7100_000);
    expect(wait).toBeLessThan(7300_000);
  });

  it("fetches at most one request at a time per host", async () => {
    let active = 0;
    let maxActive = 0;
    const slowFeed = (name: string) => async (_req: unknown, res: ServerResponse) => {
      active++;
      maxActive = Math.max(maxActive, active);
      await new Promise((resolve) => setTimeout(resolve, 80));
      active--;
      res.writeHead(200, { "content-type": "application/rss+xml" }).end(rss2({ title: name, link: "https://h.example.com/", items: [] }));
    };
    const feeds = ["a", "b", "c", "d"].map((name) => {
      server.route(`/host-${name}.xml`, slowFeed(name));
      return { url: `${server.url}/host-${name}.xml` };
    });
    const fetcher = fastFetcher();
    await runNewsRefresh({ feeds, fetcher });
    await fetcher.close();
    expect(maxActive).toBe(1);
  });
});

describe("pruneOldNews", () => {
  it("deletes stories older than the retention period and keeps the rest", async () => {
    const db = database.current.db;
    await db
      .insert(aiNews)
      .values({ title: "Very old", summary: "x", source: "S", publishedAt: new Date(Date.now() - 40 * 24 * HOUR), titleKey: "very old" });
    const count = await db.$count(aiNews);
    expect(await pruneOldNews(new Date(), 30)).toBe(1);
    expect(await db.$count(aiNews)).toBe(count - 1);
  });
});

describe("fetchAiNews (the API's operation)", () => {
  const countingSources = () => [{ url: `${server.url}/counted.xml` }];
  let servedTimes = 0;

  beforeEach(async () => {
    servedTimes = 0;
    server.route("/counted.xml", (_req, res) => {
      servedTimes++;
      setTimeout(() => {
        res.writeHead(200, { "content-type": "application/rss+xml" }).end(
          rss2({
            title: "Counted",
            link: "https://c.example.com/",
            items: [
              {
                title: `Counted story ${Date.now()}`,
                link: `https://c.example.com/${Date.now()}`,
                content: "<p>x</p>",
                date: new Date(),
              },
            ],
          }),
        );
      }, 150);
    });
    await database.current.db.delete(newsRefreshState);
  });

  it("answers from storage without reaching the sources when not forced", async () => {
    const result = await fetchAiNews({ force: false }, { feeds: countingSources(), fetcher: fastFetcher() });
    expect(servedTimes).toBe(0);
    expect(result.news.length).toBeGreaterThan(0);
    const [first] = result.news;
    expect(Object.keys(first!).sort()).toEqual(["fullContent", "id", "publishedAt", "source", "sourceUrl", "summary", "title"]);
    const dates = result.news.map((n) => n.publishedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it("lets only one forced refresh per 5 minutes reach the sources, across concurrent callers", async () => {
    const fetcher = fastFetcher();
    const results = await Promise.all(Array.from({ length: 5 }, () => fetchAiNews({ force: true }, { feeds: countingSources(), fetcher })));
    expect(servedTimes).toBe(1);
    // Everyone waited for that refresh and sees its story.
    for (const result of results) expect(result.news.some((n) => n.title.startsWith("Counted story"))).toBe(true);
    for (const result of results) expect(result.updatedAt).not.toBeNull();

    await fetchAiNews({ force: true }, { feeds: countingSources(), fetcher });
    expect(servedTimes).toBe(1);

    // Five minutes later a forced refresh reaches the sources again.
    await database.current.db.update(newsRefreshState).set({ lastStartedAt: sql`now() - interval '6 minutes'` });
    await fetchAiNews({ force: true }, { feeds: countingSources(), fetcher });
    expect(servedTimes).toBe(2);
    await fetcher.close();
  });

  it("answers from storage when the refresh takes longer than the wait", async () => {
    server.route("/counted.xml", (_req, res) => {
      servedTimes++;
      setTimeout(
        () =>
          res
            .writeHead(200, { "content-type": "application/rss+xml" })
            .end(rss2({ title: "Late", link: "https://l.example.com/", items: [] })),
        1_500,
      );
    });
    const fetcher = createSafeFetcher({ allowPrivate: true, timeoutMs: 5_000 });
    const started = Date.now();
    const result = await fetchAiNews({ force: true }, { feeds: countingSources(), fetcher, waitMs: 300 });
    expect(Date.now() - started).toBeLessThan(1_200);
    expect(result.news.length).toBeGreaterThan(0);
    // The refresh finishes in the background and frees the lease.
    await expect
      .poll(async () => (await database.current.db.select().from(newsRefreshState))[0]?.leaseUntil ?? null, { timeout: 5_000 })
      .toBeNull();
    await fetcher.close();
  });

  it("does not start a second refresh while one holds the lease", async () => {
    await database.current.db.insert(newsRefreshState).values({ id: 1, leaseUntil: sql`now() + interval '1 minute'` });
    expect(await refreshNews({ feeds: countingSources(), fetcher: fastFetcher() })).toBeNull();
    expect(servedTimes).toBe(0);
  });
});
