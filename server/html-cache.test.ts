import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { createHtmlCache, sitePagePolicy, type CachePolicy } from "./html-cache.ts";

/** An app whose pages say how often they were rendered, with a nonce per response. */
async function startApp(policyFor: (path: string) => CachePolicy | null, now: () => number) {
  const cache = createHtmlCache({ policyFor, now });
  const renders = new Map<string, number>();
  const app = express();
  let nonceCounter = 0;
  app.use((_req, res, next) => {
    res.locals.cspNonce = `nonce${++nonceCounter}`;
    next();
  });
  app.use(cache.middleware);
  app.get(/.*/, (req, res) => {
    const count = (renders.get(req.path) ?? 0) + 1;
    renders.set(req.path, count);
    res.type("html");
    res.write(`<script nonce="${res.locals.cspNonce}"></script>`);
    res.end(new TextEncoder().encode(`<p>${req.path} render ${count}</p>`));
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { cache, url, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe("createHtmlCache", () => {
  let close: (() => Promise<unknown>) | undefined;
  afterEach(async () => close?.());

  it("serves the stored page with the new response's nonce, until the group is invalidated", async () => {
    const app = await startApp(() => ({ group: "news", ttlMs: 60_000 }), Date.now);
    close = app.close;
    const first = await (await fetch(`${app.url}/news`)).text();
    const second = await (await fetch(`${app.url}/news`)).text();
    expect(first).toBe('<script nonce="nonce1"></script><p>/news render 1</p>');
    expect(second).toBe('<script nonce="nonce2"></script><p>/news render 1</p>');
    app.cache.invalidate("static");
    expect(await (await fetch(`${app.url}/news`)).text()).toContain("render 1");
    app.cache.invalidate("news");
    expect(await (await fetch(`${app.url}/news`)).text()).toContain("render 2");
  });

  it("renders again once the time to live is over; static pages last until the next UTC day", async () => {
    let now = Date.parse("2026-11-21T23:59:00Z");
    const app = await startApp((path) => (path === "/news" ? { group: "news", ttlMs: 30_000 } : { group: "static", ttlMs: undefined }), () => now);
    close = app.close;
    const page = async (path: string) => (await fetch(`${app.url}${path}`)).text();
    await page("/news");
    await page("/legal");
    now += 20_000;
    expect(await page("/news")).toContain("render 1");
    expect(await page("/legal")).toContain("render 1");
    now += 20_000; // 23:59:40 -> 30 s passed for the news page
    expect(await page("/news")).toContain("render 2");
    expect(await page("/legal")).toContain("render 1");
    now += 25_000; // 00:00:05 the next day: the legal page's date changed
    expect(await page("/legal")).toContain("render 2");
  });

  it("leaves pages outside the policy alone", async () => {
    const app = await startApp(() => null, Date.now);
    close = app.close;
    await fetch(`${app.url}/x`);
    expect(await (await fetch(`${app.url}/x`)).text()).toContain("render 2");
    expect(app.cache.size()).toBe(0);
  });
});

describe("sitePagePolicy", () => {
  it("caches the pages that are the same for everyone, news pages briefly", () => {
    expect(sitePagePolicy("/services")?.group).toBe("static");
    expect(sitePagePolicy("/projects/lawsecai")?.group).toBe("static");
    expect(sitePagePolicy("/")).toEqual({ group: "news", ttlMs: 30_000 });
    expect(sitePagePolicy("/ai-news/123")?.group).toBe("news");
    for (const path of ["/contact", "/apply", "/mentoring", "/admin/leads", "/api/fetch-ai-news", "/ai-news/rss.xml", "/unsubscribe", "/projects.data"]) {
      expect(sitePagePolicy(path), path).toBeNull();
    }
  });
});
