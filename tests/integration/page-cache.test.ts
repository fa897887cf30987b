import { createHash } from "node:crypto";
import http from "node:http";
import zlib from "node:zlib";
import { Parser } from "htmlparser2";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { deferredScripts } from "../../app/framework-workarounds/defer-hydration.server";
import { publicPaths } from "../../app/content/public-pages";
import { rss2, serveFeed, startFixtureServer, type FixtureServer } from "../fixtures/news/feed-server";
import { useServerForFile } from "../support/server-process";

/**
 * Pages of the production server as browsers and shared caches see them
 * (server/html-cache.ts, app/entry.server.tsx, docs/decisions/0120): public
 * pages are the same bytes for everyone, compressed once, shareable; pages
 * for one visitor are never shareable; every page's policy allows exactly its
 * own inline scripts.
 */
type Reply = { status: number; headers: http.IncomingHttpHeaders; body: Buffer; html: string };

/** A raw request (no automatic decompression): the test sees the bytes that were sent. */
function request(url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(url, { method: options.method ?? "GET", headers: options.headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const body = Buffer.concat(chunks);
        const encoding = response.headers["content-encoding"];
        const decoded = encoding === "br" ? zlib.brotliDecompressSync(body) : encoding === "gzip" ? zlib.gunzipSync(body) : body;
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body, html: decoded.toString("utf8") });
      });
    });
    outgoing.on("error", reject);
    outgoing.end(options.body);
  });
}

/** The scripts a browser would run from this HTML, read with an HTML parser (not the server's own scanner). */
function executableInlineScripts(html: string): string[] {
  const scripts: string[] = [];
  let current: string | null = null;
  const parser = new Parser({
    onopentag(name, attributes) {
      const type = (attributes.type ?? "").trim().toLowerCase();
      if (name === "script" && !("src" in attributes) && ["", "text/javascript", "module"].includes(type)) current = "";
    },
    ontext(text) {
      if (current !== null) current += text;
    },
    onclosetag(name) {
      if (name === "script" && current !== null) {
        scripts.push(current);
        current = null;
      }
    },
  });
  parser.write(html);
  parser.end();
  return scripts;
}

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
const scriptSources = (policy: string | string[] | undefined) =>
  (/(?:^|;)\s*script-src ([^;]*)/.exec(String(policy ?? ""))?.[1] ?? "").trim().split(/\s+/);

let feed: FixtureServer;
let feedItems: Array<{ title: string; link: string; description: string; date: Date }> = [];
const serverEnv: Record<string, string> = {};

describe("pages of the production server", () => {
  beforeAll(async () => {
    feed = await startFixtureServer({
      routes: { "/feed.xml": serveFeed(() => rss2({ title: "Fixture News", link: "https://fixture.example/", items: feedItems })) },
    });
    serverEnv.NEWS_FEEDS = `${feed.url}/feed.xml`;
    serverEnv.NEWS_ALLOW_PRIVATE_HOSTS = "1";
    return () => feed.close();
  });
  const file = useServerForFile(serverEnv);
  const url = (path: string) => file.server().url + path;

  describe("pages that are the same for everyone", () => {
    it("are the same bytes for every visitor, Brotli or gzip made once, with their policy, a strong ETag and shared-cache headers", async () => {
      const chromium = { "Accept-Encoding": "gzip, deflate, br, zstd" };
      // The first visitor's request, whatever it carries, does not shape the page everyone gets.
      const first = await request(url("/services"), {
        headers: { ...chromium, Host: "evil.example", "X-Forwarded-Host": "evil.example", Cookie: "cookie_consent=accepted" },
      });
      const visitors = await Promise.all([
        request(url("/services"), { headers: chromium }),
        request(url("/services"), { headers: { ...chromium, Cookie: "cookie_consent=declined; other=1", "User-Agent": "Googlebot/2.1" } }),
      ]);
      expect(first.headers["content-encoding"]).toBe("br");
      for (const reply of visitors) {
        expect(reply.status).toBe(200);
        expect(reply.headers["x-page-cache"]).toBe("hit");
        expect(reply.body.equals(first.body)).toBe(true);
        expect(reply.headers.etag).toBe(first.headers.etag);
        expect(reply.headers["content-security-policy"]).toBe(first.headers["content-security-policy"]);
      }
      expect(first.html).not.toContain("evil.example");
      expect(first.headers.etag).toMatch(/^"[\w-]+-br"$/);
      expect(first.headers.vary).toBe("Accept-Encoding");
      expect(first.headers["cache-control"]).toMatch(/^public, max-age=\d+, s-maxage=\d+, stale-while-revalidate=\d+$/);

      const gzip = await request(url("/services"), { headers: { "Accept-Encoding": "gzip" } });
      const identity = await request(url("/services"));
      expect(gzip.headers["content-encoding"]).toBe("gzip");
      expect(identity.headers["content-encoding"]).toBeUndefined();
      expect(gzip.html).toBe(first.html);
      expect(identity.html).toBe(first.html);
      // Compressed at the highest settings: Brotli 11 makes the smallest body.
      expect(first.body.length).toBeLessThan(gzip.body.length);
      expect(first.body.length).toBeLessThanOrEqual(
        zlib.brotliCompressSync(identity.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }).length,
      );
    });

    it("answer revalidation with 304, for browsers and shared caches alike", async () => {
      const page = await request(url("/projects"), { headers: { "Accept-Encoding": "br" } });
      const revalidated = await request(url("/projects"), { headers: { "Accept-Encoding": "br", "If-None-Match": page.headers.etag! } });
      expect(revalidated.status).toBe(304);
      expect(revalidated.body.length).toBe(0);
      expect(revalidated.headers["cache-control"]).toMatch(/^public, /);
      expect((await request(url("/projects"), { headers: { "If-Modified-Since": page.headers["last-modified"]! } })).status).toBe(304);
      expect((await request(url("/projects"), { headers: { "If-None-Match": '"something-else"' } })).status).toBe(200);
    });

    it("show news stored on this instance at once", async () => {
      feedItems = [
        {
          title: "Fresh fixture story about page caches",
          link: "https://fixture.example/1",
          description: "A story.",
          date: new Date(Date.now() - 60_000),
        },
      ];
      // The first view of the empty store starts a refresh in the background and says the sources are being checked.
      const before = await request(url("/ai-news"), { headers: { "Accept-Encoding": "br" } });
      expect(before.html).toContain("Checking the news sources now");
      expect(before.html).not.toContain("Fresh fixture story about page caches");
      expect(before.headers["cache-control"]).toMatch(/^public, max-age=\d+, s-maxage=([1-9]\d?|[12]\d\d|300), /);
      // The refresh stored the story: the next view renders the page anew, and then keeps it.
      await vi.waitFor(
        async () =>
          expect((await request(url("/ai-news"), { headers: { "Accept-Encoding": "br" } })).html).toContain(
            "Fresh fixture story about page caches",
          ),
        { timeout: 15_000, interval: 100 },
      );
      const after = await request(url("/ai-news"), { headers: { "Accept-Encoding": "br" } });
      expect(after.headers["x-page-cache"]).toBe("hit");
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect((await request(url("/"))).html).toContain("Fresh fixture story about page caches");
    });
  });

  describe("pages for one visitor", () => {
    it("are never marked for shared caches", async () => {
      const form = new URLSearchParams({ name: "", email: "not-an-address", message: "" }).toString();
      const perVisitor: Array<[string, Promise<Reply>]> = [
        ["form page (signed start time)", request(url("/contact"))],
        [
          "form showing its errors",
          request(url("/contact"), {
            method: "POST",
            body: form,
            headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: file.server().url },
          }),
        ],
        ["page with a toast", request(url("/services"), { headers: { Cookie: "toast=something" } })],
        ["query string", request(url("/services?ref=mail"))],
        ["admin sign-in", request(url("/admin/login"))],
        ["admin page", request(url("/admin/leads"))],
        ["unsubscribe", request(url("/unsubscribe"))],
        ["unknown page", request(url("/no/such/page"))],
        ["unknown project", request(url("/projects/no-such-project"))],
        ["client-side navigation data", request(url("/services.data"))],
        ["API", request(url("/api/fetch-ai-news"), { method: "POST", body: "{}", headers: { "Content-Type": "application/json" } })],
      ];
      for (const [name, pending] of perVisitor) {
        const reply = await pending;
        const cacheControl = String(reply.headers["cache-control"] ?? "");
        expect(cacheControl, name).toMatch(/private|no-store/);
        expect(cacheControl, name).not.toMatch(/public|s-maxage/);
        expect(reply.headers["x-page-cache"], name).not.toBe("hit");
      }
      expect((await perVisitor[1]![1]).status).toBe(400);
    });
  });

  describe("content security policy", () => {
    it("allows exactly each page's own inline scripts, for every public page and the pages rendered per visitor", async () => {
      const story = /href="(\/ai-news\/(?!rss\.xml)[^"]+)"/.exec((await request(url("/ai-news"))).html)?.[1];
      const pages = [...publicPaths, "/unsubscribe", "/admin/login", "/no/such/page", ...(story ? [story] : [])];
      expect(pages.length).toBeGreaterThan(20);
      for (const path of pages) {
        const visitors: Array<Record<string, string>> = [{}, { "Accept-Encoding": "br", Cookie: "cookie_consent=accepted" }];
        for (const headers of visitors) {
          const { html, headers: responseHeaders } = await request(url(path), { headers });
          const policy = responseHeaders["content-security-policy"];
          const sources = scriptSources(policy);
          // 'self' and the hashes, nothing else: no 'unsafe-inline', no nonce.
          expect(sources[0], path).toBe("'self'");
          expect(html, path).not.toMatch(/\snonce="/);
          const scripts = executableInlineScripts(html);
          const deferred = deferredScripts(html);
          // The module script the loader adds after the first paint runs inline too.
          const expected = new Set([...scripts, ...(deferred ? [deferred.code] : [])].map(sha256));
          expect(new Set(sources.slice(1)), path).toEqual(expected);
          expect(scripts.length, path).toBeGreaterThanOrEqual(3);
        }
      }
      expect(story, "a story page").toBeTruthy();
    });

    it("gives every other response the same policy without any inline script", async () => {
      for (const path of ["/healthz", "/sitemap.xml", "/favicon.svg"]) {
        const { headers } = await request(url(path));
        expect(scriptSources(headers["content-security-policy"]), path).toEqual(["'self'"]);
      }
    });
  });

  it("sends scripts and styles precompressed with Brotli or gzip, cached for a year", async () => {
    const { html } = await request(url("/"));
    // The framework chunk (React, React DOM, React Router): every page loads it.
    const script = /\/assets\/framework-[\w-]+\.js/.exec(html)![0];
    const brotli = await request(url(script), { headers: { "Accept-Encoding": "br, gzip" } });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers["cache-control"]).toContain("immutable");
    expect(brotli.html.length).toBeGreaterThan(1000);
    const gzip = await request(url(script), { headers: { "Accept-Encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
  });
});
