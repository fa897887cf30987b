/**
 * `npm run bench:analytics`: the page-view beacon endpoint under load (docs/analytics.md,
 * docs/performance.md).
 *
 * Starts the production server on a throw-away embedded database and, with autocannon, posts
 * a fixed number of page views (60,000) to POST /a/e over 50 connections, so that every one
 * sent is answered before the count is checked: 50 paths, 2,000 different browsers (user
 * agents), a referrer on one in four, a campaign on one in five, and one in ten with the
 * analytics consent (a new visitor cookie each time, so the first-visit upsert is exercised).
 * Then it checks that the database holds exactly one row per accepted page view, and prints
 * events/s, p50/p99 latency and the server's RSS before, during (peak) and after the run.
 *
 * Second part, the clean shutdown: a burst of page views, SIGTERM at once (the queue is still
 * full), a new start on the same data, and the count again.
 *
 *   npm run bench:analytics [-- --amount 60000 --connections 50 --port 4391]
 *
 * Targets: >= 5,000 events/s, p99 < 50 ms, every accepted event stored.
 */
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import fs from "node:fs";
import { rssOf, say, startServer, withDatabase } from "./support.mjs";

const { values: options } = parseArgs({
  options: {
    amount: { type: "string", default: "60000" },
    connections: { type: "string", default: "50" },
    port: { type: "string", default: process.env.BENCH_ANALYTICS_PORT ?? "4391" },
    burst: { type: "string", default: "5000" },
  },
});
const amount = Number(options.amount);
const connections = Number(options.connections);
const port = Number(options.port);
const mb = (/** @type {number} */ bytes) => Math.round((bytes / 1024 / 1024) * 10) / 10;

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const PATHS = Array.from({ length: 50 }, (_, i) => (i === 0 ? "/" : `/bench/page-${i}`));

/**
 * The i-th synthetic page view: body and headers.
 * @param {number} i
 */
function pageView(i) {
  /** @type {{ p: string | undefined, q: string, w: number | undefined, r?: string }} */
  const body = {
    p: PATHS[i % PATHS.length],
    q: i % 5 === 0 ? `?utm_source=bench&utm_campaign=campaign-${i % 7}` : "",
    w: [390, 820, 1440][i % 3],
  };
  if (i % 4 === 0) body.r = `https://referrer-${i % 9}.example/some/page`;
  /** @type {Record<string, string>} */
  const headers = { "content-type": "text/plain;charset=UTF-8", "user-agent": `${CHROME} Bench/${i % 2000}` };
  if (i % 10 === 0) headers.cookie = "cookie_consent=accepted";
  return { body: JSON.stringify(body), headers };
}

const TICK_MS = 10; // USER_HZ = 100 on Linux

/** CPU time (ms) used so far by a process, and by the embedded PostgreSQL of `dataDir` (its server and every backend). */
/** @param {number | undefined} serverPid @param {string} dataDir */
function cpuMs(serverPid, dataDir) {
  const stat = (/** @type {string | number | undefined} */ pid) => {
    try {
      const fields = fs
        .readFileSync(`/proc/${pid}/stat`, "utf8")
        .replace(/^.*\) /, "")
        .split(" ");
      return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
    } catch {
      return null;
    }
  };
  const pids = fs.readdirSync("/proc").filter((entry) => /^\d+$/.test(entry));
  const postmaster = pids.find((pid) => {
    try {
      const args = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
      return args[0]?.endsWith("/postgres") && args.some((arg) => arg.startsWith(dataDir));
    } catch {
      return false;
    }
  });
  let postgres = 0;
  if (postmaster) {
    for (const pid of pids) {
      const info = stat(pid);
      if (info && (pid === postmaster || String(info.ppid) === postmaster)) postgres += info.ticks;
    }
  }
  return { server: (stat(serverPid)?.ticks ?? 0) * TICK_MS, postgres: postgres * TICK_MS };
}

const countEvents = (/** @type {string} */ dataDir) =>
  withDatabase(dataDir, async (client) => Number((await client.query("select count(*)::int as n from analytics_events")).rows[0].n));

/** Waits until the stored count stops short of nothing: equal to `expected`, or the deadline. */
/** @param {string} dataDir @param {number} expected */
async function waitForCount(dataDir, expected, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  let stored = await countEvents(dataDir);
  while (stored < expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    stored = await countEvents(dataDir);
  }
  return stored;
}

/** @typedef {Awaited<ReturnType<typeof startServer>>} Server */

/** @param {Server} server */
async function load(server) {
  let sent = 0;
  let peakRss = 0;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, rssOf(server.pid) ?? 0);
  }, 200);
  try {
    const result = await autocannon({
      url: server.baseUrl,
      connections,
      amount,
      pipelining: 1,
      requests: [
        {
          method: "POST",
          path: "/a/e",
          setupRequest: (request) => {
            const view = pageView(sent++);
            return { ...request, body: view.body, headers: { ...request.headers, ...view.headers } };
          },
        },
      ],
    });
    return { result, peakRss };
  } finally {
    clearInterval(sampler);
  }
}

/** @param {Server} server @param {number} count */
async function burstThenStop(server, count) {
  const agent = { keepalive: true };
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const view = pageView(next++);
      const response = await fetch(`${server.baseUrl}/a/e`, { method: "POST", body: view.body, headers: view.headers, ...agent });
      if (response.status !== 204) throw new Error(`beacon answered ${response.status}`);
    }
  };
  await Promise.all(Array.from({ length: 20 }, worker));
  const storedBeforeStop = await countEvents(server.dataDir);
  await server.stop({ keepData: true });
  return storedBeforeStop;
}

say(`Starting the production server on port ${port}...`);
// The bench is one client sending as fast as it can: no per-client limit, and caps above what it sends.
const BENCH_ENV = {
  LOG_LEVEL: "warn",
  ANALYTICS_BEACON_LIMIT_PER_MINUTE: "0",
  ANALYTICS_MAX_VIEWS_PER_DAY: "100000000",
  ANALYTICS_MAX_VIEWS_PER_VISITOR_PER_DAY: "1000000",
};
const server = await startServer({ port, env: BENCH_ENV });
let restarted;
try {
  // Warm up (JIT, the day's salt, pool connections), then start from an empty table.
  await autocannon({
    url: server.baseUrl,
    connections: 10,
    amount: 2000,
    requests: [{ method: "POST", path: "/a/e", body: pageView(1).body, headers: pageView(1).headers }],
  });
  await waitForCount(server.dataDir, 2000);
  await withDatabase(server.dataDir, (client) => client.query("truncate analytics_events, analytics_visitors"));
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const rssBefore = rssOf(server.pid) ?? 0;

  say(`Load: ${amount} page views over ${connections} connections...`);
  const cpuBefore = cpuMs(server.pid, server.dataDir);
  const { result, peakRss } = await load(server);
  const accepted = result.statusCodeStats?.["204"]?.count ?? result["2xx"];
  const stored = await waitForCount(server.dataDir, Number(accepted));
  const cpuAfter = cpuMs(server.pid, server.dataDir);
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const rssAfter = rssOf(server.pid) ?? 0;
  const visitors = await withDatabase(server.dataDir, async (client) =>
    Number((await client.query("select count(*)::int as n from analytics_visitors")).rows[0].n),
  );

  say(`Clean shutdown: ${options.burst} page views, then SIGTERM at once...`);
  await withDatabase(server.dataDir, (client) => client.query("truncate analytics_events, analytics_visitors"));
  const burst = Number(options.burst);
  const storedBeforeStop = await burstThenStop(server, burst);
  restarted = await startServer({ port, dataDir: server.dataDir, env: BENCH_ENV });
  const storedAfterRestart = await countEvents(server.dataDir);

  const perSecond = Math.round(result.requests.total / result.duration);
  const lines = [
    "",
    `bench:analytics  (${amount} page views, ${connections} connections, ${result.duration.toFixed(1)} s, Node ${process.versions.node})`,
    `  events/s                   ${perSecond.toLocaleString("en-GB")}   (target >= 5,000)`,
    `  latency p50 / p99          ${result.latency.p50} ms / ${result.latency.p99} ms   (target p99 < 50 ms)`,
    `  requests sent / 204        ${result.requests.total} / ${accepted}   (non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts})`,
    `  stored rows                ${stored}   (${stored === Number(accepted) ? "exact" : "MISMATCH"})`,
    `  consented visitors stored  ${visitors}`,
    `  server RSS before / peak / after   ${mb(rssBefore)} / ${mb(peakRss)} / ${mb(rssAfter)} MB`,
    `  CPU per 1,000 events       server ${Math.round(((cpuAfter.server - cpuBefore.server) / amount) * 1000)} ms, PostgreSQL ${Math.round(((cpuAfter.postgres - cpuBefore.postgres) / amount) * 1000)} ms`,
    `  clean shutdown             ${burst} accepted, ${storedBeforeStop} stored when SIGTERM was sent, ${storedAfterRestart} stored after the restart   (${storedAfterRestart === burst ? "exact" : "MISMATCH"})`,
    "",
  ];
  process.stdout.write(lines.join("\n"));
  if (stored !== Number(accepted) || storedAfterRestart !== burst) process.exitCode = 1;
} finally {
  await restarted?.stop();
  await server.stop();
}
