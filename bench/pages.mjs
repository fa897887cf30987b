/**
 * `npm run bench`: the site's speed on this machine, as visitors get it, in one
 * table and in bench/results.json (so runs can be compared). See docs/performance.md.
 *
 *   - requests/s, p50 and p99 latency (wrk from Debian, --threads threads and
 *     --connections connections, median of --runs runs of --duration seconds)
 *     for /, /projects, a project page and /ai-news (with 20 stories stored),
 *     each with `accept-encoding: br, gzip` (what browsers send, answered with
 *     Brotli), `gzip`, and none (identity);
 *   - the yardstick: Debian's nginx (nginx-light with brotli_static and
 *     gzip_static, a worker per core) sending the very bytes our server sends
 *     for each page and encoding, checked before measuring; the ratio is
 *     ours / nginx (target >= 0.8 with br and gzip);
 *   - bare node:http: a node:http server answering from memory with the same
 *     headers and bytes (bench/bare-server.mjs), what Node's own HTTP server costs
 *     (ours answers stored pages before Node's parser, decision 0201, so it can pass it);
 *   - the client's capacity: nginx and ours on `/` with 1 thread and with 2
 *     (and twice the connections), so the reader sees whether wrk is the ceiling;
 *   - the bare server as one process and as one per core on one port (SO_REUSEPORT):
 *     what Node gets from the machine's cores;
 *   - POST /api/newsletter-subscribe (the one write path; autocannon, which
 *     makes each request's body);
 *   - JavaScript each public page makes a real browser download (Chromium
 *     through Playwright, until the network is idle; gzip level 9 of each script);
 *   - server RSS idle (its own process and its stored-page processes) and the peak under load
 *     of the two together (the embedded PostgreSQL apart);
 *   - cold start to the first 200: first run (creates the database) and
 *     the next start on the same data;
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
  freePort,
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
  { name: "identity", acceptEncoding: null, expect: undefined },
];
const TARGETS = { ratio: 0.8, p99Ms: 50, homeJavaScriptKb: 125, idleRssMb: 250 };

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

/**
 * The stored-page processes among a server's children (decision 0202).
 * @param {number | undefined} pid
 */
function storedPageProcessesOf(pid) {
  return childPids(pid).filter((child) => {
    try {
      return fs.readFileSync(`/proc/${child}/cmdline`, "utf8").includes("stored-page-process");
    } catch {
      return false;
    }
  });
}

/**
 * The RSS of a server's own processes: its process and its stored-page processes (not PostgreSQL).
 * @param {number | undefined} pid
 */
function appRss(pid) {
  if (pid === undefined) return 0;
  let sum = 0;
  for (const each of [pid, ...storedPageProcessesOf(pid)]) sum += rssOf(each) ?? 0;
  return sum;
}

const tools = debianTools();

/**
 * One wrk run against `url`; samples the RSS of `pid` meanwhile.
 * @param {string} url
 * @param {Record<string, string>} headers
 * @param {number | undefined} pid
 * @param {{ threads?: number, connections?: number }} [client]
 */
async function load(url, headers, pid, client = {}) {
  let peakRss = 0;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, appRss(pid));
  }, 200);
  try {
    const result = await runWrk(tools.wrk, url, { threads, connections, duration, headers, ...client });
    return { ...result, peakRss };
  } finally {
    clearInterval(sampler);
  }
}

/** @typedef {Awaited<ReturnType<typeof load>>} Sample */

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

/** @param {number} a @param {number} b */
const ratioOf = (a, b) => Math.round((a / b) * 100) / 100;

/**
 * Our server, nginx and the bare node:http server, in turns (so all see the same moments of a busy machine).
 * @param {string} page
 * @param {(typeof encodings)[number]} encoding
 * @param {Server} ours
 * @param {Target} nginx
 * @param {Target} bare
 */
async function measurePage(page, encoding, ours, nginx, bare) {
  /** @type {Record<string, string>} */
  const headers = encoding.acceptEncoding ? { "accept-encoding": encoding.acceptEncoding } : {};
  /** @type {{ site: Sample[], nginx: Sample[], bare: Sample[] }} */
  const samples = { site: [], nginx: [], bare: [] };
  for (let run = 0; run < runs; run++) {
    samples.nginx.push(await load(nginx.url(page), headers, nginx.pid));
    samples.site.push(await load(ours.baseUrl + page, headers, ours.pid));
    samples.bare.push(await load(bare.url(page), headers, bare.pid));
  }
  const site = summarise(samples.site);
  const yardstick = summarise(samples.nginx);
  const ceiling = summarise(samples.bare);
  say(
    `${page} ${encoding.name}: ours ${site.requestsPerSecond}, nginx ${yardstick.requestsPerSecond}, bare node:http ${ceiling.requestsPerSecond} req/s`,
  );
  return {
    page,
    encoding: encoding.name,
    site,
    nginx: yardstick,
    bare: ceiling,
    ratio: ratioOf(site.requestsPerSecond, yardstick.requestsPerSecond),
    bareRatio: ratioOf(ceiling.requestsPerSecond, yardstick.requestsPerSecond),
  };
}

/**
 * Whether wrk is the ceiling: nginx and ours on `/` (br) with one thread, with --threads, and
 * with --threads and twice the connections. A yardstick that rises with the client's capacity
 * was held back by the client in the smaller setting.
 * @param {Server} ours
 * @param {Target} nginx
 */
async function clientCapacity(ours, nginx) {
  const headers = { "accept-encoding": "br, gzip" };
  const settings = [
    { threads: 1, connections },
    { threads, connections },
    { threads, connections: connections * 2 },
  ];
  const rows = [];
  for (const client of settings) {
    const yardstick = await load(nginx.url("/"), headers, nginx.pid, client);
    const site = await load(ours.baseUrl + "/", headers, ours.pid, client);
    rows.push({ ...client, nginx: Math.round(yardstick.requestsPerSecond), site: Math.round(site.requestsPerSecond) });
  }
  return rows;
}

/**
 * What Node gets from the machine's cores: the bare node:http server on `/` (br) as one process
 * and as one process per core sharing a port (SO_REUSEPORT), beside nginx.
 * @param {string} dir
 * @param {Target} nginx
 */
async function nodeProcesses(dir, nginx) {
  const headers = { "accept-encoding": "br, gzip" };
  const port = await freePort();
  const count = os.cpus().length;
  /** @type {Target[]} */
  const started = [];
  try {
    started.push(await startBareServer(dir, port));
    const url = `http://127.0.0.1:${port}/`;
    const one = await load(url, headers, started[0]?.pid);
    for (let i = 1; i < count; i++) started.push(await startBareServer(dir, port));
    const all = await load(url, headers, started[0]?.pid);
    const yardstick = await load(nginx.url("/"), headers, nginx.pid);
    return {
      processes: count,
      oneProcess: Math.round(one.requestsPerSecond),
      allProcesses: Math.round(all.requestsPerSecond),
      nginx: Math.round(yardstick.requestsPerSecond),
    };
  } finally {
    for (const server of started) server.stop();
  }
}

/**
 * A bare node:http server (bench/bare-server.mjs) in its own process, answering from `dir`; on
 * `port` with SO_REUSEPORT when given.
 * @param {string} dir
 * @param {number} [port]
 * @returns {Promise<Target>}
 */
function startBareServer(dir, port = 0) {
  const child = spawn(process.execPath, [path.join(root, "bench/bare-server.mjs"), dir, ...(port ? [String(port)] : [])], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  return new Promise((resolve, reject) => {
    child.once("message", (childPort) =>
      resolve({ pid: child.pid, url: (page) => `http://127.0.0.1:${childPort}${page}`, stop: () => child.kill() }),
    );
    child.once("exit", (code) => reject(new Error(`bare server exited with ${code}`)));
  });
}
const fileName = (/** @type {string} */ page) => `/${page === "/" ? "home" : page.slice(1).replaceAll("/", "-")}.html`;
const suffixOf = (/** @type {string} */ encoding) => (encoding === "br" ? ".br" : encoding === "gzip" ? ".gz" : "");
/** Headers of the connection, not of the answer: each server sends its own. */
const HOP_HEADERS = new Set(["date", "connection", "keep-alive", "x-request-id", "transfer-encoding"]);

/**
 * Saves what our server sends for each page in each encoding, after checking that every page
 * comes from memory and in the encoding asked for: as nginx's files (`www/x.html`,
 * `x.html.br`, `x.html.gz`) and, with its headers, as the bare server's answers (`pages.json`).
 * @param {string} baseUrl
 * @param {string} dir
 */
async function saveAnswers(baseUrl, dir) {
  fs.mkdirSync(path.join(dir, "www"), { recursive: true });
  /** @type {Record<string, Record<string, { file: string, headers: string[] }>>} */
  const manifest = {};
  for (const page of pages) {
    manifest[page] = {};
    for (const encoding of encodings) {
      /** @type {Record<string, string>} */
      const headers = encoding.acceptEncoding ? { "accept-encoding": encoding.acceptEncoding } : {};
      const reply = await rawGet(baseUrl + page, headers);
      if (reply.status !== 200 || reply.headers["x-page-cache"] !== "hit" || reply.headers["content-encoding"] !== encoding.expect) {
        throw new Error(
          `${page} (${encoding.name}): ${reply.status}, page cache ${reply.headers["x-page-cache"]}, encoding ${reply.headers["content-encoding"]}`,
        );
      }
      const file = path.join("www", fileName(page) + suffixOf(encoding.name));
      fs.writeFileSync(path.join(dir, file), reply.body);
      const answerHeaders = Object.entries(reply.headers).flatMap(([name, value]) => (HOP_HEADERS.has(name) ? [] : [name, String(value)]));
      manifest[page][encoding.name] = { file, headers: answerHeaders };
    }
  }
  fs.writeFileSync(path.join(dir, "pages.json"), JSON.stringify(manifest));
}

/**
 * nginx must send what our server sends: for each page and encoding, the same Content-Encoding
 * and the same bytes.
 * @param {string} baseUrl
 * @param {Target} nginx
 */
async function checkYardstick(baseUrl, nginx) {
  for (const page of pages) {
    for (const encoding of encodings) {
      /** @type {Record<string, string>} */
      const headers = encoding.acceptEncoding ? { "accept-encoding": encoding.acceptEncoding } : {};
      const [ours, theirs] = [await rawGet(baseUrl + page, headers), await rawGet(nginx.url(page), headers)];
      if (
        theirs.status !== 200 ||
        theirs.headers["content-encoding"] !== ours.headers["content-encoding"] ||
        !theirs.body.equals(ours.body)
      ) {
        throw new Error(
          `nginx does not send what we send for ${page} (${encoding.name}): ${theirs.status}, ${theirs.headers["content-encoding"]}, ${theirs.body.length} bytes`,
        );
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
      peakRss = Math.max(peakRss, appRss(server.pid));
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
      p99: result.latency.p99,
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
 * @property {Awaited<ReturnType<typeof clientCapacity>>} [clientCapacity]
 * @property {Awaited<ReturnType<typeof nodeProcesses>>} [nodeProcesses]
 * @property {{ nginx: string, workers: number }} [yardstick]
 * @property {ReturnType<typeof summarise>} [signup]
 * @property {{ idle: { serverRssMb: number, storedPageProcesses: number, storedPageProcessesRssMb: number, postgresRssMb: number }, underLoadPeakMb: number }} [rss]
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
/** @type {Target | undefined} */
let bare;
const answersDir = fs.mkdtempSync(path.join(os.tmpdir(), "nordlys-yardstick-"));
try {
  // Warm up (the first requests store the pages; JIT), then idle RSS.
  for (const page of pages)
    for (let i = 0; i < 20; i++) await (await fetch(server.baseUrl + page, { headers: { "accept-encoding": "br" } })).arrayBuffer();
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const helpers = storedPageProcessesOf(server.pid);
  const postgresRss = childPids(server.pid)
    .filter((pid) => !helpers.includes(pid))
    .reduce((sum, pid) => sum + (rssOf(pid) ?? 0), 0);
  const idle = {
    serverRssMb: mb(rssOf(server.pid) ?? 0),
    storedPageProcesses: helpers.length,
    storedPageProcessesRssMb: mb(helpers.reduce((sum, pid) => sum + (rssOf(pid) ?? 0), 0)),
    postgresRssMb: mb(postgresRss),
  };

  await saveAnswers(server.baseUrl, answersDir);
  const started = await startNginx(answersDir, tools);
  nginx = { pid: started.pid, url: (page) => `http://127.0.0.1:${started.port}${fileName(page)}`, stop: started.stop };
  await checkYardstick(server.baseUrl, nginx);
  bare = await startBareServer(answersDir);
  // nginx -v writes its version to stderr.
  results.yardstick = {
    nginx: spawnSync(tools.nginx, ["-v"], { encoding: "utf8" }).stderr.replace("nginx version:", "").trim(),
    workers: os.cpus().length,
  };

  say(`client capacity: nginx and ours on / (br) with 1 and ${threads} wrk threads...`);
  results.clientCapacity = await clientCapacity(server, nginx);
  results.nodeProcesses = await nodeProcesses(answersDir, nginx);
  say(
    `load: wrk, ${threads} threads, ${connections} connections, ${duration} s per run, median of ${runs} runs; nginx, ours and bare node:http in turns`,
  );
  results.pages = [];
  for (const page of pages) for (const encoding of encodings) results.pages.push(await measurePage(page, encoding, server, nginx, bare));
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
  bare?.stop();
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
    `nginx = ${results.yardstick?.nginx} (${results.yardstick?.workers} workers) sending the same bytes precompressed; ` +
    `bare = node:http answering from memory (bench/bare-server.mjs)`,
);
lines.push("");
lines.push(`${pad("client capacity (/, br)", 32)}${pad("nginx", 9)}ours`);
for (const row of results.clientCapacity ?? []) {
  lines.push(`${pad(`wrk -t${row.threads} -c${row.connections}`, 32)}${pad(row.nginx, 9)}${row.site}`);
}
if (results.nodeProcesses) {
  const { processes, oneProcess, allProcesses, nginx: yardstick } = results.nodeProcesses;
  lines.push(
    `bare node:http on / (br): ${oneProcess} req/s in one process, ${allProcesses} in ${processes} sharing the port (SO_REUSEPORT); nginx ${yardstick}`,
  );
}
lines.push("");
lines.push(
  `${pad("page", 22)}${pad("encoding", 10)}${pad("req/s", 9)}${pad("nginx", 9)}${pad("ratio", 8)}${pad("bare", 9)}${pad("bare/nginx", 12)}` +
    `${pad("p50 ms", 8)}${pad("p99 ms", 8)}${pad("nginx p50/p99", 15)}non-2xx/errors`,
);
for (const row of results.pages) {
  const missed = row.encoding !== "identity" && row.ratio < TARGETS.ratio ? "*" : "";
  lines.push(
    `${pad(row.page, 22)}${pad(row.encoding, 10)}${pad(row.site.requestsPerSecond, 9)}${pad(row.nginx.requestsPerSecond, 9)}${pad(row.ratio + missed, 8)}` +
      `${pad(row.bare.requestsPerSecond, 9)}${pad(row.bareRatio, 12)}${pad(row.site.p50Ms, 8)}${pad(row.site.p99Ms, 8)}` +
      `${pad(`${row.nginx.p50Ms}/${row.nginx.p99Ms}`, 15)}${row.site.non2xx}/${row.site.errors}`,
  );
}
lines.push(`* under the target ratio (>= ${TARGETS.ratio} of nginx with br and gzip)`);
lines.push(
  `${pad("POST /api/newsletter-subscribe", 32)}${pad(results.signup.requestsPerSecond, 9)}${pad("", 16)}${pad(results.signup.p50Ms, 8)}${pad(results.signup.p99Ms, 8)}  (autocannon)`,
);
lines.push("");
const encoded = results.pages.filter((row) => row.encoding !== "identity");
const lowest = encoded.reduce((min, row) => (row.ratio < min.ratio ? row : min));
const slowest = results.pages.reduce((max, row) => (row.site.p99Ms > max.site.p99Ms ? row : max));
lines.push(`lowest ratio to nginx with br or gzip: ${lowest.ratio} (${lowest.page}, ${lowest.encoding}; target >= ${TARGETS.ratio})`);
lines.push(`highest p99: ${slowest.site.p99Ms} ms (${slowest.page}, ${slowest.encoding}; target < ${TARGETS.p99Ms})`);
lines.push(
  `server RSS: ${results.rss.idle.serverRssMb} MB idle (target < ${TARGETS.idleRssMb}), its ${results.rss.idle.storedPageProcesses} stored-page process(es) ${results.rss.idle.storedPageProcessesRssMb} MB idle; the two together ${results.rss.underLoadPeakMb} MB peak under load; embedded PostgreSQL ${results.rss.idle.postgresRssMb} MB idle`,
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
