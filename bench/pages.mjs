/**
 * `npm run bench`: the site's speed on this machine, as visitors get it, in one
 * table and in bench/results.json (so runs can be compared). See docs/performance.md.
 *
 *   - the deployed shape: the public pages through the proxy compose.yaml runs (Debian's nginx
 *     with deploy/nginx/nginx.conf, ports and cache folder substituted: tests/support/nginx-proxy.ts)
 *     in front of the production server, against the yardstick, nginx sending the very same bytes
 *     from disk (brotli_static, gzip_static), checked before measuring; in turns, with
 *     `accept-encoding: br, gzip` (what browsers send, answered with Brotli) and `gzip`; the
 *     ratio is proxy / nginx (target >= 0.9). wrk from Debian, --threads threads and
 *     --connections connections, median of --runs runs of --duration seconds;
 *   - the app alone, uncached by any proxy (its own page cache only), per page type: requests/s,
 *     p50 and p95 (/, /projects, a project page, /ai-news with 20 stories, a story, /about);
 *   - POST /api/newsletter-subscribe (the one write path; autocannon, which makes each
 *     request's body);
 *   - JavaScript each public page makes a real browser download (Chromium through Playwright,
 *     until the network is idle; gzip level 9 of each script);
 *   - the app instance's RSS idle and its peak under load (the embedded PostgreSQL apart);
 *   - cold start to the first 200: first run (creates the database) and the next start on the same data;
 *   - then `bench:news` and `bench:newsletter`, whose key figures join the table.
 *
 * nginx and wrk are installed from Debian when missing (apt-get, as root).
 *
 *   npm run bench [-- --runs 3 --duration 10 --threads 2 --connections 50 --skip-jobs --skip-browser]
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import {
  browserJavaScript,
  debianTools,
  median,
  rawGet,
  root,
  rssOf,
  runWrk,
  say,
  seedStories,
  startNginx,
  startServer,
} from "./support.mjs";
import { startNginxProxy } from "../tests/support/nginx-proxy.ts";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    duration: { type: "string", default: "10" },
    threads: { type: "string", default: "2" },
    connections: { type: "string", default: "50" },
    port: { type: "string", default: "4398" },
    "skip-jobs": { type: "boolean", default: false },
    "skip-browser": { type: "boolean", default: false },
  },
});
const runs = Math.max(1, Number(values.runs));
const duration = Math.max(1, Number(values.duration));
const threads = Math.max(1, Number(values.threads));
const connections = Math.max(threads, Number(values.connections));
const port = Number(values.port);

const pages = ["/", "/projects", "/projects/lawsecai", "/ai-news"];
/** What each row's client sends, and the Content-Encoding it must get back. */
const encodings = [
  { name: "br", acceptEncoding: "br, gzip", expect: "br" },
  { name: "gzip", acceptEncoding: "gzip", expect: "gzip" },
];
const TARGETS = { ratio: 0.9, p95Ms: 50, homeJavaScriptKb: 125, idleRssMb: 250 };

/** @typedef {Awaited<ReturnType<typeof startServer>>} Server */
/** @typedef {{ pid: number | undefined, url: (page: string) => string, stop: () => unknown }} Target */

/**
 * Postgres processes started by the server (children of its process), for their RSS.
 * @param {number | undefined} pid
 * @returns {number[]}
 */
function childPids(pid) {
  /** @type {number[]} */
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
const mb = (/** @type {number} */ bytes) => Math.round((bytes / 1024 / 1024) * 10) / 10;

const tools = debianTools();

/**
 * CPU time (user and system) of processes so far, in µs (Linux /proc; clock ticks of 10 ms).
 * @param {number[]} pids
 */
function cpuMicroseconds(pids) {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone
    }
  }
  return ticks * 10_000;
}

/**
 * One wrk run against `url`; samples the RSS of `pid` meanwhile, and counts the CPU the server
 * spent per request: `pid` alone, or with its children for nginx (its workers; not the app's PostgreSQL).
 * @param {string} url
 * @param {Record<string, string>} headers
 * @param {number | undefined} pid
 * @param {{ threads?: number, connections?: number }} [client]
 */
async function load(url, headers, pid, client = {}, withChildren = false) {
  const pids = withChildren ? [pid ?? 0, ...childPids(pid)] : [pid ?? 0];
  const cpuBefore = cpuMicroseconds(pids);
  let peakRss = 0;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, rssOf(pid) ?? 0);
  }, 200);
  try {
    const result = await runWrk(tools.wrk, url, { threads, connections, duration, headers, ...client });
    const cpuPerRequestUs = (cpuMicroseconds(pids) - cpuBefore) / Math.max(1, result.requestsPerSecond * duration);
    return { ...result, peakRss, cpuPerRequestUs };
  } finally {
    clearInterval(sampler);
  }
}

/** @typedef {Awaited<ReturnType<typeof load>>} Sample */

/** @param {Sample[]} samples */
function summarise(samples) {
  const pick = (/** @type {"requestsPerSecond" | "p50" | "p95" | "p99" | "cpuPerRequestUs"} */ key) =>
    median(samples.map((sample) => sample[key]));
  return {
    cpuPerRequestUs: Math.round(pick("cpuPerRequestUs") * 10) / 10,
    requestsPerSecond: Math.round(pick("requestsPerSecond")),
    p50Ms: pick("p50"),
    p95Ms: pick("p95"),
    p99Ms: pick("p99"),
    non2xx: samples.reduce((sum, sample) => sum + sample.non2xx, 0),
    errors: samples.reduce((sum, sample) => sum + sample.errors, 0),
    peakRssMb: mb(Math.max(...samples.map((sample) => sample.peakRss))),
  };
}

/** @param {number} a @param {number} b */
const ratioOf = (a, b) => Math.round((a / b) * 100) / 100;

/**
 * The proxy in front of the app and nginx from disk, in turns (so both see the same moments of a busy machine).
 * @param {string} page
 * @param {(typeof encodings)[number]} encoding
 * @param {Target} proxy
 * @param {Target} nginx
 */
async function measurePage(page, encoding, proxy, nginx) {
  const headers = { "accept-encoding": encoding.acceptEncoding };
  /** @type {{ proxy: Sample[], nginx: Sample[] }} */
  const samples = { proxy: [], nginx: [] };
  for (let run = 0; run < runs; run++) {
    samples.nginx.push(await load(nginx.url(page), headers, nginx.pid, {}, true));
    samples.proxy.push(await load(proxy.url(page), headers, proxy.pid, {}, true));
  }
  const site = summarise(samples.proxy);
  const yardstick = summarise(samples.nginx);
  say(`${page} ${encoding.name}: through the proxy ${site.requestsPerSecond}, nginx from disk ${yardstick.requestsPerSecond} req/s`);
  return { page, encoding: encoding.name, site, nginx: yardstick, ratio: ratioOf(site.requestsPerSecond, yardstick.requestsPerSecond) };
}

/**
 * The app alone, no proxy in front: each page type from the app's own page cache (br, gzip).
 * @param {Server} server
 * @param {string[]} pageTypes
 */
async function appAlone(server, pageTypes) {
  const headers = { "accept-encoding": "br, gzip" };
  const rows = [];
  for (const page of pageTypes) {
    /** @type {Sample[]} */
    const samples = [];
    for (let run = 0; run < runs; run++) samples.push(await load(server.baseUrl + page, headers, server.pid));
    const row = summarise(samples);
    say(`app alone ${page}: ${row.requestsPerSecond} req/s, p50 ${row.p50Ms} ms, p95 ${row.p95Ms} ms`);
    rows.push({ page, ...row });
  }
  return rows;
}

const fileName = (/** @type {string} */ page) => `/${page === "/" ? "home" : page.slice(1).replaceAll("/", "-")}.html`;
const suffixOf = (/** @type {string} */ encoding) => (encoding === "br" ? ".br" : encoding === "gzip" ? ".gz" : "");
/**
 * Saves what our server sends for each page in each encoding as nginx's files (`www/x.html.br`,
 * `x.html.gz`), after checking that every page comes from the app's page cache and in the
 * encoding asked for.
 * @param {string} baseUrl
 * @param {string} dir
 */
async function saveAnswers(baseUrl, dir) {
  /** @type {Record<string, import("node:http").IncomingHttpHeaders>} */
  const headersOf = {};
  fs.mkdirSync(path.join(dir, "www"), { recursive: true });
  for (const page of pages) {
    for (const encoding of encodings) {
      /** @type {Record<string, string>} */
      const headers = encoding.acceptEncoding ? { "accept-encoding": encoding.acceptEncoding } : {};
      const reply = await rawGet(baseUrl + page, headers);
      if (reply.status !== 200 || reply.headers["x-page-cache"] !== "hit" || reply.headers["content-encoding"] !== encoding.expect) {
        throw new Error(
          `${page} (${encoding.name}): ${reply.status}, page cache ${reply.headers["x-page-cache"]}, encoding ${reply.headers["content-encoding"]}`,
        );
      }
      fs.writeFileSync(path.join(dir, "www", fileName(page) + suffixOf(encoding.name)), reply.body);
      headersOf[fileName(page)] = Object.fromEntries(Object.entries(reply.headers).filter(([name]) => !nginxOwn.has(name)));
    }
  }
  return headersOf;
}
/** Headers nginx writes itself for a file (its own ETag and Last-Modified too); the rest it is told to add. */
const nginxOwn = new Set([
  "date",
  "connection",
  "keep-alive",
  "content-length",
  "content-encoding",
  "content-type",
  "vary",
  "etag",
  "last-modified",
  "transfer-encoding",
  "x-request-id",
]);

/**
 * The proxy (from its cache) and nginx from disk must send what our server sends: for each page
 * and encoding, the same Content-Encoding and the same bytes.
 * @param {string} baseUrl
 * @param {Target[]} targets
 */
async function checkSameBytes(baseUrl, targets) {
  for (const page of pages) {
    for (const encoding of encodings) {
      const headers = { "accept-encoding": encoding.acceptEncoding };
      const ours = await rawGet(baseUrl + page, headers);
      for (const target of targets) {
        // The proxy keeps the page at the first request; the second is from its cache.
        await rawGet(target.url(page), headers);
        const theirs = await rawGet(target.url(page), headers);
        const cache = theirs.headers["x-proxy-cache"];
        if (
          theirs.status !== 200 ||
          (cache !== undefined && cache !== "HIT") ||
          theirs.headers["content-encoding"] !== ours.headers["content-encoding"] ||
          !theirs.body.equals(ours.body)
        ) {
          throw new Error(
            `${target.url(page)} does not send what the app sends (${encoding.name}): ${theirs.status}, cache ${cache}, ${theirs.headers["content-encoding"]}, ${theirs.body.length} bytes`,
          );
        }
      }
    }
  }
}

/**
 * Runs an npm benchmark script and returns its output.
 * @param {string} name
 * @param {string[]} [args]
 * @returns {Promise<{ code: number | null, output: string }>}
 */
function runScript(name, args = []) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, "scripts/launch.cjs"), name, ...args], {
      cwd: root,
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    child.stdout?.on("data", (chunk) => {
      output += chunk;
      process.stderr.write(chunk);
    });
    child.on("exit", (code) => resolve({ code, output }));
  });
}
/** @param {string} text @param {RegExp} pattern @returns {number | null} */
const figure = (text, pattern) => {
  const match = pattern.exec(text);
  return match ? Number(match[1]) : null;
};

/**
 * POST /api/newsletter-subscribe under load: autocannon, which gives each request a new address
 * from a new client address (the per-IP and per-address limits stay out of the way).
 * @param {Server} server
 */
async function signupLoad(server) {
  let signup = 0;
  /** @type {Sample[]} */
  const samples = [];
  for (let run = 0; run < runs; run++) {
    let peakRss = 0;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, rssOf(server.pid) ?? 0);
    }, 200);
    /** @type {import("autocannon").Result} */
    let result;
    try {
      result = await autocannon({
        connections,
        duration,
        url: `${server.baseUrl}/api/newsletter-subscribe`,
        requests: [
          {
            method: "POST",
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
      });
    } finally {
      clearInterval(sampler);
    }
    samples.push({
      requestsPerSecond: result.requests.average,
      p50: result.latency.p50,
      // autocannon's percentiles have no 95th.
      p95: Number.NaN,
      p99: result.latency.p99,
      cpuPerRequestUs: Number.NaN,
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
      peakRss,
    });
  }
  return summarise(samples);
}

// --- Cold start: first run (initialises the database), then a restart on the same data ---
say("cold start: first run with a new embedded database...");
const first = await startServer({ port });
const dataDir = first.dataDir;
// News pages as visitors see them (20 stories), stored before the next start renders any page.
await seedStories(dataDir, 20);
await first.stop({ keepData: true });
say("cold start: second run on the same data...");
const server = await startServer({ port, dataDir, env: { TRUST_PROXY: "loopback" } });
const coldStart = { firstRunMs: Math.round(first.coldStartMs), nextRunMs: Math.round(server.coldStartMs) };

/**
 * @typedef {object} Results
 * @property {string} date
 * @property {{ cpus: number, load: number[], node: string }} machine
 * @property {{ runs: number, duration: number, threads: number, connections: number }} settings
 * @property {typeof TARGETS} targets
 * @property {Array<Awaited<ReturnType<typeof measurePage>>>} [pages]
 * @property {Awaited<ReturnType<typeof appAlone>>} [appAlone]
 * @property {{ nginx: string, workers: number }} [yardstick]
 * @property {ReturnType<typeof summarise>} [signup]
 * @property {{ idle: { serverRssMb: number, postgresRssMb: number, proxyRssMb: number }, underLoadPeakMb: number }} [rss]
 * @property {{ firstRunMs: number, nextRunMs: number }} [coldStart]
 * @property {Array<{ page: string, gzipKb: number, files: number }>} [javascript]
 * @property {{ fullRefreshSeconds: number | null, notModifiedRefreshSeconds: number | null }} [news]
 * @property {{ messagesPerSecond: number | null, peakRssMb: number | null }} [newsletter]
 */
/** @type {Results} */
const results = {
  date: new Date().toISOString(),
  machine: { cpus: os.cpus().length, load: os.loadavg().map((l) => Math.round(l * 100) / 100), node: process.version },
  settings: { runs, duration, threads, connections },
  targets: TARGETS,
};
/** @type {Target | undefined} */
let nginx;
/** @type {(Target & { dir: string }) | undefined} */
let proxy;
const answersDir = fs.mkdtempSync(path.join(os.tmpdir(), "nordlys-yardstick-"));
try {
  // Warm up (the first requests store the pages; JIT), then idle RSS.
  for (const page of pages)
    for (let i = 0; i < 20; i++) await (await fetch(server.baseUrl + page, { headers: { "accept-encoding": "br" } })).arrayBuffer();
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const idle = {
    serverRssMb: mb(rssOf(server.pid) ?? 0),
    postgresRssMb: mb(childPids(server.pid).reduce((sum, pid) => sum + (rssOf(pid) ?? 0), 0)),
    proxyRssMb: 0,
  };

  const started = await startNginx(answersDir, tools, await saveAnswers(server.baseUrl, answersDir));
  nginx = { pid: started.pid, url: (page) => `http://127.0.0.1:${started.port}${fileName(page)}`, stop: started.stop };
  const cache = await startNginxProxy([new URL(server.baseUrl).host]);
  proxy = { pid: cache.pid, url: (page) => cache.url + page, stop: cache.stop, dir: cache.dir };
  await checkSameBytes(server.baseUrl, [nginx, proxy]);
  // nginx -v writes its version to stderr.
  results.yardstick = {
    nginx: spawnSync(tools.nginx, ["-v"], { encoding: "utf8" }).stderr.replace("nginx version:", "").trim(),
    workers: os.cpus().length,
  };
  idle.proxyRssMb = mb([cache.pid, ...childPids(cache.pid)].reduce((/** @type {number} */ sum, pid) => sum + (rssOf(pid) ?? 0), 0));

  say(
    `load: wrk, ${threads} threads, ${connections} connections, ${duration} s per run, median of ${runs} runs; nginx and the proxy in turns`,
  );
  results.pages = [];
  for (const page of pages) for (const encoding of encodings) results.pages.push(await measurePage(page, encoding, proxy, nginx));

  // Every public page the sitemap lists (one project page stands for the ten), a story, and /unsubscribe.
  const sitemap = await (await fetch(`${server.baseUrl}/sitemap.xml`)).text();
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? "/", server.baseUrl).pathname);
  const story = /href="(\/ai-news\/[0-9a-f-]{36})"/.exec(await (await fetch(`${server.baseUrl}/ai-news`)).text())?.[1];
  say("the app alone, no proxy in front, per page type (br, gzip)...");
  results.appAlone = await appAlone(server, [...pages, ...(story ? [story] : []), "/about"]);
  results.signup = await signupLoad(server);
  process.stderr.write("\n");
  results.rss = { idle, underLoadPeakMb: Math.max(...results.appAlone.map((row) => row.peakRssMb)) };
  results.coldStart = coldStart;

  const publicPages = [
    ...listed.filter((page) => !page.startsWith("/projects/")),
    "/projects/lawsecai",
    ...(story ? [story] : []),
    "/unsubscribe",
  ];
  if (!values["skip-browser"]) say(`JavaScript a browser downloads, ${publicPages.length} pages...`);
  results.javascript = values["skip-browser"]
    ? []
    : (await browserJavaScript(server.baseUrl, publicPages)).map(({ path: page, gzip, files }) => ({
        page,
        gzipKb: Math.round((gzip / 1024) * 10) / 10,
        files: files.length,
      }));
} finally {
  await nginx?.stop();
  await proxy?.stop();
  await server.stop();
  fs.rmSync(answersDir, { recursive: true, force: true });
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
const pad = (/** @type {string | number} */ value, /** @type {number} */ width) => String(value).padEnd(width);
/** @type {string[]} */
const lines = [];
lines.push(
  `npm run bench: ${results.date}, ${results.machine.cpus} CPUs, load ${results.machine.load.join(" ")}, Node ${results.machine.node}`,
);
lines.push(
  `wrk: ${threads} threads, ${connections} connections, ${duration} s per run, median of ${runs} runs; ` +
    `proxy = deploy/nginx/nginx.conf (${results.yardstick?.nginx}) in front of one app instance; ` +
    `nginx = the same nginx (${results.yardstick?.workers} workers) sending the same bytes from disk (brotli_static, gzip_static)`,
);
lines.push("");
lines.push(
  `${pad("page", 22)}${pad("encoding", 10)}${pad("proxy req/s", 13)}${pad("nginx req/s", 13)}${pad("ratio", 8)}` +
    `${pad("proxy p50/p95 ms", 18)}${pad("nginx p50/p95 ms", 18)}${pad("CPU µs/req proxy/nginx", 24)}non-2xx/errors`,
);
for (const row of results.pages) {
  const missed = row.ratio < TARGETS.ratio ? "*" : "";
  lines.push(
    `${pad(row.page, 22)}${pad(row.encoding, 10)}${pad(row.site.requestsPerSecond, 13)}${pad(row.nginx.requestsPerSecond, 13)}${pad(row.ratio + missed, 8)}` +
      `${pad(`${row.site.p50Ms}/${row.site.p95Ms}`, 18)}${pad(`${row.nginx.p50Ms}/${row.nginx.p95Ms}`, 18)}` +
      `${pad(`${row.site.cpuPerRequestUs}/${row.nginx.cpuPerRequestUs}`, 24)}${row.site.non2xx}/${row.site.errors}`,
  );
}
lines.push(`* under the target ratio (>= ${TARGETS.ratio} of nginx from disk)`);
const lowest = results.pages.reduce((min, row) => (row.ratio < min.ratio ? row : min));
lines.push(`lowest ratio to nginx: ${lowest.ratio} (${lowest.page}, ${lowest.encoding}; target >= ${TARGETS.ratio})`);
lines.push("");
lines.push(
  `${pad("the app alone, no proxy (br, gzip)", 52)}${pad("req/s", 9)}${pad("p50 ms", 8)}${pad("p95 ms", 8)}${pad("CPU µs/req", 12)}non-2xx/errors`,
);
for (const row of results.appAlone) {
  lines.push(
    `${pad(row.page, 52)}${pad(row.requestsPerSecond, 9)}${pad(row.p50Ms, 8)}${pad(row.p95Ms, 8)}${pad(row.cpuPerRequestUs, 12)}${row.non2xx}/${row.errors}`,
  );
}
lines.push(
  `${pad("POST /api/newsletter-subscribe (autocannon)", 52)}${pad(results.signup.requestsPerSecond, 9)}${pad(results.signup.p50Ms, 8)}p99 ${results.signup.p99Ms}`,
);
lines.push("");
lines.push(
  `app instance RSS: ${results.rss.idle.serverRssMb} MB idle (target < ${TARGETS.idleRssMb}), ${results.rss.underLoadPeakMb} MB peak under load; ` +
    `embedded PostgreSQL ${results.rss.idle.postgresRssMb} MB idle; the proxy (nginx, all workers) ${results.rss.idle.proxyRssMb} MB`,
);
lines.push(
  `cold start to the first 200: ${results.coldStart.firstRunMs} ms first run (new database), ${results.coldStart.nextRunMs} ms after (target < 5000)`,
);
if (results.javascript.length) lines.push("", `${pad("JavaScript a browser downloads (gzip -9)", 52)}KB    files`);
for (const row of results.javascript) {
  lines.push(`${pad(row.page, 52)}${pad(row.gzipKb, 6)}${row.files}${row.page === "/" ? `  (target <= ${TARGETS.homeJavaScriptKb})` : ""}`);
}
if (results.news && results.newsletter) {
  lines.push("");
  lines.push(
    `bench:news        full refresh ${results.news.fullRefreshSeconds} s (target < 5), all-304 refresh ${results.news.notModifiedRefreshSeconds} s (target < 1)`,
  );
  lines.push(
    `bench:newsletter  ${results.newsletter.messagesPerSecond} messages/s (target >= 500), peak RSS ${results.newsletter.peakRssMb} MB (target < 300)`,
  );
}
console.log(lines.join("\n"));

fs.mkdirSync(path.join(root, "bench"), { recursive: true });
fs.writeFileSync(path.join(root, "bench/results.json"), `${JSON.stringify(results, null, 2)}\n`);
say("written to bench/results.json");
