import fs from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { deferredScripts } from "../../app/framework-workarounds/defer-hydration.server";
import { postgresProcessesFor, spawnServer, useServerForFile, type ServerProcess } from "../support/server-process";

/**
 * The real production server as `npm start` runs it, with its own embedded
 * PostgreSQL in a temporary data directory.
 */
describe("production server with the embedded database", () => {
  const file = useServerForFile();
  let server: ServerProcess;
  let dataDir: string;
  beforeAll(() => {
    server = file.server();
    dataDir = file.dataDir();
  });

  it("serves the home page with the shell in the raw HTML and the security headers", async () => {
    const response = await fetch(server.url + "/");
    expect(response.status).toBe(200);
    const html = await response.text();
    for (const text of ["Home", "About", "Projects", "Try AI", "AI News", "Services", "Apply", "Mentoring", "Contact"]) {
      expect(html).toContain(`>${text}</a>`);
    }
    for (const column of ["Company", "Get Involved", "Legal", "Info"]) expect(html).toContain(`>${column}</h2>`);

    // Inline scripts are allowed by their hashes, none by a nonce or 'unsafe-inline'
    // (tests/integration/page-cache.test.ts checks every page's hashes against its scripts).
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self'( 'sha256-[\w+/=]+')+;/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).not.toContain("'nonce-");
    expect(html).not.toContain("nonce=");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("permissions-policy")).toContain("camera=()");
    expect(response.headers.get("x-request-id")).toBeTruthy();
    // HSTS only when PUBLIC_URL is https.
    expect(response.headers.get("strict-transport-security")).toBeNull();

    // The same page for everyone, with the same policy, while its content is unchanged (the home
    // page's news block changes when the empty hub's first refresh ends, so /about here).
    const [aboutOnce, aboutAgain] = [await fetch(server.url + "/about"), await fetch(server.url + "/about")];
    expect(aboutAgain.headers.get("content-security-policy")).toBe(aboutOnce.headers.get("content-security-policy"));
  });

  it("links the stylesheet before anything else in <head>, defers the scripts and preloads a page's large image", async () => {
    const head = (html: string) => html.slice(0, html.indexOf("</head>"));
    const links = (html: string) => [...head(html).matchAll(/<link\b[^>]*>/g)].map((match) => match[0]);
    const homeHtml = await (await fetch(server.url + "/")).text();
    const home = links(homeHtml);
    // The render-blocking request goes first, ahead of the font preloads.
    expect(home[0]).toMatch(/rel="stylesheet"/);
    // The page's modules are not preloaded from <head>: a small script fetches them once the
    // page has been painted (decision 0082), with the module preloads React Router wrote.
    expect(home.some((link) => /rel="modulepreload"/.test(link))).toBe(false);
    expect(homeHtml).not.toMatch(/<script[^>]*type="module"/);
    expect(homeHtml).toMatch(/<script>\(\(preloads,code\)=>/);
    expect(deferredScripts(homeHtml)?.preloads).toMatch(/^<link rel="modulepreload" href="\/assets\/entry\.client-[^"]+\.js"/);
    // A project page asks for its picture (AVIF, all widths) from <head>, before the parser reaches the <img>.
    const project = links(await (await fetch(server.url + "/projects/lawsecai")).text());
    const image = project.find((link) => /rel="preload"/.test(link) && /as="image"/.test(link));
    expect(image).toMatch(/type="image\/avif"/);
    expect(image).toMatch(/imageSrcSet="\/images\/projects\/lawsecai-640\.avif 640w, [^"]*1280w"/);
    expect(image).toMatch(/fetchPriority="high"/);
  });

  it("loads the news chunk only on pages that show news: the form pages share their spam trap through the common chunk", async () => {
    const preloads = async (page: string) => deferredScripts(await (await fetch(server.url + page)).text())?.preloads ?? "";
    expect(await preloads("/")).toMatch(/\/assets\/news-[\w-]+\.js/);
    for (const page of ["/contact", "/apply", "/mentoring"]) expect(await preloads(page), page).not.toMatch(/\/assets\/news-/);
  });

  it("answers unknown pages with the 404 page and unknown API paths with JSON", async () => {
    const page = await fetch(server.url + "/no/such/page");
    expect(page.status).toBe(404);
    const html = await page.text();
    expect(html).toContain("Oops! Page not found");
    expect(html).toContain("Return to Home");

    const api = await fetch(server.url + "/api/no-such-endpoint", {
      method: "POST",
      body: "{}",
      headers: { "Content-Type": "application/json" },
    });
    expect(api.status).toBe(404);
    expect(api.headers.get("content-type")).toContain("application/json");
    expect(await api.json()).toMatchObject({ error: "Not found." });
  });

  it("refuses oversized bodies with 413 JSON on the API", async () => {
    const response = await fetch(server.url + "/api/anything", {
      method: "POST",
      body: "x".repeat(2 * 1024 * 1024),
      headers: { "Content-Type": "application/json" },
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: "The request body is too large." });
  });

  it("serves hashed assets with immutable caching", async () => {
    const html = await (await fetch(server.url + "/")).text();
    const asset = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    const response = await fetch(server.url + asset);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("immutable");
    expect(response.headers.get("cache-control")).toContain("max-age=31536000");
    // A subresource's headers only: the page headers govern documents, and each costs bytes on every file.
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("cross-origin-resource-policy")).toBe("same-origin");
    for (const header of [
      "content-security-policy",
      "permissions-policy",
      "x-frame-options",
      "etag",
      "last-modified",
      "x-request-id",
      "accept-ranges",
    ])
      expect(response.headers.get(header), header).toBeNull();
    // A name no file has goes on down the request path: a 404 page with the page headers.
    const missing = await fetch(server.url + "/assets/no-such-file-0000.js");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-security-policy")).toContain("default-src 'self'");
  });

  it("keeps /metrics off by default", async () => {
    expect((await fetch(server.url + "/metrics")).status).toBe(404);
  });

  it("reports a healthy database on /healthz", async () => {
    const response = await fetch(server.url + "/healthz");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: "up" });
  });

  it("refuses a second process on the same data directory", async () => {
    const second = spawnServer({ DATA_DIR: dataDir });
    const code = await second.exited;
    expect(code).not.toBe(0);
    expect(second.output()).toMatch(/Another app process \(pid \d+\) is already running with the data directory/);
    // The first one is unharmed.
    expect((await fetch(server.url + "/healthz")).status).toBe(200);
  });

  it("records the embedded server's port and credentials for command-line tools", async () => {
    const info = JSON.parse(await fs.readFile(path.join(dataDir, "embedded-db.json"), "utf8")) as {
      port: number;
      ownerPid: number;
    };
    expect(info.ownerPid).toBe(server.child.pid);
    expect(info.port).toBeGreaterThan(0);
    const stat = await fs.stat(path.join(dataDir, "embedded-db.json"));
    expect(stat.mode & 0o077).toBe(0);
  });

  it("stops on SIGTERM and leaves no postgres process behind, without waiting on an idle kept-alive connection", async () => {
    const clusterDir = path.join(dataDir, "postgres");
    expect((await postgresProcessesFor(clusterDir)).length).toBeGreaterThan(0);
    // A browser's idle kept-alive connection.
    await vi.waitFor(async () => expect((await fetch(server.url + "/about")).headers.get("x-page-cache")).toBe("hit"));
    const { port } = new URL(server.url);
    const idle = net.connect(Number(port), "127.0.0.1");
    let answered = "";
    let ended = false;
    idle.on("data", (chunk: Buffer) => (answered += chunk.toString("latin1")));
    idle.on("end", () => (ended = true));
    idle.write(`GET /about HTTP/1.1\r\nHost: localhost:${port}\r\nAccept-Encoding: br\r\n\r\n`);
    await vi.waitFor(() => expect(answered).toContain("X-Page-Cache: hit"));
    const stopping = performance.now();
    const code = await server.stop("SIGTERM");
    // Well within the 10 s the server gives open requests to finish.
    expect(performance.now() - stopping).toBeLessThan(5_000);
    expect(ended).toBe(true);
    idle.destroy();
    expect(code).toBe(0);
    expect(await postgresProcessesFor(clusterDir)).toEqual([]);
    expect(server.output()).toContain('"msg":"Stopped"');
  });
});
