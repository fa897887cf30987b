import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { fixedPages, publicPages } from "~/content/public-pages.ts";
import { preferredEncoding } from "./accept-encoding.ts";
import {
  createHtmlCache,
  expiresAt,
  sharedCacheControl,
  sitePagePolicy,
  sitePageTier,
  type PageKind,
  type PageTier,
} from "./html-cache.ts";

type Reply = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** A raw HTTP GET (no automatic decompression), so the test sees the bytes that were sent. */
function get(url: string, headers: Record<string, string> = {}, method = "GET"): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on("error", reject);
    request.end();
  });
}

type Page = { status?: number; headers?: Record<string, string>; body?: string };

/**
 * An app whose renderer says how often each path was rendered. `gate` (when set)
 * holds renderings until released, to see what happens meanwhile.
 */
async function startApp(
  options: {
    policyFor?: (path: string) => PageKind | null;
    tierFor?: (path: string) => PageTier;
    maxBytes?: number;
    onEvict?: (tier: PageTier) => void;
    now?: () => number;
    page?: (path: string) => Page;
  } = {},
) {
  const renders = new Map<string, number>();
  let gate: Promise<void> | undefined;
  const cache = createHtmlCache({
    policyFor: options.policyFor ?? (() => "site"),
    tierFor: options.tierFor,
    maxBytes: options.maxBytes,
    onEvict: options.onEvict,
    // A clock that moves only when a test moves it: no test depends on the wall clock.
    now: options.now ?? (() => Date.parse("2026-11-21T12:00:00Z")),
    render: async (path) => {
      const count = (renders.get(path) ?? 0) + 1;
      renders.set(path, count);
      await gate;
      const page = options.page?.(path) ?? {};
      return new Response(page.body ?? `<!doctype html><p>${path} render ${count}</p>${"<i>filler</i>".repeat(200)}`, {
        status: page.status ?? 200,
        headers: {
          "Content-Type": "text/html; charset=utf-8",
          "Content-Security-Policy": "script-src 'self' 'sha256-abc'",
          ...page.headers,
        },
      });
    },
  });
  const app = express();
  app.use(cache.middleware);
  app.use((req, res) => {
    res.type("text/plain").send(`passed on: ${req.originalUrl}`);
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    cache,
    url,
    renders: (path: string) => renders.get(path) ?? 0,
    hold: () => {
      let release!: () => void;
      gate = new Promise((resolve) => (release = resolve));
      return () => {
        gate = undefined;
        release();
      };
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe("createHtmlCache", () => {
  let close: (() => Promise<unknown>) | undefined;
  afterEach(async () => close?.());

  it("renders a page once and sends everyone the same bytes, Brotli or gzip made once, with strong ETags and 304s", async () => {
    const app = await startApp();
    close = app.close;
    const identity = await get(`${app.url}/about`);
    const brotli = await get(`${app.url}/about`, { "Accept-Encoding": "gzip, deflate, br, zstd" });
    const gzip = await get(`${app.url}/about`, { "Accept-Encoding": "gzip" });
    const again = await get(`${app.url}/about`, { "Accept-Encoding": "gzip, deflate, br, zstd", Cookie: "cookie_consent=accepted" });
    expect(app.renders("/about")).toBe(1);

    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.body.toString()).toContain("/about render 1");
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(brotli.body)).toEqual(identity.body);
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.body)).toEqual(identity.body);
    expect(brotli.body.length).toBeLessThan(gzip.body.length);
    expect(again.body).toEqual(brotli.body);
    expect(brotli.headers["content-length"]).toBe(String(brotli.body.length));

    for (const reply of [identity, brotli, gzip]) {
      expect(reply.headers["content-security-policy"]).toBe("script-src 'self' 'sha256-abc'");
      expect(reply.headers.vary).toBe("Accept-Encoding");
      expect(reply.headers["cache-control"]).toMatch(/^public, max-age=\d+, s-maxage=\d+, stale-while-revalidate=\d+$/);
    }
    // One strong validator per encoding, the same for every visitor.
    expect(identity.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(new Set([identity, brotli, gzip].map((reply) => reply.headers.etag)).size).toBe(3);
    expect(again.headers.etag).toBe(brotli.headers.etag);

    const revalidated = await get(`${app.url}/about`, { "Accept-Encoding": "br", "If-None-Match": brotli.headers.etag! });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    expect(revalidated.headers["cache-control"]).toBe(brotli.headers["cache-control"]);
    expect((await get(`${app.url}/about`, { "If-Modified-Since": identity.headers["last-modified"]! })).status).toBe(304);
    expect((await get(`${app.url}/about`, { "If-None-Match": '"something-else"' })).status).toBe(200);
    const head = await get(`${app.url}/about`, { "Accept-Encoding": "br" }, "HEAD");
    expect(head.headers["content-length"]).toBe(String(brotli.body.length));
    expect(app.renders("/about")).toBe(1);
  });

  it("renders a page that is asked for by many at once only once", async () => {
    const app = await startApp();
    close = app.close;
    const release = app.hold();
    const replies = Array.from({ length: 5 }, () => get(`${app.url}/projects`, { "Accept-Encoding": "br" }));
    await expect.poll(() => app.renders("/projects")).toBe(1);
    release();
    const bodies = (await Promise.all(replies)).map((reply) => reply.body.toString("base64"));
    expect(new Set(bodies).size).toBe(1);
    expect(app.renders("/projects")).toBe(1);
  });

  it("forgets the pages of a kind when told, and does not keep a page rendered while it was told", async () => {
    const app = await startApp({ policyFor: (path) => (path === "/news" ? "news" : "site") });
    close = app.close;
    await get(`${app.url}/news`);
    await get(`${app.url}/legal`);
    app.cache.invalidate("site");
    expect((await get(`${app.url}/news`)).body.toString()).toContain("render 1");
    app.cache.invalidate("news");
    expect((await get(`${app.url}/news`)).body.toString()).toContain("render 2");
    expect((await get(`${app.url}/legal`)).body.toString()).toContain("render 2");

    // News is stored while the page is being rendered: who asked gets it, nobody after
    // (a request after the news was stored waits for a rendering of its own).
    app.cache.invalidate("news");
    const release = app.hold();
    const during = get(`${app.url}/news`);
    await expect.poll(() => app.renders("/news")).toBe(3);
    app.cache.invalidate("news");
    const after = get(`${app.url}/news`);
    await expect.poll(() => app.renders("/news")).toBe(4);
    release();
    expect((await during).body.toString()).toContain("render 3");
    expect((await after).body.toString()).toContain("render 4");
    expect((await get(`${app.url}/news`)).body.toString()).toContain("render 4");
  });

  it("renders site pages again at UTC midnight and news pages within minutes, and says so in Cache-Control", async () => {
    let now = Date.parse("2026-11-21T23:50:00Z");
    const app = await startApp({ policyFor: (path) => (path === "/news" ? "news" : "site"), now: () => now });
    close = app.close;
    const page = async (path: string) => {
      const reply = await get(`${app.url}${path}`);
      return { text: reply.body.toString(), cacheControl: reply.headers["cache-control"] };
    };
    expect(await page("/legal")).toMatchObject({
      text: expect.stringContaining("render 1"),
      cacheControl: "public, max-age=60, s-maxage=1, stale-while-revalidate=60",
    });
    // 23:50 -> kept until 23:55 (5 minutes; the next refresh slot is at 00:00).
    expect(await page("/news")).toMatchObject({
      text: expect.stringContaining("render 1"),
      cacheControl: "public, max-age=60, s-maxage=1, stale-while-revalidate=30",
    });
    now += 4 * 60_000; // 23:54
    expect(await page("/news")).toMatchObject({
      text: expect.stringContaining("render 1"),
      cacheControl: "public, max-age=60, s-maxage=1, stale-while-revalidate=30",
    });
    expect((await page("/legal")).cacheControl).toBe("public, max-age=60, s-maxage=1, stale-while-revalidate=60");
    now += 3 * 60_000; // 23:57
    expect((await page("/news")).text).toContain("render 2");
    now += 2 * 60_000; // 23:59: stored at 23:57, kept until 00:01 (a minute after the refresh slot), not 00:02
    expect(await page("/news")).toMatchObject({
      text: expect.stringContaining("render 2"),
      cacheControl: "public, max-age=60, s-maxage=1, stale-while-revalidate=30",
    });
    expect((await page("/legal")).text).toContain("render 1");
    now += 60_000; // 00:00 the next day: the legal page's date changed
    expect((await page("/legal")).text).toContain("render 2");
    expect((await page("/news")).text).toContain("render 2");
    now += 60_000; // 00:01
    expect((await page("/news")).text).toContain("render 3");
  });

  it("passes on what is not the same for everyone, and sends a rendering that cannot be stored as it came", async () => {
    const app = await startApp({
      policyFor: (path) => (path === "/private" ? null : "site"),
      page: (path): Page =>
        path === "/missing"
          ? { status: 404, body: "<p>not found</p>", headers: { "Cache-Control": "private, no-store" } }
          : path === "/sets-cookie"
            ? { headers: { "Set-Cookie": "a=b" } }
            : {},
    });
    close = app.close;
    for (const [path, headers] of [
      ["/private", {}],
      ["/about?ref=mail", {}],
      ["/about", { Cookie: "cookie_consent=accepted; toast=abc" }],
      ["/sets-cookie", {}],
    ] as const) {
      const reply = await get(`${app.url}${path}`, headers);
      expect(reply.body.toString(), path).toBe(`passed on: ${path}`);
      expect(reply.headers["x-page-cache"], path).toBeUndefined();
    }
    const post = await new Promise<number>((resolve) =>
      http.request(`${app.url}/about`, { method: "POST" }, (r) => (r.resume(), resolve(r.statusCode ?? 0))).end(),
    );
    expect(post).toBe(200);
    expect(app.renders("/about")).toBe(0);

    for (let i = 1; i <= 2; i++) {
      const missing = await get(`${app.url}/missing`, { "Accept-Encoding": "br" });
      expect(missing.status).toBe(404);
      expect(missing.body.toString()).toBe("<p>not found</p>");
      expect(missing.headers["cache-control"]).toBe("private, no-store");
      expect(app.renders("/missing")).toBe(i);
    }
    expect(app.cache.size()).toBe(0);
  });
});

describe("the page cache's budget", () => {
  let close: (() => Promise<unknown>) | undefined;
  afterEach(async () => close?.());

  it("stays within its bytes however many stories are asked for, and no story pushes out a core page", async () => {
    const evictions: Record<PageTier, number> = { core: 0, items: 0 };
    // About 2.8 KB a page (all encodings): room for 3 core pages and 10 stories.
    const app = await startApp({ tierFor: sitePageTier, maxBytes: 40_000, onEvict: (tier) => evictions[tier]++ });
    close = app.close;
    for (const path of ["/about", "/services"]) await get(`${app.url}${path}`, { "Accept-Encoding": "br" });
    for (let i = 0; i < 60; i++) await get(`${app.url}/ai-news/story-${i}`, { "Accept-Encoding": "br" });

    const stats = app.cache.stats();
    expect(stats.core).toMatchObject({ entries: 2, maxBytes: 10_000 });
    expect(stats.items.maxBytes).toBe(30_000);
    expect(stats.items.bytes).toBeLessThanOrEqual(30_000);
    expect(stats.items.entries).toBeGreaterThan(5);
    expect(stats.items.entries).toBeLessThan(12);
    expect(evictions).toEqual({ core: 0, items: 60 - stats.items.entries });
    // The core pages were never rendered again; the newest story is kept, the oldest is not.
    for (const path of ["/about", "/services"]) expect((await get(`${app.url}${path}`)).headers["x-page-cache"], path).toBe("hit");
    expect(app.renders("/about")).toBe(1);
    expect((await get(`${app.url}/ai-news/story-59`)).headers["x-page-cache"]).toBe("hit");
    expect((await get(`${app.url}/ai-news/story-0`)).headers["x-page-cache"]).toBe("miss");
  });
});

describe("preferredEncoding", () => {
  it.each([
    ["gzip, deflate, br, zstd", "br"],
    ["br, gzip", "br"],
    ["br;q=0.5, gzip", "gzip"],
    ["gzip;q=0, br;q=0.1", "br"],
    ["GZIP", "gzip"],
    ["*", "br"],
    ["deflate", null],
    ["br;q=0, gzip;q=0", null],
    ["identity", null],
    [undefined, null],
    ["br;q=nonsense, gzip", "gzip"],
  ])("takes Brotli when it is wanted at least as much as gzip: %j gives %j", (header, encoding) => {
    expect(preferredEncoding(header)).toBe(encoding);
  });
});

describe("lifetimes", () => {
  it("keeps news pages at most 5 minutes and never past a minute after the next :00/:30 refresh", () => {
    const at = (iso: string) => new Date(expiresAt("news", Date.parse(iso))).toISOString();
    expect(at("2026-11-21T10:00:30Z")).toBe("2026-11-21T10:05:30.000Z");
    expect(at("2026-11-21T10:27:00Z")).toBe("2026-11-21T10:31:00.000Z");
    expect(at("2026-11-21T10:29:59Z")).toBe("2026-11-21T10:31:00.000Z");
    expect(new Date(expiresAt("site", Date.parse("2026-11-21T10:00:00Z"))).toISOString()).toBe("2026-11-22T00:00:00.000Z");
    expect(sharedCacheControl("site", 7200)).toBe("public, max-age=60, s-maxage=1, stale-while-revalidate=60");
    expect(sharedCacheControl("news", 12.7)).toBe("public, max-age=12, s-maxage=1, stale-while-revalidate=30");
    expect(sharedCacheControl("news", 0.4)).toBe("public, max-age=0, s-maxage=0, stale-while-revalidate=30");
  });
});

describe("sitePagePolicy", () => {
  it("lists the pages that are the same for everyone", () => {
    for (const path of ["/services", "/privacy-policy", "/projects/lawsecai"]) expect(sitePagePolicy(path), path).toBe("site");
    for (const path of ["/", "/ai-news", "/ai-news/123"]) expect(sitePagePolicy(path), path).toBe("news");
    for (const path of [
      "/contact",
      "/apply",
      "/mentoring",
      "/admin/leads",
      "/api/fetch-ai-news",
      "/ai-news/rss.xml",
      "/unsubscribe",
      "/projects.data",
      "/about/",
    ]) {
      expect(sitePagePolicy(path), path).toBeNull();
    }
  });

  it("follows the one list of public pages, and keeps no page that is not in it", () => {
    for (const page of publicPages) expect(sitePagePolicy(page.path), page.path).toBe(page.cache);
    // Any project's address is a site page (the studio publishes new ones); an unknown one is a 404, never stored.
    expect(sitePagePolicy("/projects/a-new-case-study")).toBe("site");
    expect(sitePagePolicy("/projects/a/b")).toBeNull();
  });

  it("keeps only canonical spellings, the listed pages and projects as core and stories as items", () => {
    for (const path of ["/ABOUT", "/Projects/lawsecai", "/ai-news/0F3A9C1E-7B2D-4E8F-A1B2-C3D4E5F6A7B8", "//about", "/%61bout"]) {
      expect(sitePagePolicy(path), path).toBeNull();
    }
    for (const page of fixedPages) if (page.cache) expect(sitePageTier(page.path), page.path).toBe("core");
    expect(sitePageTier("/projects/lawsecai")).toBe("core");
    expect(sitePageTier("/ai-news/0f3a9c1e-7b2d-4e8f-a1b2-c3d4e5f6a7b8")).toBe("items");
  });
});
