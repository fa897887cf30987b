import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findPgTools, type PgTools } from "~/.server/db/backup-check";
import { createDatabase, createPool } from "~/.server/db/client";
import { startEmbeddedPostgres, type EmbeddedDb } from "~/.server/db/embedded";
import { runMigrations } from "~/.server/db/migrate";
import { aiNews, leads, newsletterSubscriptions } from "~/.server/db/tables";
import { startJobs } from "~/.server/jobs";
import { sendMailJob } from "~/.server/mail";
import { createTestDatabase } from "../support/database";
import { makeDataDir } from "../support/server-process";

/**
 * `npm run backup:check` end to end, as the CLI runs it: pg_dump (custom format) of a
 * database migrated and filled by the app (its tables, pg-boss's queue, drizzle's
 * migration log), pg_restore into a new database, row counts compared.
 *
 * pg_dump refuses servers newer than itself. The suite's embedded PostgreSQL is 18;
 * Debian 12 ships the PostgreSQL 15 tools (server and client, the same build). So the
 * check runs against a PostgreSQL server of pg_dump's own major version, started here
 * from that installation's binaries (docs/decisions/0091-backup-check-with-matching-pg-dump.md);
 * with pg_dump 18 or newer, against the suite's server.
 */
const root = path.resolve(import.meta.dirname, "../..");
let tools: PgTools;
let server: EmbeddedDb | undefined;
let dropSuiteDb: (() => Promise<void>) | undefined;
let url = "";
const dirs: string[] = [];

function runCheck(env: Record<string, string>, args: string[] = []): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/backup-check.ts", ...args],
      { cwd: root, env: { ...process.env, LOG_LEVEL: "warn", ...env }, timeout: 120_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` }),
    );
  });
}

/** A server pg_dump can dump: the suite's (pg_dump >= 18) or one of pg_dump's own version. */
async function startMatchingServer(): Promise<string> {
  if (tools.major >= 18) {
    const database = await createTestDatabase();
    dropSuiteDb = database.drop;
    return database.url;
  }
  const binDir = process.env.PG_BIN_DIR ?? `/usr/lib/postgresql/${tools.major}/bin`;
  const binaries = { initdb: path.join(binDir, "initdb"), postgres: path.join(binDir, "postgres") };
  for (const file of Object.values(binaries)) {
    await fs.access(file).catch(() => {
      throw new Error(
        `The backup check test needs a PostgreSQL ${tools.major} server beside pg_dump ${tools.major} (${file} is missing). ` +
          `Debian/Ubuntu: apt-get install postgresql-${tools.major} (npm test does this as root), or set PG_BIN_DIR.`,
      );
    });
  }
  const dataDir = await makeDataDir("nordlys-backup-pg-");
  dirs.push(dataDir);
  server = await startEmbeddedPostgres({ dataDir, binaries });
  return server.url;
}

beforeAll(async () => {
  tools = await findPgTools();
  url = await startMatchingServer();
  await runMigrations(url);

  // Rows in the app's tables...
  const pool = createPool(url, 2);
  const db = createDatabase(pool);
  await db.insert(aiNews).values(
    Array.from({ length: 40 }, (_, i) => ({
      title: `Backed-up story ${i}`,
      summary: `Summary ${i} with "quotes", a tab\tand a newline\nin it`,
      fullContent: "Full text ".repeat(50),
      source: "Example Wire",
      sourceUrl: `https://news.example/backup-${i}`,
      publishedAt: new Date(Date.now() - i * 60_000),
    })),
  );
  await db.insert(newsletterSubscriptions).values(
    Array.from({ length: 25 }, (_, i) => ({
      email: `reader${i}@example.test`,
      confirmed: i % 2 === 0,
      confirmedAt: i % 2 === 0 ? new Date() : null,
    })),
  );
  await db.insert(leads).values({ name: "Ada Lovelace", email: "ada@example.test", company: "Analytical Engines" });
  await pool.end();
  // ...and in pg-boss's, as a running app leaves them.
  const jobs = await startJobs({ url, definitions: [sendMailJob], work: false });
  for (let i = 0; i < 3; i++) await jobs.boss.send(sendMailJob.name, { to: `queued${i}@example.test` });
  await jobs.stop();
}, 120_000);

afterAll(async () => {
  await dropSuiteDb?.();
  await server?.stop();
  for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
});

describe("npm run backup:check", () => {
  it("dumps, restores into a new database and finds the same rows in every table", { timeout: 120_000 }, async () => {
    const dumpDir = await makeDataDir("nordlys-backup-file-");
    dirs.push(dumpDir);
    const dumpFile = path.join(dumpDir, "nordlys.dump");
    const { code, output } = await runCheck({ DATABASE_URL: url }, ["--file", dumpFile, "--keep"]);
    process.stdout.write(`[backup-check] output:\n${output}\n`);
    expect(code, output).toBe(0);
    expect(output).toMatch(/Backup check passed: \d+ tables, the same row counts after restore/);
    expect(output).toMatch(/public\.ai_news\s+40\s+40\s+ok/);
    expect(output).toMatch(/public\.newsletter_subscriptions\s+25\s+25\s+ok/);
    expect(output).toMatch(/public\.leads\s+1\s+1\s+ok/);
    expect(output).toMatch(/drizzle\.__drizzle_migrations\s+\d+\s+\d+\s+ok/);
    expect(output).toMatch(/pgboss\.job\b/);
    expect(output).not.toContain("DIFFERENT");

    // The kept dump is a real custom-format archive, and the restored copy holds the data itself.
    expect((await fs.readFile(dumpFile)).subarray(0, 5).toString()).toBe("PGDMP");
    const restoredName = /The restored database is kept: (\S+)/.exec(output)?.[1];
    expect(restoredName).toBeTruthy();
    const restoredUrl = new URL(url);
    restoredUrl.pathname = `/${restoredName}`;
    const client = new pg.Client({ connectionString: restoredUrl.toString() });
    await client.connect();
    try {
      const lead = await client.query("select name, email, company from leads");
      expect(lead.rows).toEqual([{ name: "Ada Lovelace", email: "ada@example.test", company: "Analytical Engines" }]);
      const story = await client.query("select summary from ai_news where title = 'Backed-up story 7'");
      expect(story.rows[0].summary).toBe('Summary 7 with "quotes", a tab\tand a newline\nin it');
    } finally {
      await client.end();
    }
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database "${restoredName}" with (force)`);
    await admin.end();
  });

  it("refuses, with the fix, a server newer than pg_dump", { timeout: 60_000 }, async (context) => {
    // Only where pg_dump is older than the suite's PostgreSQL 18 (Debian 12's is 15).
    if (tools.major >= 18) context.skip();
    const newer = await createTestDatabase();
    try {
      const { code, output } = await runCheck({ DATABASE_URL: newer.url });
      expect(code, output).toBe(2);
      expect(output).toContain(`cannot dump a PostgreSQL 18 server`);
      expect(output).toContain("postgresql-client-18");
      expect(output).not.toContain(new URL(newer.url).password);
    } finally {
      await newer.drop();
    }
  });
});
