/**
 * Shared pieces of the benchmark scripts (npm run bench, npm run lighthouse):
 * a production server on a throw-away embedded database, stored news stories,
 * raw responses, and the JavaScript a browser downloads for a page.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import pg from "pg";
import { SERVER_NODE_FLAGS } from "../server/node-flags.ts";

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
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run", "--disable-background-networking"],
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
 * Stores `count` news stories in the embedded database of a running server
 * (as the half-hourly refresh would), so news pages are measured as visitors
 * see them rather than empty. The server does not notice (the stories skip the
 * refresh): start it again on the same data before measuring pages.
 * @param {string} dataDir
 */
export async function seedStories(dataDir, count = 20) {
  const info = JSON.parse(fs.readFileSync(path.join(dataDir, "embedded-db.json"), "utf8"));
  const client = new pg.Client({
    connectionString: `postgres://${encodeURIComponent(info.user)}:${encodeURIComponent(info.password)}@127.0.0.1:${info.port}/${info.database}`,
  });
  await client.connect();
  try {
    await client.query(
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
    );
  } finally {
    await client.end();
  }
}
