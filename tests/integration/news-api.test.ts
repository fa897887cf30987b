import { eq } from "drizzle-orm";
import { parseRssFeed } from "feedsmith";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aiNews } from "~/.server/db/tables";
import { resetEnvForTests } from "~/.server/env";
import { setAppSecret } from "~/.server/secret";
import { loader as rssLoader } from "~/routes/ai-news-rss";
import { action, loader } from "~/routes/api/fetch-ai-news";
import { action as storyAction, loader as storyLoader } from "~/routes/api/news-story";
import { newsForceLimit } from "~/features/news/fetch/news-rate-limits.server";
import { refreshNewsForVisitor } from "~/features/news/fetch/refresh-for-visitor.server";
import { loadHomeNews, loadHubNews } from "~/features/news/read/load-news-page.server";
import { setupTestDatabase } from "../support/database";
import { routeArgs } from "../support/route-args";
import { rss2, serveFeed, startFixtureServer, type FixtureServer } from "../fixtures/news/feed-server";

/** POST /api/fetch-ai-news and /ai-news/rss.xml through their route modules. */
const database = setupTestDatabase();
let server: FixtureServer;

beforeAll(async () => {
  setAppSecret("a".repeat(64));
  server = await startFixtureServer({
    routes: {
      "/feed.xml": serveFeed(
        rss2({
          title: "API Fixture",
          link: "https://api.example.com/",
          items: [
            {
              title: "First fixture story",
              link: "https://api.example.com/1",
              description: "One. Two.",
              content: "<p>One</p>",
              date: new Date(Date.now() - 3_600_000),
            },
            { title: "Story without a link & more", description: "No link here.", date: new Date(Date.now() - 7_200_000) },
          ],
        }),
      ),
    },
  });
  process.env.NEWS_FEEDS = `${server.url}/feed.xml`;
  process.env.NEWS_ALLOW_PRIVATE_HOSTS = "1";
  resetEnvForTests();
});

afterAll(async () => {
  delete process.env.NEWS_FEEDS;
  delete process.env.NEWS_ALLOW_PRIVATE_HOSTS;
  resetEnvForTests();
  await server?.close();
});

function post(body: string, contentType = "application/json", clientIp = "203.0.113.9") {
  const request = new Request("http://localhost/api/fetch-ai-news", { method: "POST", headers: { "Content-Type": contentType }, body });
  return action(routeArgs(request, { clientIp }));
}

describe("POST /api/fetch-ai-news", () => {
  it("fills an empty hub on the first request and answers with the product's article fields", async () => {
    const response = await post(JSON.stringify({ force: false }));
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = (await response.json()) as { news: Array<Record<string, unknown>>; updatedAt: string | null };
    expect(body.news.map((n) => n.title)).toEqual(["First fixture story", "Story without a link & more"]);
    expect(body.news[0]).toMatchObject({
      summary: "One. Two.",
      fullContent: "<p>One</p>",
      source: "API Fixture",
      sourceUrl: "https://api.example.com/1",
    });
    expect(body.news[1]!.sourceUrl).toBeNull();
    expect(typeof body.news[0]!.id).toBe("string");
    expect(new Date(body.news[0]!.publishedAt as string).toString()).not.toBe("Invalid Date");
    expect(body.updatedAt).not.toBeNull();
  });

  it("answers bad input with a JSON error", async () => {
    const wrongType = await post(JSON.stringify({ force: "yes" }));
    expect(wrongType.status).toBe(400);
    expect(await wrongType.json()).toMatchObject({ error: "force must be true or false" });

    const notJson = await post("force=true", "application/x-www-form-urlencoded");
    expect(notJson.status).toBe(415);
    expect(await notJson.json()).toHaveProperty("error");

    const malformed = await post("{force:");
    expect(malformed.status).toBe(400);
  });

  it("shares one per-client policy with the pages' 'Refresh News': forced refreshes from either count against one allowance", async () => {
    const clientIp = "198.51.100.77";
    // Half the allowance through the pages' refresh, the rest through the API.
    const half = Math.floor(newsForceLimit.points / 2);
    for (let i = 0; i < half; i++) await refreshNewsForVisitor(clientIp);
    for (let i = half; i < newsForceLimit.points; i++)
      expect((await post(JSON.stringify({ force: true }), undefined, clientIp)).status).toBe(200);

    const refused = await post(JSON.stringify({ force: true }), undefined, clientIp);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ error: newsForceLimit.message });
    // The page says the same, as its toast.
    expect(await refreshNewsForVisitor(clientIp)).toEqual({ type: "error", title: newsForceLimit.message });
    // Reading without forcing is another allowance, still open.
    expect((await post(JSON.stringify({ force: false }), undefined, clientIp)).status).toBe(200);
  });

  it("refuses GET with 405 JSON", async () => {
    const response = loader();
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
  });
});

describe("GET /api/news/:id", () => {
  function getStory(id: string, method = "GET") {
    return storyLoader(routeArgs(new Request(`http://localhost/api/news/${id}`, { method }), { params: { id } }));
  }

  it("answers one stored story with its full text, which the pages' lists leave out", async () => {
    const [stored] = await database.current.db.select().from(aiNews).where(eq(aiNews.title, "First fixture story"));
    const response = await getStory(stored!.id);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      article: {
        id: stored!.id,
        title: "First fixture story",
        summary: "One. Two.",
        fullContent: "<p>One</p>",
        source: "API Fixture",
        sourceUrl: "https://api.example.com/1",
        publishedAt: stored!.publishedAt.toISOString(),
      },
    });
    // The home page and /ai-news send the stories without it: the dialog asks here.
    for (const data of [await loadHomeNews(), await loadHubNews()]) {
      expect(data.news.map((story) => story.title)).toContain("First fixture story");
      for (const story of data.news) expect(story).not.toHaveProperty("fullContent");
    }
  });

  it("answers an unknown or malformed id, and another method, with a JSON error", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-an-id", "%00"]) {
      const response = await getStory(id);
      expect(response.status, id).toBe(404);
      expect(await response.json()).toMatchObject({ error: "No story with this id." });
    }
    const post = await storyAction(routeArgs(new Request("http://localhost/api/news/x", { method: "POST" }), { params: { id: "x" } }));
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
  });
});

describe("GET /ai-news/rss.xml", () => {
  it("is an RSS 2.0 feed of the stored stories linking to their story pages", async () => {
    const [stored] = await database.current.db.select().from(aiNews).limit(1);
    const response = await rssLoader();
    expect(response.headers.get("content-type")).toContain("application/rss+xml");
    const xml = await response.text();
    const parsed = parseRssFeed(xml);
    // Readers render RSS titles as HTML: the decoded XML carries HTML-escaped text (decision 0111).
    expect(parsed.items?.map((item) => item.title).sort()).toEqual(["First fixture story", "Story without a link &amp; more"]);
    expect(parsed.items?.map((item) => item.link)).toContain(`http://localhost:3000/ai-news/${stored!.id}`);
  });
});
