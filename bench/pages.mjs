/**
 * `npm run bench`: the site's speed on this machine, as visitors get it, in one
 * table and in bench/results.json (so runs can be compared). See docs/performance.md.
 *
 *   - requests/s, p50 and p99 latency at 50 connections (autocannon, median of
 *     --runs runs of --duration seconds) for /, /projects, a project page and
 *     /ai-news (with 20 stories stored), each with `accept-encoding: br, gzip`
 *     (what browsers send, answered with Brotli), `gzip`, and none (identity);
 *   - the same pages and encodings from a static file server that serves
 *     precompressed files as nginx's gzip_static/brotli_static do
 *     (bench/static-server.mjs), holding the very bytes our server
 *     sends; the two are measured in turns, and the ratio is ours / static;
 *   - POST /api/newsletter-subscribe (the one write path);
 *   - JavaScript each public page makes a real browser download (Chromium
 *     through Playwright, until the network is idle; gzip level 9 of each script);
 *   - server RSS idle and the peak under load (the embedded PostgreSQL apart);
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
import { browserJavaScript, median, rawGet, root, rssOf, say, seedStories, startServer } from "./support.mjs";

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
/** What each row's client sends, and the Content-Encoding it must get back. */
const encodings = [
  { name: "br", acceptEncoding: "br, gzip", expect: "br" },
  { name: "gzip", acceptEncoding: "gzip", expect: "gzip" },
  { name: "identity", acceptEncoding: null, expect: undefined },
];
const TARGETS = { ratio: 0.5, p99Ms: 50, homeJavaScriptKb: 125, idleRssMb: 250 };

/** @typedef {Awaited<ReturnType<typeof startServer>>} Server */
/** @typedef {{ pid: number | undefined, url: (page: string) => string, stop: () => void }} StaticServer */

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

/**
 * One autocannon run; samples the server's RSS meanwhile.
 * @param {Omit<import("autocannon").Options, "connections" | "duration">} options
 * @param {number | undefined} serverPid
 */
async function cannon(options, serverPid) {
  let peakRss = 0;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, rssOf(serverPid) ?? 0);
  }, 200);
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
    clearInterval(sampler);
  }
}

/** @typedef {Awaited<ReturnType<typeof cannon>>} Sample */

/** @param {Sample[]} samples */
function summarise(samples) {
  const pick = (/** @type {"requestsPerSecond" | "p50" | "p99"} */ key) => median(samples.map((sample) => sample[key]));
  return {
    requestsPerSecond: Math.round(pick("requestsPerSecond")),
    p50Ms: pick("p50"),
    p99Ms: pick("p99"),
    non2xx: samples.reduce((sum, sample) => sum + sample.non2xx, 0),
    errors: samples.reduce((sum, sample) => sum + sample.errors, 0),
    peakRssMb: mb(Math.max(...samples.map((sample) => sample.peakRss))),
  };
}

/**
 * Our server and the static one, in turns (so both see the same moments of a busy machine).
 * @param {string} page
 * @param {(typeof encodings)[number]} encoding
 * @param {Server} ours
 * @param {StaticServer} yardstick
 */
async function measurePair(page, encoding, ours, yardstick) {
  /** @type {Record<string, string>} */
  const headers = encoding.acceptEncoding ? { "accept-encoding": encoding.acceptEncoding } : {};
  /** @type {Sample[]} */
  const oursSamples = [];
  /** @type {Sample[]} */
  const staticSamples = [];
  for (let run = 0; run < runs; run++) {
    staticSamples.push(await cannon({ url: yardstick.url(page), headers }, yardstick.pid));
    oursSamples.push(await cannon({ url: ours.baseUrl + page, headers }, ours.pid));
  }
  process.stderr.write(".");
  const site = summarise(oursSamples);
  const plain = summarise(staticSamples);
  return {
    page,
    encoding: encoding.name,
    site,
    static: plain,
    ratio: Math.round((site.requestsPerSecond / plain.requestsPerSecond) * 100) / 100,
  };
}

/**
 * The static file server (bench/static-server.mjs), in its own process like ours.
 * @param {string} dir
 * @returns {Promise<StaticServer>}
 */
function startStaticServer(dir) {
  const child = spawn(process.execPath, [path.join(root, "bench/static-server.mjs"), dir], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  return new Promise((resolve, reject) => {
    child.once("message", (childPort) =>
      resolve({ pid: child.pid, url: (page) => `http://127.0.0.1:${childPort}${fileName(page)}`, stop: () => child.kill() }),
    );
    child.once("exit", (code) => reject(new Error(`static server exited with ${code}`)));
  });
}
const fileName = (/** @type {string} */ page) => `/${page === "/" ? "home" : page.slice(1).replaceAll("/", "-")}.html`;

/**
 * Saves what our server sends for each page in each encoding, as the static
 * server's files (`x.html`, `x.html.br`, `x.html.gz`), after checking that
 * every page comes from memory and in the encoding asked for.
 * @param {string} baseUrl
 * @param {string} dir
 */
async function saveForStaticServer(baseUrl, dir) {
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
      const suffix = encoding.name === "br" ? ".br" : encoding.name === "gzip" ? ".gz" : "";
      fs.writeFileSync(path.join(dir, fileName(page) + suffix), reply.body);
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

/** @param {Server} server */
async function signupLoad(server) {
  let signup = 0;
  /** @type {Sample[]} */
  const samples = [];
  for (let run = 0; run < runs; run++) {
    samples.push(
      await cannon(
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
 * @property {{ runs: number, duration: number, connections: number }} settings
 * @property {typeof TARGETS} targets
 * @property {Array<Awaited<ReturnType<typeof measurePair>>>} [pages]
 * @property {ReturnType<typeof summarise>} [signup]
 * @property {{ idle: { serverRssMb: number, postgresRssMb: number }, underLoadPeakMb: number }} [rss]
 * @property {{ firstRunMs: number, nextRunMs: number }} [coldStart]
 * @property {Array<{ page: string, gzipKb: number, files: number }>} [javascript]
 * @property {{ fullRefreshSeconds: number | null, notModifiedRefreshSeconds: number | null }} [news]
 * @property {{ messagesPerSecond: number | null, peakRssMb: number | null }} [newsletter]
 */
/** @type {Results} */
const results = {
  date: new Date().toISOString(),
  machine: { cpus: os.cpus().length, load: os.loadavg().map((l) => Math.round(l * 100) / 100), node: process.version },
  settings: { runs, duration, connections },
  targets: TARGETS,
};
/** @type {StaticServer | undefined} */
let staticServer;
const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), "nordlys-static-"));
try {
  // Warm up (the first requests store the pages; JIT), then idle RSS.
  for (const page of pages)
    for (let i = 0; i < 20; i++) await (await fetch(server.baseUrl + page, { headers: { "accept-encoding": "br" } })).arrayBuffer();
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const postgresRss = childPids(server.pid).reduce((sum, pid) => sum + (rssOf(pid) ?? 0), 0);
  const idle = { serverRssMb: mb(rssOf(server.pid) ?? 0), postgresRssMb: mb(postgresRss) };

  await saveForStaticServer(server.baseUrl, staticDir);
  staticServer = await startStaticServer(staticDir);

  say(`load: ${connections} connections, ${duration} s per run, median of ${runs} runs, our server and the static one in turns`);
  results.pages = [];
  for (const page of pages) for (const encoding of encodings) results.pages.push(await measurePair(page, encoding, server, staticServer));
  results.signup = await signupLoad(server);
  process.stderr.write("\n");
  results.rss = { idle, underLoadPeakMb: Math.max(...results.pages.map((row) => row.site.peakRssMb)) };
  results.coldStart = coldStart;

  // Every public page the sitemap lists (one project page stands for the ten), a story, and /unsubscribe.
  const sitemap = await (await fetch(`${server.baseUrl}/sitemap.xml`)).text();
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? "/", server.baseUrl).pathname);
  const story = /href="(\/ai-news\/[0-9a-f-]{36})"/.exec(await (await fetch(`${server.baseUrl}/ai-news`)).text())?.[1];
  const publicPages = [
    ...listed.filter((page) => !page.startsWith("/projects/")),
    "/projects/lawsecai",
    ...(story ? [story] : []),
    "/unsubscribe",
  ];
  say(`JavaScript a browser downloads, ${publicPages.length} pages...`);
  results.javascript = (await browserJavaScript(server.baseUrl, publicPages)).map(({ path: page, gzip, files }) => ({
    page,
    gzipKb: Math.round((gzip / 1024) * 10) / 10,
    files: files.length,
  }));
} finally {
  staticServer?.stop();
  await server.stop();
  fs.rmSync(staticDir, { recursive: true, force: true });
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
  `${connections} connections, ${duration} s per run, median of ${runs} runs; static = precompressed files from disk (bench/static-server.mjs)`,
);
lines.push("");
lines.push(
  `${pad("page", 22)}${pad("encoding", 10)}${pad("req/s", 9)}${pad("static", 9)}${pad("ratio", 7)}${pad("p50 ms", 8)}${pad("p99 ms", 8)}${pad("static p99", 12)}non-2xx/errors`,
);
for (const row of results.pages) {
  lines.push(
    `${pad(row.page, 22)}${pad(row.encoding, 10)}${pad(row.site.requestsPerSecond, 9)}${pad(row.static.requestsPerSecond, 9)}${pad(row.ratio, 7)}` +
      `${pad(row.site.p50Ms, 8)}${pad(row.site.p99Ms, 8)}${pad(row.static.p99Ms, 12)}${row.site.non2xx}/${row.site.errors}`,
  );
}
lines.push(
  `${pad("POST /api/newsletter-subscribe", 32)}${pad(results.signup.requestsPerSecond, 9)}${pad("", 16)}${pad(results.signup.p50Ms, 8)}${pad(results.signup.p99Ms, 8)}`,
);
lines.push("");
const encoded = results.pages.filter((row) => row.encoding !== "identity");
const lowest = encoded.reduce((min, row) => (row.ratio < min.ratio ? row : min));
const slowest = results.pages.reduce((max, row) => (row.site.p99Ms > max.site.p99Ms ? row : max));
lines.push(`lowest ratio with br or gzip: ${lowest.ratio} (${lowest.page}, ${lowest.encoding}; target >= ${TARGETS.ratio})`);
lines.push(`highest p99: ${slowest.site.p99Ms} ms (${slowest.page}, ${slowest.encoding}; target < ${TARGETS.p99Ms})`);
lines.push(
  `server RSS: ${results.rss.idle.serverRssMb} MB idle (target < ${TARGETS.idleRssMb}), ${results.rss.underLoadPeakMb} MB peak under load; embedded PostgreSQL ${results.rss.idle.postgresRssMb} MB idle`,
);
lines.push(
  `cold start to the first 200: ${results.coldStart.firstRunMs} ms first run (new database), ${results.coldStart.nextRunMs} ms after (target < 5000)`,
);
lines.push("");
lines.push(`${pad("JavaScript a browser downloads (gzip -9)", 52)}KB    files`);
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
