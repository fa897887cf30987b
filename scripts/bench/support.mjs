/**
 * Shared pieces of the benchmark scripts (npm run bench, npm run lighthouse):
 * a production server on a throw-away embedded database, and the JavaScript a
 * page loads (every script and modulepreload in its server-rendered HTML).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import pg from "pg";
import { deferredScripts } from "../../app/.server/defer-hydration.ts";
import { SERVER_NODE_FLAGS } from "../../server/node-flags.ts";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export const say = (message) => process.stderr.write(`[bench] ${message}\n`);

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  if (!sorted.length) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Resident set size of a process in bytes (Linux /proc), or null when it is gone. */
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
 */
export async function startServer({ port, dataDir, env = {}, timeoutMs = 120_000 } = {}) {
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

/** The script URLs a page's server-rendered HTML makes the browser load (module scripts and modulepreloads). */
export function scriptUrls(page) {
  // The page's modules are listed in the script that fetches them after the first paint.
  const deferred = deferredScripts(page);
  const html = deferred ? `${page}${deferred.preloads}${deferred.code}` : page;
  const urls = new Set();
  for (const match of html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*>/g)) {
    const href = /href="([^"]+)"/.exec(match[0])?.[1];
    if (href) urls.add(href);
  }
  for (const match of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) urls.add(match[1]);
  // React Router's hydration script imports the manifest, the entry and the route modules.
  for (const match of html.matchAll(/import\s*(?:\*\s*as\s*\w+\s*from\s*)?["'](\/assets\/[^"']+\.js)["']/g)) urls.add(match[1]);
  return [...urls];
}

/** Gzip (level 9) bytes of every script a page loads, with the per-file breakdown. */
export async function pageJavaScript(baseUrl, pagePath) {
  const response = await fetch(`${baseUrl}${pagePath}`);
  const html = await response.text();
  const files = [];
  for (const url of scriptUrls(html)) {
    const body = Buffer.from(await (await fetch(new URL(url, baseUrl))).arrayBuffer());
    files.push({ url, bytes: body.length, gzip: gzipSync(body, { level: 9 }).length });
  }
  files.sort((a, b) => b.gzip - a.gzip);
  return { path: pagePath, status: response.status, gzip: files.reduce((sum, file) => sum + file.gzip, 0), files };
}

/**
 * Stores `count` news stories in the embedded database of a running server
 * (as the half-hourly refresh would), so news pages are measured as visitors
 * see them rather than empty. Call it before the first page request: pages are
 * cached for 30 s.
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
