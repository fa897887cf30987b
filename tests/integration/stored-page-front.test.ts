import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useServerForFile } from "../support/server-process";
import { waitUntil } from "../support/wait-until";

/**
 * Stored pages answered before Express (server/stored-page-front.ts, decision 0197): the same
 * status, headers and bytes as the whole request path gives, and everything the front does not
 * answer still handled by Express as before. A GET with `Content-Length: 0` is never answered by
 * the front (it answers no request with body framing), so it shows what Express sends for the
 * very same request.
 */
type Reply = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

function request(url: string, options: { method?: string; headers?: Record<string, string> } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(url, { method: options.method ?? "GET", headers: options.headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

/** What must match between the two paths: all but the connection's own headers and the request id. */
function answerHeaders(headers: http.IncomingHttpHeaders) {
  const { date: _date, "x-request-id": _id, connection: _connection, "keep-alive": _keepAlive, ...rest } = headers;
  // What shared caches may still keep counts down with the page's age, in whole seconds: two
  // answers a moment apart may straddle a second (compared on their own, within 1 s).
  return { ...rest, "cache-control": rest["cache-control"]?.replace(/s-maxage=\d+/, "s-maxage=N") };
}

const sharedMaxAge = (headers: http.IncomingHttpHeaders) => Number(/s-maxage=(\d+)/.exec(headers["cache-control"] ?? "")?.[1]);

const METRICS_TOKEN = "front-metrics-token";
// No news feeds: no refresh forgets the news pages while a test compares them.
const noFeedsDir = fs.mkdtempSync(path.join(os.tmpdir(), "nordlys-front-"));
const noFeeds = path.join(noFeedsDir, "no-feeds.txt");
fs.writeFileSync(noFeeds, "");
afterAll(() => fs.rmSync(noFeedsDir, { recursive: true, force: true }));
/** The same request through Express (see above). */
const throughExpress = (headers: Record<string, string> = {}) => ({ ...headers, "content-length": "0" });

const PAGES = ["/", "/projects", "/projects/lawsecai", "/ai-news", "/about"];
const ENCODINGS: Array<Record<string, string>> = [{ "accept-encoding": "br, gzip" }, { "accept-encoding": "gzip" }, {}];

describe("stored pages answered before Express", () => {
  const file = useServerForFile({ METRICS_TOKEN, NEWS_FEEDS: noFeeds });
  const url = (path: string) => file.server().url + path;

  beforeAll(async () => {
    // Stored by a first request (news pages again after the news job's first run at start).
    for (const page of PAGES) {
      await waitUntil(async () => (await request(url(page))).headers["x-page-cache"] === "hit", { what: `${page} stored` });
    }
  });

  it("sends the same status, headers and bytes as the whole request path, in every encoding, for GET and HEAD", async () => {
    for (const page of PAGES) {
      for (const headers of ENCODINGS) {
        for (const method of ["GET", "HEAD"]) {
          const front = await request(url(page), { method, headers });
          const express = await request(url(page), { method, headers: throughExpress(headers) });
          expect(front.status, `${method} ${page} ${JSON.stringify(headers)}`).toBe(200);
          expect(front.headers["x-page-cache"], `${method} ${page}`).toBe("hit");
          expect(answerHeaders(front.headers), `${method} ${page} ${JSON.stringify(headers)}`).toEqual(answerHeaders(express.headers));
          expect(Math.abs(sharedMaxAge(front.headers) - sharedMaxAge(express.headers)), `${method} ${page}`).toBeLessThanOrEqual(1);
          expect(front.body.equals(express.body)).toBe(true);
          if (method === "HEAD") expect(front.body.length).toBe(0);
          else expect(front.body.length).toBe(Number(front.headers["content-length"]));
          expect(front.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
        }
      }
    }
  });

  it("answers on the connection, before Node's parser, and hands the connection over at the first request it does not answer", async () => {
    // Pipelined on one connection: two stored pages (answered by the connection front), a page
    // post (Node's parser and Express: refused from another origin), a stored page again (now on
    // Node's parser, by the front in the request listener).
    const { port } = new URL(file.server().url);
    const socket = net.connect(Number(port), "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    await new Promise((resolve) => socket.once("connect", resolve));
    const get = `GET /about HTTP/1.1\r\nHost: localhost:${port}\r\nAccept-Encoding: gzip\r\n\r\n`;
    const post = `POST /contact HTTP/1.1\r\nHost: localhost:${port}\r\nOrigin: https://elsewhere.example\r\nContent-Length: 0\r\n\r\n`;
    socket.end(get + get + post + get);
    await new Promise((resolve) => socket.once("close", resolve));
    const text = Buffer.concat(chunks).toString("latin1");
    const heads = text.split(/(?=HTTP\/1\.1 \d{3} )/).map((answer) => answer.slice(0, answer.indexOf("\r\n\r\n")));
    expect(heads.map((head) => head.slice(9, 12))).toEqual(["200", "200", "403", "200"]);
    const comparable = (head: string) => head.replace(/\r\n(Date|X-Request-Id): [^\r]*/g, "").replace(/s-maxage=\d+/, "s-maxage=N");
    expect(heads[0]).toContain("\r\nX-Page-Cache: hit\r\n");
    expect(comparable(heads[0]!)).toBe(comparable(heads[1]!));
    // The same bytes as Node's own `writeHead` (the last answer), the Date and request id aside.
    expect(comparable(heads[0]!)).toBe(comparable(heads[3]!));
  });

  it("answers 304 exactly as Express's freshness test does", async () => {
    const first = await request(url("/projects"), { headers: { "accept-encoding": "br, gzip" } });
    const etag = String(first.headers.etag);
    const lastModified = String(first.headers["last-modified"]);
    const cases: Array<[Record<string, string>, number]> = [
      [{ "if-none-match": etag }, 304],
      [{ "if-none-match": `W/${etag}` }, 304],
      [{ "if-none-match": `"other", ${etag}` }, 304],
      [{ "if-none-match": "*" }, 304],
      [{ "if-none-match": '"other"' }, 200],
      [{ "if-none-match": etag, "cache-control": "no-cache" }, 200],
      [{ "if-modified-since": lastModified }, 304],
      [{ "if-modified-since": "Thu, 01 Jan 2015 00:00:00 GMT" }, 200],
      [{ "if-none-match": '"other"', "if-modified-since": lastModified }, 200],
      // The gzip page's validator does not match the Brotli one.
      [{ "if-none-match": etag, "accept-encoding-override": "gzip" }, 200],
    ];
    for (const [conditional, status] of cases) {
      const { "accept-encoding-override": override, ...rest } = conditional;
      const headers = { "accept-encoding": override ?? "br, gzip", ...rest };
      const front = await request(url("/projects"), { headers });
      const express = await request(url("/projects"), { headers: throughExpress(headers) });
      expect(front.status, JSON.stringify(conditional)).toBe(status);
      expect(express.status, JSON.stringify(conditional)).toBe(status);
      expect(answerHeaders(front.headers), JSON.stringify(conditional)).toEqual(answerHeaders(express.headers));
      if (status === 304) expect(front.body.length).toBe(0);
    }
  });

  it("keeps a sane incoming request id, replaces any other, and writes the request's log line", async () => {
    const kept = await request(url("/about"), { headers: { "x-request-id": "front-test-id-1" } });
    expect(kept.headers["x-request-id"]).toBe("front-test-id-1");
    const replaced = await request(url("/about"), { headers: { "x-request-id": "no spaces <allowed>" } });
    expect(replaced.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    const line =
      /"req":\{"id":"front-test-id-1","method":"GET","url":"\/about"\},"res":\{"statusCode":200\},"responseTime":\d+,"msg":"request completed"/;
    await waitUntil(() => line.test(file.server().output()), { what: "the request's log line" });
  });

  it("counts the requests it answers in /metrics", async () => {
    const metric = /nordlys_http_request_duration_seconds_count\{method="GET",route="\/services",status="200"\} (\d+)/;
    const scrape = async () =>
      Number(
        metric.exec((await request(url("/metrics"), { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).body.toString())?.[1] ?? 0,
      );
    await request(url("/services"));
    const before = await scrape();
    for (let i = 0; i < 5; i++) expect((await request(url("/services"))).headers["x-page-cache"]).toBe("hit");
    expect(await scrape()).toBe(before + 5);
  });

  it("leaves to Express what it does not answer", async () => {
    // Other spellings of the address: the 301 to the canonical one.
    for (const spelling of ["/Projects", "/projects/", "//projects", "/%70rojects"]) {
      const reply = await request(url(spelling));
      expect(reply.status, spelling).toBe(301);
      expect(reply.headers.location).toBe("/projects");
    }
    // A query string or the one-time toast cookie: rendered for the visitor, never shared.
    const withQuery = await request(url("/projects?ref=mail"));
    expect(withQuery.status).toBe(200);
    expect(withQuery.headers["cache-control"]).toBe("private, no-store");
    const withToast = await request(url("/projects"), { headers: { cookie: "toast=abc" } });
    expect(withToast.headers["cache-control"]).toBe("private, no-store");
    // Other cookies do not change a stored page.
    const withCookie = await request(url("/projects"), { headers: { cookie: "theme=dark; other=1", "accept-encoding": "br, gzip" } });
    const plain = await request(url("/projects"), { headers: { "accept-encoding": "br, gzip" } });
    expect(withCookie.headers["x-page-cache"]).toBe("hit");
    expect(answerHeaders(withCookie.headers)).toEqual(answerHeaders(plain.headers));
    // An encoding other than Brotli and gzip: compressed on the fly, as before.
    const deflate = await request(url("/projects"), { headers: { "accept-encoding": "deflate" } });
    expect(deflate.headers["content-encoding"]).toBe("deflate");
    // A Host the request boundary refuses: 400, as before.
    const badHost = await request(url("/projects"), { headers: { host: "bad_host!" } });
    expect(badHost.status).toBe(400);
    const badForwardedHost = await request(url("/projects"), { headers: { "x-forwarded-host": "bad host" } });
    const badForwardedHostExpress = await request(url("/projects"), { headers: throughExpress({ "x-forwarded-host": "bad host" }) });
    expect(badForwardedHost.status).toBe(badForwardedHostExpress.status);
    // Other methods: the guards and the routes, as before.
    const post = await request(url("/projects"), { method: "POST", headers: { origin: "https://elsewhere.example" } });
    expect(post.status).toBe(403);
    const put = await request(url("/projects"), { method: "PUT" });
    expect(put.status).toBe(405);
    // A page that is not stored yet is rendered and stored through Express, then answered here.
    const first = await request(url("/cookie-policy"), { headers: { "accept-encoding": "br, gzip" } });
    expect(first.headers["x-page-cache"]).toBe("miss");
    const again = await request(url("/cookie-policy"), { headers: { "accept-encoding": "br, gzip" } });
    expect(again.headers["x-page-cache"]).toBe("hit");
    // A page that is never stored (a form for one visitor) is rendered for each request.
    const contact = await request(url("/contact"), { headers: { "accept-encoding": "br, gzip" } });
    expect(contact.status).toBe(200);
    expect(contact.headers["cache-control"]).toBe("private, no-store");
  });
});
