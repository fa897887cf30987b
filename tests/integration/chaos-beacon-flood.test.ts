import fs from "node:fs/promises";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupTestDatabase } from "../support/database";
import { makeDataDir, startServer, type ServerProcess } from "../support/server-process";

/**
 * Chaos: anonymous page-view beacons flooding a running production server (docs/analytics.md,
 * "Bounds"; decision 0173). Each beacon has a path, referrer and campaign never seen before,
 * the way an operator's probe stored 516,000 rows in a minute. First from one client address,
 * which the per-client limit stops, while a normal visitor from another address is counted;
 * then from many addresses at once, which the day's caps stop. Afterwards the stored rows and
 * their distinct values are within the caps, the process is alive and answers, its memory
 * stayed bounded, and /metrics counts what was refused.
 */
const database = setupTestDatabase();
const db = () => database.current.db;
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const METRICS_TOKEN = "chaos-beacon-metrics-token-0123456789";
const LIMIT_PER_MINUTE = 60;
const CAPS = { viewsPerDay: 200, viewsPerVisitor: 20, paths: 500, referrers: 50, campaigns: 50 };
const FLOOD_MS = 7000;
const CONNECTIONS = 24;

let server: ServerProcess;
let dataDir: string;

beforeAll(async () => {
  dataDir = await makeDataDir();
  server = await startServer({
    DATA_DIR: dataDir,
    DATABASE_URL: database.current.url,
    APP_SECRET: "chaos-beacon-flood-secret-0123456789abcdef",
    METRICS_TOKEN,
    // The test is the proxy: X-Forwarded-For gives each beacon its client address (TRUST_PROXY=loopback).
    TRUST_PROXY: "loopback",
    ANALYTICS_BEACON_LIMIT_PER_MINUTE: String(LIMIT_PER_MINUTE),
    ANALYTICS_MAX_VIEWS_PER_DAY: String(CAPS.viewsPerDay),
    ANALYTICS_MAX_VIEWS_PER_VISITOR_PER_DAY: String(CAPS.viewsPerVisitor),
    ANALYTICS_MAX_PATHS_PER_DAY: String(CAPS.paths),
    ANALYTICS_MAX_REFERRERS_PER_DAY: String(CAPS.referrers),
    ANALYTICS_MAX_CAMPAIGNS_PER_DAY: String(CAPS.campaigns),
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

let serial = 0;

/** One beacon; its status, or 0 when the connection failed. */
async function beacon(clientIp: string, userAgent: string, medium: string, path?: string): Promise<number> {
  serial += 1;
  const n = serial;
  const body = JSON.stringify({
    p: path ?? `/flood/${n}-${Math.random().toString(36).slice(2)}`,
    q: `?utm_source=s${n}&utm_medium=${medium}&utm_campaign=c${n}`,
    r: `https://r${n}.flood.example/`,
    w: 1280,
  });
  try {
    const response = await fetch(`${server.url}/a/e`, {
      method: "POST",
      body,
      headers: { "Content-Type": "text/plain;charset=UTF-8", "User-Agent": userAgent, "X-Forwarded-For": clientIp },
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}

/** The server's resident memory (kB), from /proc. */
async function rssKb(): Promise<number> {
  const status = await fs.readFile(`/proc/${server.child.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

/** Sends beacons over CONNECTIONS connections for FLOOD_MS, sampling the server's memory; the statuses by code. */
async function flood(next: (i: number) => Promise<number>): Promise<{ statuses: Map<number, number>; peakRssKb: number }> {
  const statuses = new Map<number, number>();
  const deadline = Date.now() + FLOOD_MS;
  let peakRssKb = 0;
  let i = 0;
  const sampler = setInterval(
    () =>
      void rssKb().then(
        (kb) => (peakRssKb = Math.max(peakRssKb, kb)),
        () => undefined,
      ),
    200,
  );
  try {
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (Date.now() < deadline) {
          const status = await next(i++);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        }
      }),
    );
  } finally {
    clearInterval(sampler);
  }
  peakRssKb = Math.max(peakRssKb, await rssKb());
  return { statuses, peakRssKb };
}

async function metrics(): Promise<string> {
  const response = await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(response.status).toBe(200);
  return response.text();
}

function metricValue(text: string, outcome: string): number {
  const match = new RegExp(`^nordlys_analytics_events_total\\{outcome="${outcome}"\\} (\\d+)`, "m").exec(text);
  return match ? Number(match[1]) : 0;
}

/** Waits until every page view the server accepted has been written or refused by a cap. */
async function settled(): Promise<string> {
  let text = "";
  await expect
    .poll(
      async () => {
        text = await metrics();
        return metricValue(text, "written") + metricValue(text, "over-cap") - metricValue(text, "counted");
      },
      { timeout: 30_000, interval: 250 },
    )
    .toBe(0);
  return text;
}

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  return (await db().execute(query)).rows[0] as T;
}

describe("a flood of unique page views", () => {
  it("from one client: the per-client limit stops it, and a visitor from another address is still counted", async () => {
    const baselineKb = await rssKb();
    let visitorStatuses: number[] = [];
    let limited = () => {};
    const floodRefused = new Promise<void>((resolve) => (limited = resolve));
    const [{ statuses, peakRssKb }] = await Promise.all([
      // A new browser (user agent) each time: the limit, not the visitor's cap, must stop it.
      flood(async (i) => {
        const status = await beacon("203.0.113.66", `${CHROME} Flood/${i}`, "one-client");
        if (status === 429) limited();
        return status;
      }),
      (async () => {
        // The visitor comes while the flood is being refused.
        await floodRefused;
        visitorStatuses = [];
        for (const path of ["/", "/about", "/projects"]) visitorStatuses.push(await beacon("198.51.100.20", CHROME, "normal", path));
      })(),
    ]);
    const sent = [...statuses.values()].reduce((a, b) => a + b, 0);
    expect(statuses.get(0) ?? 0).toBe(0);
    expect(statuses.get(500) ?? 0).toBe(0);
    expect(statuses.get(204)).toBe(LIMIT_PER_MINUTE);
    expect(statuses.get(429)).toBe(sent - LIMIT_PER_MINUTE);
    expect(sent).toBeGreaterThan(LIMIT_PER_MINUTE * 2);
    expect(visitorStatuses).toEqual([204, 204, 204]);

    const text = await settled();
    expect(metricValue(text, "rate-limited")).toBe(sent - LIMIT_PER_MINUTE);
    const flooded = await one<{ n: number }>(sql`select count(*)::int as n from analytics_events where utm_medium = 'one-client'`);
    expect(flooded.n).toBeLessThanOrEqual(LIMIT_PER_MINUTE);
    const visitor = await db().execute<{ path: string }>(sql`select path from analytics_events where utm_medium = 'normal' order by path`);
    expect(visitor.rows.map((row) => row.path)).toEqual(["/", "/about", "/projects"]);
    // Unknown paths are one bucket.
    expect(await one(sql`select count(distinct path)::int as n from analytics_events where utm_medium = 'one-client'`)).toEqual({ n: 1 });
    expect((peakRssKb - baselineKb) / 1024).toBeLessThan(150);
    process.stdout.write(
      `[chaos-beacon-flood] one client: ${sent} beacons in ${FLOOD_MS / 1000} s, ${flooded.n} stored; RSS ${Math.round(baselineKb / 1024)} -> peak ${Math.round(peakRssKb / 1024)} MB\n`,
    );
  }, 60_000);

  it("from many addresses: the day's caps hold the stored rows and their distinct values; the server stays up", async () => {
    const baselineKb = await rssKb();
    // Ten addresses, one browser each: 60 a minute each get through the limit, 20 each fit under the visitor's
    // cap, and the day's cap (200, with the 63 rows above) is reached before that.
    const { statuses, peakRssKb } = await flood((i) => beacon(`10.9.0.${i % 10}`, `${CHROME} Many/${i % 10}`, "many-clients"));
    const sent = [...statuses.values()].reduce((a, b) => a + b, 0);
    expect(statuses.get(0) ?? 0).toBe(0);
    expect(statuses.get(500) ?? 0).toBe(0);
    expect(statuses.get(503) ?? 0).toBe(0);

    const text = await settled();
    const total = await one<{ n: number }>(sql`select count(*)::int as n from analytics_events`);
    expect(total.n).toBeLessThanOrEqual(CAPS.viewsPerDay);
    const perVisitor = await one<{ n: number }>(
      sql`select coalesce(max(n), 0)::int as n from (select count(*) as n from analytics_events group by day, visitor_key) t`,
    );
    expect(perVisitor.n).toBeLessThanOrEqual(CAPS.viewsPerVisitor);
    const distinct = await one<{ paths: number; referrers: number; sources: number; campaigns: number }>(sql`
      select count(distinct path) filter (where path not in ('(other)', '(not found)'))::int as paths,
             count(distinct referrer_host) filter (where referrer_host <> '(other)')::int as referrers,
             count(distinct utm_source) filter (where utm_source <> '(other)')::int as sources,
             count(distinct utm_campaign) filter (where utm_campaign <> '(other)')::int as campaigns
      from analytics_events`);
    expect(distinct.paths).toBeLessThanOrEqual(3); // the normal visitor's pages
    expect(distinct.referrers).toBeLessThanOrEqual(CAPS.referrers);
    expect(distinct.sources).toBeLessThanOrEqual(CAPS.campaigns);
    expect(distinct.campaigns).toBeLessThanOrEqual(CAPS.campaigns);
    // What the caps held back is counted.
    const accepted = statuses.get(204) ?? 0;
    expect(metricValue(text, "over-cap")).toBeGreaterThanOrEqual(accepted - total.n);
    expect(metricValue(text, "over-cap")).toBeGreaterThan(0);

    // Alive, and answering pages and the health check.
    expect(server.child.exitCode).toBeNull();
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${server.url}/about`)).status).toBe(200);
    expect((peakRssKb - baselineKb) / 1024).toBeLessThan(150);
    process.stdout.write(
      `[chaos-beacon-flood] many clients: ${sent} beacons in ${FLOOD_MS / 1000} s (${accepted} accepted), ${total.n} rows stored in all; distinct referrers ${distinct.referrers}, campaigns ${distinct.campaigns}; RSS peak ${Math.round(peakRssKb / 1024)} MB\n`,
    );
  }, 60_000);
});
