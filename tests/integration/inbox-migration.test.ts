import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createDatabase, createPool, setDatabase } from "~/.server/db/client";
import { runMigrations } from "~/.server/db/migrate";
import { resetEnvForTests } from "~/.server/env";
import { createFormStartToken, minFillMs } from "~/.server/form-traps";
import { setJobs, startJobs, type Jobs } from "~/.server/jobs";
import { sendMailJob } from "~/.server/mail";
import { setAppSecret } from "~/.server/secret";
import { quietLeadJob } from "~/features/chat/lead-notification.server";
import { handleFormAction } from "~/features/forms/form-action.server";
import { subscribeToNewsletter } from "~/features/newsletter/subscribe-to-newsletter.server";
import * as chatRoute from "~/routes/api/lead-chatbot";
import { adminQuery } from "../support/database";
import { requestContextFor, routeArgs } from "../support/route-args";
import { restoreEnvAfterAll } from "../support/process-env";

/**
 * Migration 0012 (the inbox) on a database that lived before it: a fresh PostgreSQL migrated
 * only up to 0011, the way the app's migrator does it (a copy of drizzle/ whose journal ends at
 * 0011), filled with the rows a running site has (chat leads, Anonymous ones, transcripts, held
 * items, the three forms, subscriptions in every state with deliveries, conversions; one person
 * writing their address differently in each source), then migrated to the latest. Nothing is
 * lost or changed but `person_id`, every address is one person, every lead and submission one
 * enquiry, no webhook event is made for history, and the search finds a word of a chat. Rows the
 * app writes afterwards, through its real operations, land on the same person.
 */
setAppSecret("inbox-migration-test-secret-".padEnd(40, "x"));

const root = path.resolve(import.meta.dirname, "../..");
const DAY = 24 * 3600 * 1000;
const now = Date.now();
const ago = (days: number) => new Date(now - days * DAY).toISOString();

let url: string;
let dbName: string;
let client: pg.Client;
let cutFolder: string;

/** drizzle/ as it was at migration `last`: its SQL files up to it, the journal cut after it. */
async function migrationsUpTo(last: number): Promise<string> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), "nordlys-migrations-"));
  const journal = JSON.parse(await fs.readFile(path.join(root, "drizzle/meta/_journal.json"), "utf8")) as {
    entries: Array<{ idx: number; tag: string }>;
  };
  const entries = journal.entries.filter((entry) => entry.idx <= last);
  expect(entries.at(-1)?.tag).toBe("0011_chat_replies");
  await fs.mkdir(path.join(folder, "meta"));
  await fs.writeFile(path.join(folder, "meta/_journal.json"), JSON.stringify({ ...journal, entries }));
  for (const entry of entries) await fs.copyFile(path.join(root, "drizzle", `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  return folder;
}

const PER = randomUUID();
const rows = {
  leads: [
    // Per, in the chat with a capital and spaces around; a transcript with a word only the chat has.
    {
      id: randomUUID(),
      name: "Per Persson",
      email: " Per@Example.com ",
      company: "Persson AB",
      message: null,
      conversation_id: PER,
      created_at: ago(40),
      transcript: ["Can you build a fjordwatcher for our ferries?", "Yes: tell me more."],
    },
    // Anonymous (no name), recent: still waiting.
    {
      id: randomUUID(),
      name: null,
      email: "anon@example.org",
      company: null,
      message: "Just curious",
      conversation_id: randomUUID(),
      created_at: ago(2),
      transcript: [],
    },
    {
      id: randomUUID(),
      name: null,
      email: "ANON@example.org",
      company: null,
      message: null,
      conversation_id: null,
      created_at: ago(1),
      transcript: ["hello"],
    },
    // Held for review (looked automated).
    {
      id: randomUUID(),
      name: "Bot",
      email: "bot@spam.test",
      company: null,
      message: "buy now",
      conversation_id: randomUUID(),
      created_at: ago(3),
      transcript: [],
      held_at: ago(3),
      hold_reason: "honeypot",
      fill_ms: 120,
    },
  ],
  submissions: [
    {
      id: randomUUID(),
      source: "apply",
      name: "Per Persson",
      email: "per@example.com",
      fields: { idea: "Ferry tracker", why: "Late ferries" },
      created_at: ago(30),
    },
    {
      id: randomUUID(),
      source: "mentoring",
      name: "Per P.",
      email: "PER@EXAMPLE.COM",
      fields: { message: "Learn evals" },
      created_at: ago(5),
    },
    {
      id: randomUUID(),
      source: "contact",
      name: "Kari Nordmann",
      email: "kari@example.no",
      fields: { message: "A quote, please" },
      created_at: ago(10),
    },
    {
      id: randomUUID(),
      source: "contact",
      name: "Held Kari",
      email: "kari@example.no ",
      fields: { message: "again" },
      created_at: ago(4),
      held_at: ago(4),
      hold_reason: "too-fast",
      fill_ms: 400,
    },
  ],
  subscriptions: [
    {
      id: randomUUID(),
      email: "per@example.com",
      confirmed: true,
      confirmed_at: ago(39),
      unsubscribed_at: null,
      bounced_at: null,
      source: "home",
      created_at: ago(39),
    },
    {
      id: randomUUID(),
      email: "pending@example.com",
      confirmed: false,
      confirmed_at: null,
      unsubscribed_at: null,
      bounced_at: null,
      source: "footer",
      created_at: ago(1),
    },
    {
      id: randomUUID(),
      email: "gone@example.com",
      confirmed: false,
      confirmed_at: null,
      unsubscribed_at: ago(6),
      bounced_at: null,
      source: "home",
      created_at: ago(20),
    },
    {
      id: randomUUID(),
      email: "bounce@example.com",
      confirmed: true,
      confirmed_at: ago(15),
      unsubscribed_at: null,
      bounced_at: ago(7),
      source: "ai-news",
      created_at: ago(15),
    },
  ],
};

/** Every row of the tables 0012 touches, without `person_id`, in a stable order. */
async function snapshot(): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of [
    "leads",
    "submissions",
    "newsletter_subscriptions",
    "newsletter_deliveries",
    "newsletter_issues",
    "analytics_conversions",
  ]) {
    const result = await client.query(`select to_jsonb(t) - 'person_id' as row from ${table} t order by to_jsonb(t) ->> 'id'`);
    out[table] = result.rows.map((row: { row: unknown }) => row.row);
  }
  return out;
}

/** A row's held_at, hold_reason and fill_ms, null where it was not held. */
const holdColumns = (row: { held_at?: string; hold_reason?: string; fill_ms?: number }) => [
  row.held_at ?? null,
  row.hold_reason ?? null,
  row.fill_ms ?? null,
];

let before: Record<string, unknown[]>;
let jobs: Jobs | undefined;
let pool: pg.Pool | undefined;
restoreEnvAfterAll();

beforeAll(async () => {
  dbName = `migration_${randomBytes(6).toString("hex")}`;
  await adminQuery(`CREATE DATABASE ${dbName}`);
  url = inject("postgresUrl").replace(/\/postgres$/, `/${dbName}`);
  cutFolder = await migrationsUpTo(11);
  await runMigrations(url, cutFolder);
  client = new pg.Client({ connectionString: url });
  await client.connect();

  const { rows: columns } = await client.query(
    `select 1 from information_schema.columns where table_name = 'leads' and column_name = 'person_id'`,
  );
  expect(columns).toHaveLength(0); // really the schema before the inbox

  for (const lead of rows.leads) {
    await client.query(
      `insert into leads (id, name, email, company, message, conversation_id, conversation_context, created_at, updated_at, held_at, hold_reason, fill_ms)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9, $10, $11)`,
      [
        lead.id,
        lead.name,
        lead.email,
        lead.company,
        lead.message,
        lead.conversation_id,
        JSON.stringify({ messages: lead.transcript.map((content, i) => ({ role: i % 2 === 0 ? "user" : "assistant", content })) }),
        lead.created_at,
        ...holdColumns(lead),
      ],
    );
  }
  for (const s of rows.submissions) {
    await client.query(
      `insert into submissions (id, source, name, email, fields, disclaimer_accepted, ip_hash, user_agent, created_at, held_at, hold_reason, fill_ms)
       values ($1, $2, $3, $4, $5, true, 'iphash', 'Mozilla/5.0', $6, $7, $8, $9)`,
      [s.id, s.source, s.name, s.email, JSON.stringify(s.fields), s.created_at, ...holdColumns(s)],
    );
  }
  for (const s of rows.subscriptions) {
    await client.query(
      `insert into newsletter_subscriptions (id, email, confirmed, confirmed_at, unsubscribed_at, bounced_at, source, created_at) values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [s.id, s.email, s.confirmed, s.confirmed_at, s.unsubscribed_at, s.bounced_at, s.source, s.created_at],
    );
  }
  const issue = await client.query<{ id: string }>(
    `insert into newsletter_issues (issue_date, status, subject, html, text, stories) values ('2026-11-01', 'sent', 'AI news', '<p>x</p>', 'x', '[]') returning id`,
  );
  const [per, , , bounce] = rows.subscriptions;
  await client.query(
    `insert into newsletter_deliveries (issue_id, subscription_id, status, attempts, sent_at, last_error) values
     ($1, $2, 'sent', 1, now(), null), ($1, $3, 'bounced', 1, null, '550 no such user'), ($1, $4, 'skipped', 0, null, null)`,
    [issue.rows[0]!.id, per!.id, bounce!.id, rows.subscriptions[2]!.id],
  );
  const conversion = `insert into analytics_conversions (kind, entity_id, occurred_at, day, entry_path, referrer_host, utm_source, utm_medium, utm_campaign, attributed_by)
    values ($1, $2, $3, ($3::timestamptz at time zone 'UTC')::date, '/services', 'www.google.com', 'google', 'cpc', 'autumn', 'visitor-key')`;
  await client.query(conversion, ["lead", rows.leads[0]!.id, rows.leads[0]!.created_at]);
  await client.query(conversion, ["apply", rows.submissions[0]!.id, rows.submissions[0]!.created_at]);
  await client.query(conversion, ["subscriber", per!.id, per!.created_at]);
  await client.query(conversion, ["newsletter-signup", per!.id, per!.created_at]);

  before = await snapshot();
  await runMigrations(url);
});

afterAll(async () => {
  await jobs?.stop();
  setJobs(undefined);
  setDatabase(undefined);
  await pool?.end();
  await client?.end();
  if (cutFolder) await fs.rm(cutFolder, { recursive: true, force: true });
  if (dbName) await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
});

describe("migrating a live database to the inbox", () => {
  it("keeps every row as it was, now with its person", async () => {
    expect(await snapshot()).toEqual(before);
    for (const table of ["leads", "submissions", "newsletter_subscriptions"]) {
      const { rows: unlinked } = await client.query(
        `select t.id from ${table} t left join people p on p.id = t.person_id where p.id is null or p.email_key <> lower(btrim(t.email))`,
      );
      expect(unlinked, table).toEqual([]);
    }
  });

  it("makes exactly one person per normalised address, with the latest spelling and name", async () => {
    const { rows: people } = await client.query<{ email_key: string; email: string; name: string | null; announced_at: Date | null }>(
      `select email_key, email, name, announced_at from people order by email_key`,
    );
    const addresses = new Set([...rows.leads, ...rows.submissions, ...rows.subscriptions].map((row) => row.email.trim().toLowerCase()));
    expect(people.map((p) => p.email_key)).toEqual([...addresses].sort());
    const per = people.find((p) => p.email_key === "per@example.com")!;
    expect(per).toMatchObject({ email: "PER@EXAMPLE.COM", name: "Per P." }); // the mentoring form, the newest
    expect(people.find((p) => p.email_key === "anon@example.org")!.name).toBeNull();
    // History is announced already: no person.created for people who wrote before the inbox.
    expect(people.every((p) => p.announced_at !== null)).toBe(true);
  });

  it("gives each lead and submission exactly one enquiry of the right kind and stage, held mirrored", async () => {
    const { rows: enquiries } = await client.query<{
      kind: string;
      source_id: string;
      stage: string;
      held_at: Date | null;
      created_at: Date;
      waiting_since: Date | null;
    }>(`select kind, source_id, stage, held_at, created_at, waiting_since from enquiries`);
    expect(enquiries).toHaveLength(rows.leads.length + rows.submissions.length);
    for (const lead of rows.leads) {
      const mine = enquiries.filter((e) => e.source_id === lead.id);
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ kind: "lead", stage: "new" });
      expect(mine[0]!.held_at?.toISOString() ?? null).toBe("held_at" in lead ? lead.held_at : null);
      expect(mine[0]!.created_at.toISOString()).toBe(lead.created_at);
    }
    for (const submission of rows.submissions) {
      const mine = enquiries.filter((e) => e.source_id === submission.id);
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ kind: submission.source, stage: submission.source === "mentoring" ? "requested" : "new" });
      expect(mine[0]!.held_at?.toISOString() ?? null).toBe("held_at" in submission ? submission.held_at : null);
    }
    // Only the last week's enquiries wait for an answer; older ones were answered outside the site.
    expect(enquiries.find((e) => e.source_id === rows.leads[0]!.id)!.waiting_since).toBeNull();
    expect(enquiries.find((e) => e.source_id === rows.leads[1]!.id)!.waiting_since).not.toBeNull();
  });

  it("writes no webhook event for history", async () => {
    const { rows: events } = await client.query(`select type from webhook_events`);
    expect(events).toEqual([]);
  });

  it("finds a person by a word of their chat transcript", async () => {
    const { rows: found } = await client.query<{ email_key: string }>(
      `select email_key from people where search_vector @@ to_tsquery('simple', $1)`,
      ["fjordwatch:*"],
    );
    expect(found.map((row) => row.email_key)).toEqual(["per@example.com"]);
  });
});

describe("after the migration", () => {
  beforeAll(async () => {
    Object.assign(process.env, {
      MAIL_TO_STUDIO: "studio@studio.test",
      MAIL_FROM: "Nordlys <studio@studio.test>",
      PUBLIC_URL: "https://nordlys.test",
    });
    resetEnvForTests();
    pool = createPool(url, 3);
    setDatabase(createDatabase(pool));
    // Mails are queued (the queues exist) but nothing is sent: no worker runs.
    jobs = await startJobs({ url, definitions: [sendMailJob, quietLeadJob], work: false, schedules: false });
    setJobs(jobs);
  });

  it("a form post, a chat capture and a newsletter sign-up land on the same person", async () => {
    const {
      rows: [per],
    } = await client.query<{ id: string }>(`select id from people where email_key = 'per@example.com'`);

    const form = await handleFormAction(
      "contact",
      new Request("http://localhost/contact", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "User-Agent": "migration-test" },
        body: new URLSearchParams({
          name: "Per Persson",
          email: "  per@EXAMPLE.com",
          message: "One more question",
          disclaimerAccepted: "on",
          website: "",
          formStartedAt: createFormStartToken(Date.now() - minFillMs() - 1000),
        }),
      }),
      requestContextFor("198.51.100.70"),
    );
    expect(form.data).toMatchObject({ outcome: "success" });

    const chat = await chatRoute.action(
      routeArgs(
        new Request("http://localhost/api/lead-chatbot", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({
            action: "capture_lead",
            userData: { name: "Per Persson", email: "Per@example.com" },
            messages: [],
            conversationId: randomUUID(),
            formStartedAt: createFormStartToken(Date.now() - minFillMs() - 2000),
            website: "",
          }),
        }),
        { clientIp: "198.51.100.71" },
      ),
    );
    expect(chat.status).toBe(200);

    expect(await subscribeToNewsletter({ email: "anon@example.org", source: "home", clientIp: "198.51.100.72" })).toEqual({
      status: "subscribed",
    });

    const { rows: perRows } = await client.query<{ kind: string; n: number }>(
      `select 'lead' as kind, count(*)::int as n from leads where person_id = $1
       union all select 'submission', count(*)::int from submissions where person_id = $1
       union all select 'enquiry', count(*)::int from enquiries where person_id = $1`,
      [per!.id],
    );
    expect(Object.fromEntries(perRows.map((row) => [row.kind, row.n]))).toEqual({ lead: 2, submission: 3, enquiry: 5 });
    const { rows: anon } = await client.query<{ same: boolean }>(
      `select s.person_id = (select person_id from leads where id = $1) as same from newsletter_subscriptions s where s.email = 'anon@example.org'`,
      [rows.leads[1]!.id],
    );
    expect(anon).toEqual([{ same: true }]);
    const { rows: people } = await client.query(`select email_key from people where email_key in ('per@example.com', 'anon@example.org')`);
    expect(people).toHaveLength(2);
    // New enquiries are announced as they come (the history was not).
    const { rows: events } = await client.query<{ type: string }>(`select type from webhook_events order by created_at`);
    expect(events.map((event) => event.type)).toEqual(["enquiry.created", "enquiry.created"]);
  });
});
