import fs from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startNginxProxy, type NginxProxy } from "../support/nginx-proxy";
import { makeDataDir, startServer, type ServerProcess } from "../support/server-process";

/**
 * The deployed shape (docs/deploy.md, "The proxy in front"): Debian's nginx with the repository's
 * configuration (deploy/nginx/nginx.conf) in front of the production server.
 */

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** A GET (or another method) without decompression, so each encoding's bytes are seen as sent. */
function request(url: string, headers: Record<string, string> = {}, method = "GET", body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

const decoded = ({ headers, body }: Answer) =>
  (headers["content-encoding"] === "br"
    ? zlib.brotliDecompressSync(body)
    : headers["content-encoding"] === "gzip"
      ? zlib.gunzipSync(body)
      : body
  ).toString("utf8");

const PAGES = ["/", "/about", "/projects", "/ai-news"];
/** Pages whose content does not change while the test runs (the news pages do once the first refresh of an empty hub ends). */
const FIXED_PAGES = ["/about", "/projects", "/services", "/projects/lawsecai"];
const ENCODINGS = [
  { accept: "br, gzip", expect: "br" },
  { accept: "gzip, deflate", expect: "gzip" },
  { accept: "", expect: undefined },
  // Another spelling of the same choice shares the kept copy (the encoding is the key, not the header).
  { accept: "gzip, deflate, br, zstd", expect: "br" },
  { accept: "br;q=0, gzip", expect: "gzip" },
];

describe("the proxy in front of the app", () => {
  let dataDir: string;
  let app: ServerProcess;
  let proxy: NginxProxy;
  let appPort: string;

  beforeAll(async () => {
    dataDir = await makeDataDir();
    app = await startServer({ DATA_DIR: dataDir, TRUST_PROXY: "loopback" });
    appPort = new URL(app.url).port;
    proxy = await startNginxProxy([`127.0.0.1:${appPort}`]);
  });
  afterAll(async () => {
    await proxy?.stop();
    await app?.stop();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it("keeps each public page once per encoding and sends each client the encoding it takes", async () => {
    for (const page of FIXED_PAGES) {
      const texts = new Set<string>();
      for (const { accept, expect: encoding } of ENCODINGS) {
        const headers: Record<string, string> = accept ? { "accept-encoding": accept } : {};
        // Until the app has stored the page and nginx kept it.
        await vi.waitFor(async () => expect((await request(proxy.url + page, headers)).headers["x-proxy-cache"]).toBe("HIT"), {
          timeout: 15_000,
          interval: 100,
        });
        const answer = await request(proxy.url + page, headers);
        expect(answer.status, `${page} ${accept}`).toBe(200);
        expect(answer.headers["content-encoding"], `${page} ${accept}`).toBe(encoding);
        expect(answer.headers.vary).toBe("Accept-Encoding");
        expect(answer.headers["cache-control"]).toMatch(/^public, max-age=\d+, s-maxage=\d+/);
        expect(answer.headers["set-cookie"]).toBeUndefined();
        // Every answer carries its own request id, also one from the cache.
        expect(answer.headers["x-request-id"]).toMatch(/^[0-9a-f]{32}$/);
        texts.add(decoded(answer));
      }
      expect(texts.size, page).toBe(1);
    }
    const [first, second] = [await request(proxy.url + "/about"), await request(proxy.url + "/about")];
    expect(first.headers["x-request-id"]).not.toBe(second.headers["x-request-id"]);
  });

  it("never keeps an admin page, an API answer, an answer that sets a cookie, a post or a visitor's one-time page", async () => {
    const neverKept = async (path: string, headers: Record<string, string> = {}, method = "GET", body?: string) => {
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push(await request(proxy.url + path, headers, method, body));
      for (const answer of answers) expect(answer.headers["x-proxy-cache"] ?? "", `${method} ${path}`).not.toBe("HIT");
      return answers;
    };
    // The admin area (a sign-in page; the dashboard redirects there and sets the toast cookie).
    for (const answer of await neverKept("/admin/login")) expect(answer.status).toBe(200);
    for (const answer of await neverKept("/admin")) {
      expect(answer.status).toBe(302);
      expect(String(answer.headers["set-cookie"])).toContain("toast");
    }
    // An API answer, and a post that sets a cookie.
    for (const answer of await neverKept("/api/mentoring-slots")) expect(answer.status).toBeLessThan(500);
    const consent = await neverKept(
      "/cookie-consent",
      { "content-type": "application/x-www-form-urlencoded", origin: proxy.url },
      "POST",
      "choice=declined&redirectTo=/about",
    );
    for (const answer of consent) {
      expect(answer.status).toBe(303);
      expect(String(answer.headers["set-cookie"])).toContain("consent");
    }
    // A kept page asked for with the one-time toast cookie is rendered for that visitor.
    await vi.waitFor(async () => expect((await request(proxy.url + "/about")).headers["x-proxy-cache"]).toBe("HIT"), {
      timeout: 15_000,
      interval: 100,
    });
    const toast = await request(proxy.url + "/about", { cookie: "toast=x" });
    expect(toast.headers["x-proxy-cache"]).toBe("BYPASS");
    expect(toast.headers["cache-control"]).toContain("no-store");
    // A query string is rendered for the visitor (private, no-store) and not kept.
    for (const answer of await neverKept("/about?from=mail")) expect(answer.headers["cache-control"]).toContain("no-store");
  });

  it("answers public pages 200 throughout a restart of the app", async () => {
    // Each page rendered once and kept (a first rendering takes seconds on a busy machine).
    for (const page of PAGES) {
      await vi.waitFor(
        async () => expect((await request(proxy.url + page, { "accept-encoding": "br, gzip" })).headers["x-proxy-cache"]).toBe("HIT"),
        { timeout: 15_000, interval: 100 },
      );
    }
    const seen: Array<{ status: number; cache: string; appDown: boolean }> = [];
    let appDown = false;
    let running = true;
    const visitor = async (index: number) => {
      for (let i = index; running; i++) {
        const page = PAGES[i % PAGES.length]!;
        const wasDown = appDown;
        const answer = await request(proxy.url + page, { "accept-encoding": "br, gzip" });
        seen.push({ status: answer.status, cache: String(answer.headers["x-proxy-cache"]), appDown: wasDown && appDown });
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };
    const visitors = [0, 1, 2, 3].map((index) => visitor(index));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await app.stop("SIGTERM")).toBe(0);
    appDown = true;
    // Nothing listens on the app's port now: a page nginx does not keep cannot be answered.
    expect((await request(proxy.url + "/services?uncached=1")).status).toBe(502);
    await new Promise((resolve) => setTimeout(resolve, 500));
    app = await startServer({ DATA_DIR: dataDir, TRUST_PROXY: "loopback", PORT: appPort });
    appDown = false;
    await new Promise((resolve) => setTimeout(resolve, 200));
    running = false;
    await Promise.all(visitors);

    expect(seen.filter((answer) => answer.status !== 200)).toEqual([]);
    expect(seen.filter((answer) => answer.appDown).length).toBeGreaterThan(10);
    // The app answers again behind the proxy.
    const again = await request(proxy.url + "/services?after=restart");
    expect(again.status).toBe(200);
  });
});

describe("the proxy's stale copies", () => {
  it("sends an expired page while no instance answers, and fetches it anew in the background once one does", async () => {
    let version = 1;
    const upstream = http.createServer((_req, res) => {
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "public, max-age=0, s-maxage=1" });
      res.end(`version ${version}`);
    });
    await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
    const { port } = upstream.address() as AddressInfo;
    const proxy = await startNginxProxy([`127.0.0.1:${port}`]);
    try {
      expect((await request(proxy.url + "/page")).body.toString()).toBe("version 1");
      expect((await request(proxy.url + "/page")).headers["x-proxy-cache"]).toBe("HIT");
      await new Promise<void>((resolve) => {
        upstream.close(() => resolve());
        upstream.closeAllConnections();
      });
      // nginx counts whole seconds: s-maxage=1 has passed for certain after 2.5 s.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      const stale = await request(proxy.url + "/page");
      expect(stale.status).toBe(200);
      expect(stale.headers["x-proxy-cache"]).toBe("STALE");
      expect(stale.body.toString()).toBe("version 1");

      version = 2;
      await new Promise<void>((resolve) => upstream.listen(port, "127.0.0.1", resolve));
      // Expired: the first request gets the old copy at once while nginx fetches the new one.
      const updating = await request(proxy.url + "/page");
      expect(updating.body.toString()).toBe("version 1");
      await vi.waitFor(async () => expect((await request(proxy.url + "/page")).body.toString()).toBe("version 2"), { timeout: 5_000 });
    } finally {
      await proxy.stop();
      upstream.closeAllConnections();
      await new Promise((resolve) => upstream.close(resolve));
    }
  });
});
