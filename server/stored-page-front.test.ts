import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import type { HtmlCache, StoredPage } from "./html-cache.ts";
import { answerFromFront, createStoredPageFront, isFresh, type AnsweredRequest } from "./stored-page-front.ts";

/**
 * Which requests the front answers and which it leaves to Express (here: a handler that says
 * "express"). tests/integration/stored-page-front.test.ts compares its answers with Express's
 * on the production server.
 */
const NOW = Date.parse("2026-11-26T12:00:00Z");
const page: StoredPage = {
  kind: "site",
  identity: Buffer.from("<!doctype html><p>hello</p>"),
  br: Buffer.from("brotli bytes"),
  gzip: Buffer.from("gzip bytes"),
  etags: { br: '"abc-br"', gzip: '"abc-gzip"', identity: '"abc"' },
  contentType: "text/html; charset=utf-8",
  contentSecurityPolicy: "default-src 'self'",
  lastModified: new Date(NOW - 60_000).toUTCString(),
  expiresAt: NOW + 3_600_000,
};
const cache = { stored: (path: string) => (path === "/about" ? page : undefined) } as unknown as HtmlCache;

let server: http.Server | undefined;
afterEach(() => server?.close());

async function start() {
  const answered: AnsweredRequest[] = [];
  const front = createStoredPageFront({
    cache,
    fixedHeaders: ["X-Content-Type-Options", "nosniff"],
    answered: (request) => answered.push(request),
    now: () => NOW,
  });
  server = http.createServer((req, res) => {
    if (!answerFromFront(front, req, res)) res.end("express");
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const get = (path: string, headers: Record<string, string> = {}, method = "GET") =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
      const request = http.request(base + path, { method, headers }, (response) => {
        let body = "";
        response.on("data", (chunk: Buffer) => (body += chunk.toString()));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      });
      request.on("error", reject);
      request.end();
    });
  return { get, answered };
}

describe("the stored-page front", () => {
  it("answers a GET or HEAD of a stored page in the encoding asked for, with its headers", async () => {
    const { get, answered } = await start();
    const br = await get("/about", { "accept-encoding": "br, gzip", "x-request-id": "abc-1" });
    expect(br.body).toBe("brotli bytes");
    expect(br.headers).toMatchObject({
      "x-request-id": "abc-1",
      "x-content-type-options": "nosniff",
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": "default-src 'self'",
      "cache-control": "public, max-age=300, s-maxage=3600, stale-while-revalidate=60",
      etag: '"abc-br"',
      "last-modified": page.lastModified,
      vary: "Accept-Encoding",
      "x-page-cache": "hit",
      "content-encoding": "br",
      "content-length": "12",
    });
    expect((await get("/about", { "accept-encoding": "gzip" })).body).toBe("gzip bytes");
    const plain = await get("/about");
    expect(plain.body).toBe("<!doctype html><p>hello</p>");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const head = await get("/about", { "accept-encoding": "gzip" }, "HEAD");
    expect(head.body).toBe("");
    expect(head.headers["content-length"]).toBe("10");
    const notModified = await get("/about", { "accept-encoding": "gzip", "if-none-match": '"abc-gzip"' });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.etag).toBe('"abc-gzip"');
    expect(notModified.headers["content-length"]).toBeUndefined();
    expect(answered.map((request) => request.status)).toEqual([200, 200, 200, 200, 304]);
  });

  it("leaves everything else to Express", async () => {
    const { get, answered } = await start();
    const cases: Array<[string, Record<string, string>, string?]> = [
      ["/contact", {}],
      ["/about?x=1", {}],
      ["/About", {}],
      ["/about/", {}],
      ["/about", {}, "POST"],
      ["/about", {}, "OPTIONS"],
      ["/about", { "content-length": "0" }],
      ["/about", { "transfer-encoding": "chunked" }],
      ["/about", { host: "bad_host!" }],
      ["/about", { host: "[::::]" }],
      ["/about", { "x-forwarded-host": "bad host" }],
      ["/about", { "x-forwarded-proto": "gopher" }],
      ["/about", { cookie: "toast=saved" }],
      ["/about", { "accept-encoding": "deflate" }],
      ["/about", { "accept-encoding": "identity" }],
    ];
    for (const [path, headers, method] of cases) {
      const reply = await get(path, headers, method);
      expect(reply.body, `${method ?? "GET"} ${path} ${JSON.stringify(headers)}`).toBe("express");
    }
    expect(answered).toEqual([]);
    // What it does answer despite a header that looks alike.
    expect((await get("/about", { cookie: "theme=dark", "x-forwarded-proto": "https", "x-forwarded-host": "example.com" })).body).toContain(
      "hello",
    );
  });

  it("decides freshness as Express's `fresh` does", () => {
    const lastModified = "Thu, 26 Nov 2026 11:59:00 GMT";
    const fresh = (headers: http.IncomingHttpHeaders) => isFresh(headers, '"abc"', lastModified);
    expect(fresh({})).toBe(false);
    expect(fresh({ "if-none-match": '"abc"' })).toBe(true);
    expect(fresh({ "if-none-match": 'W/"abc"' })).toBe(true);
    expect(fresh({ "if-none-match": ' "x" , "abc" ' })).toBe(true);
    expect(fresh({ "if-none-match": "*" })).toBe(true);
    expect(fresh({ "if-none-match": '"x"' })).toBe(false);
    expect(fresh({ "if-none-match": '"abc"', "cache-control": "no-cache" })).toBe(false);
    expect(fresh({ "if-none-match": '"abc"', "cache-control": "max-age=0, no-cache" })).toBe(false);
    // If-None-Match decides alone when sent.
    expect(fresh({ "if-none-match": '"x"', "if-modified-since": lastModified })).toBe(false);
    expect(fresh({ "if-none-match": '"abc"', "if-modified-since": "Thu, 01 Jan 2015 00:00:00 GMT" })).toBe(true);
    expect(fresh({ "if-modified-since": lastModified })).toBe(true);
    expect(fresh({ "if-modified-since": "Thu, 26 Nov 2026 11:58:59 GMT" })).toBe(false);
    expect(fresh({ "if-modified-since": "not a date" })).toBe(false);
  });
});
