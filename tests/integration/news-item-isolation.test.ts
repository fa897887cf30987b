import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aiNews, newsFeeds } from "~/.server/db/tables";
import { listFeedHealth } from "~/features/news/read/list-feed-health.server";
import { runNewsRefresh } from "~/features/news/fetch/refresh-news.server";
import { createSafeFetcher } from "~/features/news/fetch/safe-fetch.server";
import { setupTestDatabase } from "../support/database";
import { jsonFeed, rss2, serveFeed, startFixtureServer, type FixtureServer } from "../fixtures/news/feed-server";

/**
 * One bad item never costs a feed its other items: items the database would
 * refuse are cleaned before they are stored, an item it refuses anyway is
 * refused alone, the feed's health says so, and the feed's validators are
 * saved only when nothing that could pass next time was refused.
 */
const database = setupTestDatabase();
const db = () => database.current.db;
const HOUR = 3_600_000;
let server: FixtureServer;

/** Words that do not compress well, so a long title really is long in an index. */
function noise(words: number, seed: number): string {
  let state = seed;
  const next = () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0);
  return Array.from({ length: words }, () => next().toString(36)).join(" ");
}

const fetcher = () => createSafeFetcher({ allowPrivate: true, timeoutMs: 2_000 });

async function feedRow(path: string) {
  const [row] = await db()
    .select()
    .from(newsFeeds)
    .where(eq(newsFeeds.url, `${server.url}${path}`));
  return row!;
}

async function storedTitles(): Promise<string[]> {
  const rows = await db().select({ title: aiNews.title }).from(aiNews);
  return rows.map((row) => row.title).sort();
}

beforeAll(async () => {
  server = await startFixtureServer();
});

afterAll(async () => {
  await server?.close();
});

describe("items the database would refuse", () => {
  it("are cleaned and stored together with the good ones, and the feed stays healthy", async () => {
    const now = Date.now();
    const site = "https://poison.example.com";
    // RSS with raw control characters (a NUL, a vertical tab) in a title and a description.
    server.route(
      "/poison.xml",
      serveFeed(
        rss2({
          title: "Poison\u0000 Wire",
          link: `${site}/`,
          items: [
            { title: "Good RSS story one", link: `${site}/good-1`, description: "A good teaser.", date: new Date(now - HOUR) },
            {
              title: "Agents\u0000 learn\u000B to plan",
              link: `${site}/nul`,
              description: "Nul\u0000 in the teaser\u0001 too.",
              content: "<p>Body with a nul\u0000 byte.</p>",
              date: new Date(now - 2 * HOUR),
            },
            { title: "Good RSS story two", link: `${site}/good-2`, description: "Another good teaser.", date: new Date(now - 3 * HOUR) },
          ],
        }),
      ),
    );
    // JSON Feed: lone surrogates, absurd lengths, the same story twice, dates out of any range.
    server.route(
      "/poison.json",
      serveFeed(
        jsonFeed({
          title: "Poison JSON",
          link: `${site}/json/`,
          items: [
            { title: "Good JSON story", link: `${site}/json/good`, content: "<p>Fine.</p>", date: new Date(now - HOUR) },
            {
              title: "Lone \ud800 surrogate story",
              link: `${site}/json/surrogate`,
              content: "<p>Half a pair: \udc00.</p>",
              date: new Date(now - HOUR),
            },
            {
              title: `Endless ${noise(4_000, 7)}`,
              link: `${site}/json/long-title`,
              content: "<p>Long title.</p>",
              date: new Date(now - HOUR),
            },
            {
              title: "Endless link story",
              link: `${site}/json/${noise(3_000, 11).replace(/ /g, "-")}`,
              content: "<p>Long link.</p>",
              date: new Date(now - HOUR),
            },
            { title: "Twice in one feed", link: `${site}/json/twice`, content: "<p>First.</p>", date: new Date(now - HOUR) },
            {
              title: "Twice in one feed, again",
              link: `${site}/json/twice?utm_source=feed`,
              content: "<p>Second.</p>",
              date: new Date(now - HOUR),
            },
            { title: "Far future story", link: `${site}/json/future`, content: "<p>Future.</p>", date: new Date(8_640_000_000_000_000) },
          ],
        }),
        { contentType: "application/feed+json" },
      ),
    );
    const feeds = [{ url: `${server.url}/poison.xml` }, { url: `${server.url}/poison.json` }];
    const client = fetcher();
    const report = await runNewsRefresh({ feeds, fetcher: client, summarizer: undefined });
    await client.close();

    expect(report).toMatchObject({ fetched: 2, failed: 0 });
    const rows = await db().select().from(aiNews);
    const byTitle = (start: string) => rows.find((row) => row.title.startsWith(start));
    for (const title of ["Good RSS story one", "Good RSS story two", "Good JSON story"]) expect(byTitle(title), title).toBeDefined();

    const nul = byTitle("Agents")!;
    expect(nul.title).toBe("Agents learn to plan");
    expect(nul.summary).toBe("Nul in the teaser too.");
    expect(nul.fullContent).toBe("<p>Body with a nul byte.</p>");
    expect(nul.source).toBe("Poison Wire");
    for (const row of rows) {
      for (const value of [row.title, row.summary, row.fullContent, row.source]) {
        // eslint-disable-next-line no-control-regex -- looking for control characters
        expect(value).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/);
        expect(value.isWellFormed()).toBe(true);
      }
    }
    expect(byTitle("Lone")!.title).toBe("Lone \ufffd surrogate story");
    const longTitle = byTitle("Endless ")!;
    expect(longTitle.title.length).toBeLessThanOrEqual(500);
    expect(longTitle.titleKey!.length).toBeLessThanOrEqual(500);
    const longLink = byTitle("Endless link")!;
    expect(longLink.sourceUrl).toBeNull();
    expect(rows.filter((row) => row.title.startsWith("Twice in one feed"))).toHaveLength(1);
    const future = byTitle("Far future")!;
    expect(Math.abs(future.publishedAt.getTime() - now)).toBeLessThan(60_000);
    expect(report.added).toBe(rows.length);
    expect(rows).toHaveLength(9);

    for (const path of ["/poison.xml", "/poison.json"]) {
      const feed = await feedRow(path);
      expect(feed, path).toMatchObject({
        consecutiveFailures: 0,
        lastError: null,
        itemsRefused: 0,
        itemsRefusedNote: null,
        lastStatus: 200,
      });
      expect(feed.etag, path).toBeTruthy();
    }
    expect((await feedRow("/poison.xml")).title).toBe("Poison Wire");
  });
});

describe("an item the database refuses anyway", () => {
  beforeAll(async () => {
    await db().execute(sql`truncate ai_news, news_feeds cascade`);
    // A refusal no cleaning can foresee (as a constraint added by an operator would be): a
    // trigger refuses titles with a marker, as a permanent refusal (a check violation) or as
    // one that may pass next time (a serialization failure).
    await db().execute(
      sql.raw(`
      create function refuse_marked_news() returns trigger language plpgsql as $$
      begin
        if new.title like '%[refuse for good]%' then
          raise exception 'refused for good: %', new.title using errcode = 'check_violation';
        end if;
        if new.title like '%[refuse for now]%' then
          raise exception 'could not serialize access' using errcode = 'serialization_failure';
        end if;
        return new;
      end $$;
      create trigger refuse_marked_news before insert on ai_news for each row execute function refuse_marked_news();
    `),
    );
  });

  afterAll(async () => {
    await db().execute(sql.raw(`drop trigger if exists refuse_marked_news on ai_news; drop function if exists refuse_marked_news();`));
  });

  /**
   * Serves the feed `name` (at /`name`.xml, its stories on `name`.example) with three good stories
   * and one marked `marker`; returns a news refresh of it, one fetcher for every run.
   */
  const markedFeed = (name: string, title: string, marker: string) => {
    const now = Date.now();
    const site = `${name}.example`;
    const items = [
      { title: `First good story ${site}`, link: `https://${site}/1`, content: "<p>One.</p>", date: new Date(now - HOUR) },
      { title: `Second good story ${site}`, link: `https://${site}/2`, content: "<p>Two.</p>", date: new Date(now - 2 * HOUR) },
      { title: `Poisoned story ${marker}`, link: `https://${site}/3`, content: "<p>Three.</p>", date: new Date(now - 3 * HOUR) },
      { title: `Third good story ${site}`, link: `https://${site}/4`, content: "<p>Four.</p>", date: new Date(now - 4 * HOUR) },
    ];
    server.route(`/${name}.xml`, serveFeed(rss2({ title, link: `https://${site}/`, items })));
    const client = fetcher();
    return {
      client,
      refresh: () => runNewsRefresh({ feeds: [{ url: `${server.url}/${name}.xml` }], fetcher: client, summarizer: undefined }),
    };
  };

  it("costs the feed only that item; the health shows it; a refusal for good keeps the validators", async () => {
    const { client, refresh } = markedFeed("refused", "Refusing Wire", "[refuse for good]");
    const first = await refresh();
    expect(first).toMatchObject({ fetched: 1, failed: 0, added: 3 });
    expect(await storedTitles()).toEqual([
      "First good story refused.example",
      "Second good story refused.example",
      "Third good story refused.example",
    ]);

    const feed = await feedRow("/refused.xml");
    expect(feed).toMatchObject({ consecutiveFailures: 0, lastError: null, itemsRefused: 1, lastStatus: 200 });
    expect(feed.itemsRefusedNote).toMatch(/^3 new stories stored, 1 refused: "Poisoned story \[refuse for good\]": .*refused for good/);
    expect(feed.etag).toBeTruthy();
    const [health] = (await listFeedHealth()).filter((row) => row.url === feed.url);
    expect(health).toMatchObject({ itemsRefused: 1, itemsRefusedNote: feed.itemsRefusedNote });

    // The same item would be refused again: the validators were saved, and the next run is a cheap 304.
    const before = server.requests.length;
    const second = await refresh();
    await client.close();
    expect(second).toMatchObject({ notModified: 1, added: 0 });
    expect(server.requests[before]!.headers["if-none-match"]).toBe(feed.etag);
    expect(await feedRow("/refused.xml")).toMatchObject({ itemsRefused: 1, itemsRefusedNote: feed.itemsRefusedNote });
  });

  it("a refusal that may pass next time leaves the validators unsaved, so the next run fetches the feed again and stores it", async () => {
    const { client, refresh } = markedFeed("later", "Later Wire", "[refuse for now]");
    const first = await refresh();
    expect(first).toMatchObject({ fetched: 1, failed: 0, added: 3 });
    let feed = await feedRow("/later.xml");
    expect(feed).toMatchObject({ consecutiveFailures: 0, itemsRefused: 1, etag: null, lastModified: null });
    expect(feed.itemsRefusedNote).toMatch(
      /^3 new stories stored, 1 refused: "Poisoned story \[refuse for now\]": could not serialize access/,
    );

    // Whatever refused it has gone: the next run asks without validators, gets the whole feed and stores the item.
    await db().execute(sql.raw(`drop trigger refuse_marked_news on ai_news`));
    const before = server.requests.length;
    const second = await refresh();
    expect(server.requests[before]!.headers["if-none-match"]).toBeUndefined();
    expect(second).toMatchObject({ fetched: 1, notModified: 0, added: 1 });
    feed = await feedRow("/later.xml");
    expect(feed).toMatchObject({ itemsRefused: 0, itemsRefusedNote: null });
    expect(feed.etag).toBeTruthy();
    expect((await storedTitles()).filter((title) => title.includes("later.example") || title.includes("refuse for now"))).toHaveLength(4);

    const third = await refresh();
    await client.close();
    expect(third).toMatchObject({ notModified: 1 });
  });
});
