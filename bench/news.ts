/**
 * npm run bench:news — how long a full news refresh takes.
 *
 * Serves 50 fixture feeds of 50 items each (RSS 2.0 with content:encoded)
 * from a local HTTP server, runs one full refresh into a fresh embedded
 * PostgreSQL, then a second refresh in which every feed answers 304.
 * Targets (docs/performance.md): full refresh under 5 s, all-304 refresh under 1 s.
 * No artificial delays are added by the fixture server.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createDatabase, createPool, setDatabase } from "~/.server/db/client.ts";
import { startEmbeddedPostgres } from "~/.server/db/embedded.ts";
import { runMigrations } from "~/.server/db/migrate.ts";
import { runNewsRefresh } from "~/features/news/fetch/refresh-news.server.ts";
import { createSafeFetcher } from "~/features/news/fetch/safe-fetch.server.ts";
import { rss2, serveFeed, startFixtureServer } from "../tests/fixtures/news/feed-server.ts";

const FEEDS = 50;
const ITEMS = 50;
const HOUR = 3_600_000;

const words = "model agent benchmark reasoning inference dataset training open weights research safety evaluation compute".split(" ");
const sentence = (seed: number, length: number) => Array.from({ length }, (_, i) => words[(seed * 7 + i * 3) % words.length]).join(" ");

function feedXml(feed: number): string {
  return rss2({
    title: `Bench Feed ${feed}`,
    link: `https://bench${feed}.example.com/`,
    items: Array.from({ length: ITEMS }, (_, item) => {
      const id = feed * 1000 + item;
      return {
        title: `Story ${id}: ${sentence(id, 6)}`,
        link: `https://bench${feed}.example.com/posts/${id}?utm_source=rss`,
        description: `${sentence(id, 20)}. ${sentence(id + 1, 18)}. ${sentence(id + 2, 25)}.`,
        content: `<p>${sentence(id, 40)}.</p><p onclick="x()">${sentence(id + 3, 60)} <a href="/more/${id}">more</a>.</p><script>evil()</script><p>${sentence(id + 5, 50)}.</p>`,
        date: new Date(Date.now() - (item + 1) * HOUR),
      };
    }),
  });
}

const say = (line: string) => process.stdout.write(`${line}\n`);

async function main() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "nordlys-bench-news-"));
  await fs.chmod(dataDir, 0o755);
  const postgres = await startEmbeddedPostgres({ dataDir });
  const server = await startFixtureServer();
  const pool = createPool(postgres.url, 10);
  try {
    await runMigrations(postgres.url);
    setDatabase(createDatabase(pool));
    for (let feed = 0; feed < FEEDS; feed++) server.route(`/feed-${feed}.xml`, serveFeed(feedXml(feed)));
    const feeds = Array.from({ length: FEEDS }, (_, feed) => ({ url: `${server.url}/feed-${feed}.xml` }));

    say(`News refresh benchmark: ${FEEDS} feeds x ${ITEMS} items from ${server.url} (one host: one request at a time)`);
    const fetcher = createSafeFetcher({ allowPrivate: true });
    const full = await runNewsRefresh({ feeds, fetcher });
    const stored = await pool.query<{ count: string }>("SELECT count(*) FROM ai_news");
    say(
      `Full refresh:     ${(full.durationMs / 1000).toFixed(2)} s  (${full.fetched} fetched, ${full.added} stories stored, ${stored.rows[0]?.count} rows)  target < 5 s`,
    );

    const second = await runNewsRefresh({ feeds, fetcher });
    say(
      `All-304 refresh:  ${(second.durationMs / 1000).toFixed(2)} s  (${second.notModified} not modified, ${second.added} added)  target < 1 s`,
    );
    await fetcher.close();

    const ok = full.durationMs < 5_000 && second.durationMs < 1_000 && second.notModified === FEEDS;
    say(ok ? "Both targets met." : "A target was missed.");
    process.exitCode = ok ? 0 : 1;
  } finally {
    setDatabase(undefined);
    await pool.end();
    await server.close();
    await postgres.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

await main();
