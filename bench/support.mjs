/**
 * Shared pieces of the benchmark scripts (npm run bench, npm run lighthouse):
 * a production server on a throw-away embedded database, stored news stories,
 * raw responses, the JavaScript a browser downloads for a page, and the
 * yardstick of `npm run bench`: Debian's nginx and wrk.
 */
import { execFile, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import pg from "pg";
import { SERVER_NODE_FLAGS } from "../server/node-flags.ts";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../tests/e2e/support/chromium.ts";
import { freePort } from "../tests/support/free-port.ts";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** @param {string} message */
export const say = (message) => process.stderr.write(`[bench] ${message}\n`);

/** @param {number[]} values @returns {number} NaN for no values */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  if (!sorted.length) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  const at = (/** @type {number} */ index) => /** @type {number} */ (sorted[index]);
  return sorted.length % 2 ? at(middle) : (at(middle - 1) + at(middle)) / 2;
}

/**
 * Resident set size of a process in bytes (Linux /proc), or null when it is gone.
 * @param {number | undefined} pid
 * @returns {number | null}
 */
export function rssOf(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? kb * 1024 : null;
  } catch {
    return null;
  }
}

/**
 * Starts `node server/main.ts` (the production build) on `port`. With no
 * `dataDir` a fresh folder is made (and removed by `stop()`); pass the same
 * `dataDir` again to start on an existing embedded database.
 * @param {{ port: number, dataDir?: string, env?: Record<string, string>, timeoutMs?: number }} options
 */
export async function startServer({ port, dataDir, env = {}, timeoutMs = 120_000 }) {
  const ownDataDir = !dataDir;
  const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "nordlys-bench-"));
  fs.chmodSync(dir, 0o755);
  const baseUrl = `http://127.0.0.1:${port}`;
  // No news feeds: a benchmark must not depend on (or wait for) the internet.
  const noFeeds = path.join(dir, "no-feeds.txt");
  fs.writeFileSync(noFeeds, "");
  const startedAt = performance.now();
  // The V8 heap settings `npm start` uses (server/node-flags.ts).
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, "server/main.ts"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: baseUrl,
      DATA_DIR: dir,
      LOG_LEVEL: "error",
      NEWS_FEEDS: noFeeds,
      ...env,
    },
  });
  const deadline = Date.now() + timeoutMs;
  /** @type {number | null} */
  let coldStartMs = null;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}.`);
    try {
      const response = await fetch(`${baseUrl}/`);
      await response.arrayBuffer();
      if (response.ok) {
        coldStartMs = performance.now() - startedAt;
        break;
      }
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  if (coldStartMs === null) {
    server.kill("SIGKILL");
    throw new Error(`The server did not answer within ${timeoutMs / 1000} s.`);
  }
  return {
    baseUrl,
    dataDir: dir,
    pid: server.pid,
    coldStartMs,
    async stop({ keepData = false } = {}) {
      if (server.exitCode === null) {
        server.kill("SIGTERM");
        await new Promise((resolve) => server.once("exit", resolve));
      }
      if (ownDataDir && !keepData) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A GET without automatic decompression: the bytes as sent, with the response headers.
 * @param {string} url
 * @param {Record<string, string>} [headers]
 * @returns {Promise<{ status: number | undefined, headers: import("node:http").IncomingHttpHeaders, body: Buffer }>}
 */
export function rawGet(url, headers = {}) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        /** @type {Buffer[]} */
        const chunks = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

/**
 * The JavaScript a real browser downloads for each page: Chromium (through
 * Playwright, CHROMIUM_PATH or /usr/bin/chromium) opens the page in a fresh
 * profile, waits until the network has been idle for 500 ms, and every
 * script response it received counts as gzip level 9 of its bytes.
 * @param {string} baseUrl
 * @param {string[]} pagePaths
 */
export async function browserJavaScript(baseUrl, pagePaths) {
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
  });
  const results = [];
  try {
    for (const pagePath of pagePaths) {
      const context = await browser.newContext();
      const page = await context.newPage();
      /** @type {Array<Promise<{ url: string, bytes: number, gzip: number } | null>>} */
      const pending = [];
      page.on("response", (response) => {
        if (response.request().resourceType() !== "script") return;
        pending.push(
          response.body().then(
            (body) => ({ url: new URL(response.url()).pathname, bytes: body.length, gzip: gzipSync(body, { level: 9 }).length }),
            () => null,
          ),
        );
      });
      const response = await page.goto(`${baseUrl}${pagePath}`, { waitUntil: "networkidle" });
      const files = (await Promise.all(pending)).filter((file) => file !== null).sort((a, b) => b.gzip - a.gzip);
      results.push({ path: pagePath, status: response?.status() ?? 0, gzip: files.reduce((sum, file) => sum + file.gzip, 0), files });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}

/**
 * Runs `work` with a client of the embedded database a running server recorded in its data folder.
 * @template T
 * @param {string} dataDir
 * @param {(client: pg.Client) => Promise<T>} work
 * @returns {Promise<T>}
 */
export async function withDatabase(dataDir, work) {
  const info = JSON.parse(fs.readFileSync(path.join(dataDir, "embedded-db.json"), "utf8"));
  const client = new pg.Client({
    connectionString: `postgres://${encodeURIComponent(info.user)}:${encodeURIComponent(info.password)}@127.0.0.1:${info.port}/${info.database}`,
  });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Stores `count` news stories in the embedded database of a running server
 * (as the half-hourly refresh would), so news pages are measured as visitors
 * see them rather than empty. The server does not notice (the stories skip the
 * refresh): start it again on the same data before measuring pages.
 * @param {string} dataDir
 */
export async function seedStories(dataDir, count = 20) {
  await withDatabase(dataDir, (client) =>
    client.query(
      `insert into ai_news (title, summary, full_content, source, source_url, published_at)
       select 'Open model release ' || n || ' narrows the gap on reasoning benchmarks',
         'A new open-weights model shows strong results on maths and code tasks while running on a single GPU, ' ||
           'and its authors publish the training recipe. Story ' || n || '.',
         '<p>' || repeat('The release includes weights, an evaluation harness and a report on data sources. ', 6) || '</p>' ||
           '<p>' || repeat('Independent testers found the gains hold on held-out tasks. ', 5) || '</p>',
         (array['AI Wire', 'Model Watch', 'Research Digest'])[1 + n % 3],
         'https://news.example/story-' || n,
         now() - (n * 17 || ' minutes')::interval
       from generate_series(1, $1::int) as n`,
      [count],
    ),
  );
}

/**
 * The Debian tools `npm run bench` measures with: nginx (nginx-light) with its brotli_static
 * module, and wrk. Missing ones are installed with apt-get (as root), as .ci/run installs
 * Chromium; NGINX_PATH and WRK_PATH name other binaries.
 * @returns {{ nginx: string, wrk: string, brotliModule: string }}
 */
export function debianTools() {
  const brotliModule = process.env.NGINX_BROTLI_MODULE || "/usr/lib/nginx/modules/ngx_http_brotli_static_module.so";
  const tools = { nginx: process.env.NGINX_PATH || "/usr/sbin/nginx", wrk: process.env.WRK_PATH || "/usr/bin/wrk", brotliModule };
  /** @type {string[]} */
  const missing = [];
  if (!fs.existsSync(tools.nginx)) missing.push("nginx-light");
  if (!fs.existsSync(brotliModule)) missing.push("libnginx-mod-http-brotli-static");
  if (!fs.existsSync(tools.wrk)) missing.push("wrk");
  if (missing.length) {
    if (process.getuid?.() !== 0)
      throw new Error(`npm run bench needs Debian's ${missing.join(", ")}: apt-get install ${missing.join(" ")}`);
    say(`installing Debian packages: ${missing.join(" ")}`);
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    execFileSync("apt-get", ["update", "-qq"], { stdio: ["ignore", "ignore", "inherit"], env });
    execFileSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", ...missing], {
      stdio: ["ignore", "ignore", "inherit"],
      env,
    });
  }
  return tools;
}

/**
 * nginx as a child process (not a daemon), with a configuration of its own in `dir` (pid file,
 * error log and temporary files there too), serving the files of `dir/www` as precompressed
 * sites are served: `brotli_static` and `gzip_static` send `x.html.br` or `x.html.gz` when the
 * client takes that encoding, `gzip_vary` adds `Vary: Accept-Encoding`; a worker per core,
 * keep-alive without a request limit, open files cached, no access log.
 * With `headers` (file path → header → value), each file is sent with those headers too, and
 * with a request id, as the app and the proxy in front of it send it.
 * @param {string} dir
 * @param {{ nginx: string, brotliModule: string }} tools
 * @param {Record<string, import("node:http").IncomingHttpHeaders>} [headers]
 */
export async function startNginx(dir, tools, headers = {}) {
  const port = await freePort();
  // Run by root, nginx's workers run as `nobody`: they must be able to read the files.
  for (const sub of ["tmp", "www"]) fs.mkdirSync(path.join(dir, sub), { recursive: true });
  for (const sub of [".", "www"]) fs.chmodSync(path.join(dir, sub), 0o755);
  const at = (/** @type {string} */ name) => path.join(dir, name);
  const config = `load_module ${tools.brotliModule};
daemon off;
master_process on;
worker_processes auto;
pid ${at("nginx.pid")};
error_log ${at("error.log")} warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${at("tmp/body")};
  proxy_temp_path ${at("tmp/proxy")};
  fastcgi_temp_path ${at("tmp/fastcgi")};
  uwsgi_temp_path ${at("tmp/uwsgi")};
  scgi_temp_path ${at("tmp/scgi")};
  types { text/html html; }
  default_type application/octet-stream;
  charset utf-8;
  sendfile on;
  tcp_nopush on;
  tcp_nodelay on;
  keepalive_timeout 65;
  keepalive_requests 1000000;
  open_file_cache max=1000 inactive=60s;
  open_file_cache_valid 60s;
  gzip off;
  gzip_static on;
  brotli_static on;
  gzip_vary on;
  server {
    listen 127.0.0.1:${port};
    root ${at("www")};
${Object.entries(headers)
  .map(([file, fields]) => {
    const lines = Object.entries(fields).map(([name, value]) => `add_header ${name} "${String(value).replace(/["\\]/g, "\\$&")}";`);
    return `    location = ${file} { ${[...lines, "add_header X-Request-Id $request_id;"].join(" ")} }`;
  })
  .join("\n")}
  }
}
`;
  fs.writeFileSync(at("nginx.conf"), config);
  const child = spawn(tools.nginx, ["-c", at("nginx.conf"), "-p", dir, "-e", at("error.log")], { stdio: ["ignore", "ignore", "inherit"] });
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}; see ${at("error.log")}`);
    try {
      await rawGet(`http://127.0.0.1:${port}/`);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error("nginx did not answer within 10 s");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    pid: child.pid,
    port,
    stop: async () => {
      if (child.exitCode !== null) return;
      // SIGQUIT: nginx's graceful stop (SIGTERM is its fast one; either ends the workers).
      child.kill("SIGQUIT");
      await new Promise((resolve) => child.once("exit", resolve));
    },
  };
}

/**
 * One wrk run with bench/latency.lua: requests/s, p50, p95 and p99 in ms, non-2xx/3xx answers and socket errors.
 * @param {string} wrkPath
 * @param {string} url
 * @param {{ threads: number, connections: number, duration: number, headers?: Record<string, string> }} options
 */
export function runWrk(wrkPath, url, { threads, connections, duration, headers = {} }) {
  const args = ["-t", String(threads), "-c", String(connections), "-d", `${duration}s`, "-s", path.join(root, "bench/latency.lua")];
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}: ${value}`);
  return new Promise((resolve, reject) => {
    execFile(wrkPath, [...args, url], { maxBuffer: 1024 * 1024 }, (error, stdout) => {
      if (error) return reject(error);
      const requestsPerSecond = Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1]);
      const percentile = (/** @type {string} */ p) =>
        Math.round(Number(new RegExp(`^percentile ${p} (\\d+)$`, "m").exec(stdout)?.[1]) / 10) / 100;
      const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout);
      if (!Number.isFinite(requestsPerSecond)) return reject(new Error(`wrk's output was not understood:\n${stdout}`));
      resolve({
        requestsPerSecond,
        p50: percentile("50"),
        p95: percentile("95"),
        p99: percentile("99"),
        non2xx: Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(stdout)?.[1] ?? 0),
        errors: socketErrors ? socketErrors.slice(1).reduce((sum, count) => sum + Number(count), 0) : 0,
      });
    });
  });
}
