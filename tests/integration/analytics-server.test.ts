import { readdirSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupTestDatabase } from "../support/database";
import { makeDataDir, startServer, type ServerProcess } from "../support/server-process";

/**
 * The beacon endpoint of the production server (`node server/main.ts`), two instances on one
 * database: what it answers, and that every page view it accepted is stored exactly once,
 * including those still queued when the servers are told to stop (docs/analytics.md).
 */
const database = setupTestDatabase();
const db = () => database.current.db;
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

let a: ServerProcess;
let b: ServerProcess;
const dataDirs: string[] = [];

beforeAll(async () => {
  const env = async () => {
    const dir = await makeDataDir();
    dataDirs.push(dir);
    return {
      DATA_DIR: dir,
      DATABASE_URL: database.current.url,
      APP_SECRET: "analytics-server-test-secret-0123456789abcdef",
      // One test client sends hundreds of page views a second: no per-client limit, and room for them in the visitor's cap.
      ANALYTICS_BEACON_LIMIT_PER_MINUTE: "0",
      ANALYTICS_MAX_VIEWS_PER_VISITOR_PER_DAY: "10000",
    };
  };
  [a, b] = await Promise.all([startServer(await env()), startServer(await env())]);
}, 120_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  for (const dir of dataDirs) await fs.rm(dir, { recursive: true, force: true });
});

function post(server: ServerProcess, body: string, headers: Record<string, string> = {}) {
  return fetch(`${server.url}/a/e`, {
    method: "POST",
    body,
    headers: { "Content-Type": "text/plain;charset=UTF-8", "User-Agent": CHROME, ...headers },
  });
}

/** Page views stored with a campaign that starts so (the tests' page views are told apart by campaign: paths are the site's pages). */
async function count(campaignPrefix: string): Promise<number> {
  const result = await db().execute<{ n: number }>(
    sql`select count(*)::int as n from analytics_events where utm_campaign like ${`${campaignPrefix}%`}`,
  );
  return result.rows[0]!.n;
}

describe("POST /a/e", () => {
  it("answers 204 at once, and refuses other methods, types, sizes and shapes without a 500", async () => {
    const counted = await post(a, JSON.stringify({ p: "/about", q: "?utm_campaign=http-ok", w: 1200 }));
    expect(counted.status).toBe(204);
    expect(counted.headers.get("cache-control")).toBe("no-store");
    expect(counted.headers.get("set-cookie")).toBeNull();
    expect((await fetch(`${a.url}/a/e`)).status).toBe(405);
    expect((await post(a, JSON.stringify({ p: "/" }), { "Content-Type": "application/x-www-form-urlencoded" })).status).toBe(415);
    expect((await post(a, JSON.stringify({ p: "/", r: "x".repeat(5000) }))).status).toBe(413);
    const invalid = await post(a, "{not json");
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ error: "The body is not JSON." });
    expect(
      (
        await post(a, JSON.stringify({ p: "/about", q: "?utm_campaign=http-bot" }), {
          "User-Agent": "Mozilla/5.0 (compatible; bingbot/2.0)",
        })
      ).status,
    ).toBe(204);
    await expect.poll(() => count("http-"), { timeout: 10_000 }).toBe(1);
  });

  it("sets the analytics cookie only with consent", async () => {
    const accepted = await post(a, JSON.stringify({ p: "/http/consent" }), { Cookie: "cookie_consent=accepted" });
    expect(accepted.headers.get("set-cookie")).toMatch(/^nordlys_visitor=[^;]+; Max-Age=31536000; Path=\/; .*HttpOnly; SameSite=Lax$/);
    const declined = await post(a, JSON.stringify({ p: "/http/consent" }), { Cookie: "cookie_consent=declined" });
    expect(declined.headers.get("set-cookie")).toBeNull();
  });
});

describe("the beacon script", () => {
  it("is served from our origin under 1 KB gzip, cached for a year, and posts to /a/e", async () => {
    const assets = path.resolve(import.meta.dirname, "../../build/client/assets");
    const file = readdirSync(assets).find((name) => /^page-view-beacon-[A-Za-z0-9]+\.js$/.test(name));
    expect(file).toBeDefined();
    const response = await fetch(`${a.url}/assets/${file}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("immutable");
    const code = Buffer.from(await response.arrayBuffer());
    expect(gzipSync(code, { level: 9 }).length).toBeLessThanOrEqual(1024);
    expect(code.toString()).toMatch(/sendBeacon\(`\/a\/e`/);
    // Not in any page's HTML: the root layout adds it after hydration (the HTML is the same for everyone).
    expect(await (await fetch(`${a.url}/about`)).text()).not.toContain("page-view-beacon");
  });
});

describe("two instances, one database", () => {
  it("store every page view once, with the same visitor key, and write what is queued before they stop", async () => {
    const perServer = 300;
    const send = (server: ServerProcess, name: string) =>
      Promise.all(
        Array.from({ length: perServer }, (_, i) =>
          post(server, JSON.stringify({ p: "/projects", q: `?utm_campaign=load-${name}&utm_content=${i}` })).then(
            (response) => response.status,
          ),
        ),
      );
    const statuses = await Promise.all([send(a, "a"), send(b, "b")]);
    expect(statuses.flat().every((status) => status === 204)).toBe(true);
    // Stop both at once: whatever the second-by-second flush has not written yet is written on the way out.
    const [exitA, exitB] = await Promise.all([a.stop("SIGTERM"), b.stop("SIGTERM")]);
    expect([exitA, exitB]).toEqual([0, 0]);
    expect(await count("load-a")).toBe(perServer);
    expect(await count("load-b")).toBe(perServer);
    const keys = await db().execute<{ n: number }>(
      sql`select count(distinct visitor_key)::int as n from analytics_events where utm_campaign like 'load-%'`,
    );
    expect(keys.rows[0]!.n).toBe(1);
    expect(a.output() + b.output()).toContain("Analytics: page views written before shutdown");
  });
});
