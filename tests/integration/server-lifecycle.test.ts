import fs from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { makeDataDir, postgresProcessesFor, spawnServer, startServer } from "../support/server-process";

/**
 * The real production server's life around its requests, as `npm start` runs it: start-up
 * failures, a database lost while running, the development server, /metrics, and a stop during
 * start-up. (The requests themselves: server.test.ts; the two files run side by side.)
 */
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
