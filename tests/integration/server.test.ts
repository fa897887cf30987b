import fs from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { beforeAll, describe, expect, inject, it, vi } from "vitest";
import { deferredScripts } from "../../app/framework-workarounds/defer-hydration.server";
import {
  makeDataDir,
  postgresProcessesFor,
  spawnServer,
  startServer,
  useServerForFile,
  type ServerProcess,
} from "../support/server-process";

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

describe("startup failures", () => {
  it("stops with a message naming a bad variable", async () => {
    const run = spawnServer({ PORT: "not-a-port" });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain("PORT must be a number");
  });

  it("stops with a clear message when DATABASE_URL is unreachable", async () => {
    const dataDir = await makeDataDir();
    const run = spawnServer({ DATA_DIR: dataDir, DATABASE_URL: "postgres://nobody:pw-Zq81xT@127.0.0.1:1/nothing" });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain("Cannot connect to the database at 127.0.0.1:1/nothing (DATABASE_URL)");
    expect(run.output()).not.toContain("pw-Zq81xT");
    await fs.rm(dataDir, { recursive: true, force: true });
  });
});

/** A TCP proxy in front of PostgreSQL that the test can cut and restore. */
async function startCuttableProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let isOpen = true;
  const server = net.createServer((client) => {
    if (!isOpen) return client.destroy();
    const upstream = net.connect(target.port, target.host);
    sockets.add(client).add(upstream);
    client.pipe(upstream).pipe(client);
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on("error", close).on("close", close);
    upstream.on("error", close).on("close", close);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    cut() {
      isOpen = false;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      isOpen = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("database lost while running", () => {
  it("answers 503 on /healthz while the database is gone and recovers when it returns", async () => {
    const admin = new URL(inject("postgresUrl"));
    const proxy = await startCuttableProxy({ host: admin.hostname, port: Number(admin.port) });
    const { createTestDatabase } = await import("../support/database");
    const database = await createTestDatabase();
    const url = new URL(database.url);
    url.port = String(proxy.port);
    const dataDir = await makeDataDir();
    const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: url.toString() });
    try {
      expect((await fetch(server.url + "/healthz")).status).toBe(200);
      proxy.cut();
      const down = await fetch(server.url + "/healthz");
      expect(down.status).toBe(503);
      expect(await down.json()).toEqual({ status: "error", database: "down" });
      // Pages that do not need the database keep working.
      expect((await fetch(server.url + "/about")).status).toBe(200);
      proxy.restore();
      expect((await fetch(server.url + "/healthz")).status).toBe(200);
    } finally {
      await server.stop();
      await proxy.close();
      await database.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe("development server (npm run dev)", () => {
  it("serves pages through Vite with the same React Router as the handler", async () => {
    const dataDir = await makeDataDir();
    const server = await startServer(
      { DATA_DIR: dataDir, NODE_ENV: "development" },
      { nodeArgs: ["--conditions=development"], timeoutMs: 90_000 },
    );
    try {
      const response = await fetch(server.url + "/about");
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain("Get Involved");
      // Development HTML imports the route modules from source (in the script that loads them
      // after the first paint, decision 0082: quotes escaped in its string argument).
      expect(html).toContain('from \\"/app/routes/about.tsx\\"');
    } finally {
      expect(await server.stop()).toBe(0);
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe("metrics", () => {
  it("are off without METRICS_TOKEN and need the bearer token with it", async () => {
    const dataDir = await makeDataDir();
    const token = "test-metrics-token-0123456789";
    const server = await startServer({ DATA_DIR: dataDir, METRICS_TOKEN: token });
    try {
      await (await fetch(server.url + "/about")).text();
      await (await fetch(server.url + "/no/such/page/" + Math.random())).text();
      expect((await fetch(server.url + "/metrics")).status).toBe(401);
      expect((await fetch(server.url + "/metrics", { headers: { Authorization: "Bearer wrong" } })).status).toBe(401);
      const response = await fetch(server.url + "/metrics", { headers: { Authorization: `Bearer ${token}` } });
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(text).toMatch(/nordlys_http_request_duration_seconds_count\{method="GET",route="\/about",status="200"\} 1/);
      // Unknown paths share one label instead of one series each.
      expect(text).toContain('route="not_found"');
      expect(text).not.toContain("/no/such/page");
      expect(text).toContain("nordlys_process_resident_memory_bytes");
    } finally {
      await server.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe("stop during start-up", () => {
  it("a SIGTERM while the database starts still leaves no postgres process behind", async () => {
    const dataDir = await makeDataDir();
    const run = spawnServer({ DATA_DIR: dataDir });
    // Wait until the embedded server is being started, then ask the app to stop.
    await new Promise<void>((resolve) => {
      const check = setInterval(() => {
        void fs.access(path.join(dataDir, "embedded-db.lock")).then(
          () => {
            clearInterval(check);
            resolve();
          },
          () => undefined,
        );
      }, 20);
    });
    run.child.kill("SIGTERM");
    expect(await run.exited).toBe(0);
    expect(await postgresProcessesFor(path.join(dataDir, "postgres"))).toEqual([]);
    await fs.rm(dataDir, { recursive: true, force: true });
  }, 60_000);
});
