/**
 * `npm run bench`: the site's speed on this machine, in one table and in
 * bench/results.json (so runs can be compared). See docs/performance.md.
 *
 *   - requests/s, p50 and p99 latency at 50 connections (autocannon, median
 *     of --runs runs of --duration seconds) for /, /projects, a project page,
 *     /ai-news and POST /api/newsletter-subscribe;
 *   - the same for a plain static file server (node:http + serve-static)
 *     serving a saved copy of /'s HTML, in the same run, and the ratio;
 *   - JavaScript (gzip) each public page loads;
 *   - server RSS idle and under load (the embedded PostgreSQL apart);
 *   - cold start to the first 200: first run (creates the database) and
 *     the next start on the same data;
 *   - then `bench:news` and `bench:newsletter`, whose key figures join the table.
 *
 *   npm run bench [-- --runs 3 --duration 10 --connections 50 --skip-jobs]
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { median, pageJavaScript, root, rssOf, say, startServer } from "./bench/support.mjs";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
    port: { type: "string", default: "4398" },
    "skip-jobs": { type: "boolean", default: false },
  },
});
const runs = Math.max(1, Number(values.runs));
const duration = Math.max(1, Number(values.duration));
const connections = Math.max(1, Number(values.connections));
const port = Number(values.port);

const pages = ["/", "/projects", "/projects/lawsecai", "/ai-news"];

/** Postgres processes started by the server (children of its process), for their RSS. */
function childPids(pid) {
  const children = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === pid) children.push(Number(entry), ...childPids(Number(entry)));
    } catch {
      // gone
    }
  }
  return children;
}
const mb = (bytes) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** One autocannon run; samples the server's RSS meanwhile. */
async function cannon(options, serverPid) {
  let peakRss = 0;
  const sampler = serverPid
    ? setInterval(() => {
        peakRss = Math.max(peakRss, rssOf(serverPid) ?? 0);
      }, 200)
    : null;
  try {
    const result = await autocannon({ connections, duration, pipelining: 1, ...options });
    return {
      requestsPerSecond: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
      peakRss,
    };
  } finally {
    if (sampler) clearInterval(sampler);
  }
}

async function measure(label, options, serverPid) {
  const samples = [];
  for (let run = 0; run < runs; run++) samples.push(await cannon(options, serverPid));
  process.stderr.write(".");
  const pick = (key) => median(samples.map((sample) => sample[key]));
  return {
    label,
    requestsPerSecond: Math.round(pick("requestsPerSecond")),
    p50Ms: pick("p50"),
    p99Ms: pick("p99"),
    non2xx: samples.reduce((sum, sample) => sum + sample.non2xx, 0),
    errors: samples.reduce((sum, sample) => sum + sample.errors, 0),
    peakRssMb: mb(Math.max(...samples.map((sample) => sample.peakRss))),
  };
}

/** A plain static file server for the comparison, in its own process like ours. */
function startStaticServer(dir) {
  const code = `
    const http = require("node:http");
    const serveStatic = require(${JSON.stringify(path.join(root, "node_modules/serve-static"))});
    const serve = serveStatic(${JSON.stringify(dir)}, { index: ["index.html"] });
    const server = http.createServer((req, res) => serve(req, res, () => { res.statusCode = 404; res.end(); }));
    server.listen(0, "127.0.0.1", () => process.send(server.address().port));`;
  const child = spawn(process.execPath, ["-e", code], { stdio: ["ignore", "ignore", "inherit", "ipc"] });
  return new Promise((resolve, reject) => {
    child.once("message", (childPort) => resolve({ url: `http://127.0.0.1:${childPort}`, pid: child.pid, stop: () => child.kill() }));
    child.once("exit", (code) => reject(new Error(`static server exited with ${code}`)));
  });
}

/** Runs an npm benchmark script and returns its output. */
function runScript(name, args = []) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, "scripts/launch.cjs"), name, ...args], {
      cwd: root,
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
      process.stderr.write(chunk);
    });
    child.on("exit", (code) => resolve({ code, output }));
  });
}
const figure = (text, pattern) => {
  const match = pattern.exec(text);
  return match ? Number(match[1]) : null;
};

// --- Cold start: first run (initialises the database), then a restart on the same data ---
say("cold start: first run with a new embedded database...");
const first = await startServer({ port });
const dataDir = first.dataDir;
await first.stop({ keepData: true });
say("cold start: second run on the same data...");
const server = await startServer({ port, dataDir, env: { TRUST_PROXY: "loopback" } });
const coldStart = { firstRunMs: Math.round(first.coldStartMs), nextRunMs: Math.round(server.coldStartMs) };

const results = { date: new Date().toISOString(), machine: { cpus: os.cpus().length, load: os.loadavg().map((l) => Math.round(l * 100) / 100), node: process.version }, settings: { runs, duration, connections } };
let staticServer;
try {
  // Warm up (first renders fill the page cache; JIT), then idle RSS.
  for (const page of pages) for (let i = 0; i < 20; i++) await (await fetch(server.baseUrl + page)).arrayBuffer();
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const postgresRss = childPids(server.pid).reduce((sum, pid) => sum + (rssOf(pid) ?? 0), 0);
  const idle = { serverRssMb: mb(rssOf(server.pid) ?? 0), postgresRssMb: mb(postgresRss) };

  // The static file server gets the very HTML our / sends.
  const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), "nordlys-static-"));
  fs.writeFileSync(path.join(staticDir, "index.html"), await (await fetch(server.baseUrl + "/")).text());
  staticServer = await startStaticServer(staticDir);

  say(`load: ${connections} connections, ${duration} s per run, median of ${runs} runs`);
  const load = [];
  load.push(await measure("static file server: saved /", { url: `${staticServer.url}/` }, staticServer.pid));
  for (const page of pages) load.push(await measure(`GET ${page}`, { url: server.baseUrl + page }, server.pid));
  let signup = 0;
  load.push(
    await measure(
      "POST /api/newsletter-subscribe",
      {
        url: `${server.baseUrl}/api/newsletter-subscribe`,
        requests: [
          {
            method: "POST",
            // A new address from a new client address each time: the per-IP and per-address limits stay out of the way.
            setupRequest: (request) => {
              signup++;
              return {
                ...request,
                headers: {
                  "content-type": "application/json",
                  "x-forwarded-for": `10.${(signup >> 16) & 255}.${(signup >> 8) & 255}.${signup & 255}`,
                },
                body: JSON.stringify({ email: `bench-${Date.now()}-${signup}@bench.example`, source: "home" }),
              };
            },
          },
        ],
      },
      server.pid,
    ),
  );
  process.stderr.write("\n");
  const ours = load.find((row) => row.label === "GET /");
  const theirs = load[0];
  results.load = load;
  results.homeVersusStatic = Math.round((ours.requestsPerSecond / theirs.requestsPerSecond) * 100) / 100;
  results.rss = { idle, underLoadPeakMb: Math.max(...load.slice(1).map((row) => row.peakRssMb)) };
  results.coldStart = coldStart;

  // Every public page the sitemap lists (one project page stands for the ten), and /unsubscribe.
  const sitemap = await (await fetch(`${server.baseUrl}/sitemap.xml`)).text();
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
  const publicPages = [...listed.filter((page) => !page.startsWith("/projects/")), "/projects/lawsecai", "/unsubscribe"];
  results.javascript = [];
  for (const page of publicPages) {
    const { gzip, files } = await pageJavaScript(server.baseUrl, page);
    results.javascript.push({ page, gzipKb: Math.round((gzip / 1024) * 10) / 10, files: files.length });
  }
  fs.rmSync(staticDir, { recursive: true, force: true });
} finally {
  staticServer?.stop();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

if (!values["skip-jobs"]) {
  say("bench:news...");
  const news = await runScript("bench:news");
  results.news = {
    fullRefreshSeconds: figure(news.output, /Full refresh:\s+([\d.]+) s/),
    notModifiedRefreshSeconds: figure(news.output, /All-304 refresh:\s+([\d.]+) s/),
  };
  say("bench:newsletter...");
  const newsletter = await runScript("bench:newsletter");
  results.newsletter = {
    messagesPerSecond: figure(newsletter.output, /messages\/s\s+(\d+)/),
    peakRssMb: figure(newsletter.output, /peak RSS\s+([\d.]+) MB/),
  };
}

// --- Report ---
const pad = (value, width) => String(value).padEnd(width);
const lines = [];
lines.push(`npm run bench: ${results.date}, ${results.machine.cpus} CPUs, load ${results.machine.load.join(" ")}, Node ${results.machine.node}`);
lines.push(`${connections} connections, ${duration} s per run, median of ${runs} runs`);
lines.push("");
lines.push(`${pad("target", 36)}${pad("req/s", 10)}${pad("p50 ms", 9)}${pad("p99 ms", 9)}${pad("non-2xx", 9)}errors`);
for (const row of results.load) {
  lines.push(`${pad(row.label, 36)}${pad(row.requestsPerSecond, 10)}${pad(row.p50Ms, 9)}${pad(row.p99Ms, 9)}${pad(row.non2xx, 9)}${row.errors}`);
}
lines.push("");
lines.push(`/ versus the static file server: ${results.homeVersusStatic} (target >= 0.5)`);
lines.push(`server RSS: ${results.rss.idle.serverRssMb} MB idle (target < 250), ${results.rss.underLoadPeakMb} MB peak under load; embedded PostgreSQL ${results.rss.idle.postgresRssMb} MB idle`);
lines.push(`cold start to the first 200: ${results.coldStart.firstRunMs} ms first run (new database), ${results.coldStart.nextRunMs} ms after (target < 5000)`);
lines.push("");
lines.push(`${pad("JavaScript per page (gzip)", 36)}KB`);
for (const row of results.javascript) lines.push(`${pad(row.page, 36)}${row.gzipKb}${row.page === "/" ? "  (target <= 130)" : ""}`);
if (results.news) {
  lines.push("");
  lines.push(`bench:news        full refresh ${results.news.fullRefreshSeconds} s (target < 5), all-304 refresh ${results.news.notModifiedRefreshSeconds} s (target < 1)`);
  lines.push(`bench:newsletter  ${results.newsletter.messagesPerSecond} messages/s (target >= 500), peak RSS ${results.newsletter.peakRssMb} MB (target < 300)`);
}
console.log(lines.join("\n"));

fs.mkdirSync(path.join(root, "bench"), { recursive: true });
fs.writeFileSync(path.join(root, "bench/results.json"), `${JSON.stringify(results, null, 2)}\n`);
say("written to bench/results.json");
