import { execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";

/**
 * The backup check behind `npm run backup:check` (docs/deploy.md, "Backups";
 * docs/decisions/0091-backup-check-with-matching-pg-dump.md):
 *
 *   1. open a read-only REPEATABLE READ transaction on the database and export its snapshot;
 *   2. count the rows of every table in that snapshot;
 *   3. `pg_dump --format=custom --snapshot=<it>`: the dump holds exactly what was counted,
 *      even while the site keeps writing;
 *   4. `pg_restore` into a new, empty database on the same server;
 *   5. count the rows of every table there and compare: any difference, a missing or extra
 *      table, or a failing pg_dump/pg_restore fails the check.
 *
 * pg_dump must be at least the server's major version (it refuses newer servers): the
 * tools are taken from PG_BIN_DIR, else from PATH, and checked before anything runs.
 */

export type TableCount = { table: string; rows: number };
export type CountComparison = { table: string; source: number | null; restored: number | null; ok: boolean };

export class BackupCheckError extends Error {
  constructor(
    message: string,
    /** Exit code for the CLI: 2 = cannot run the check here, 1 = the check ran and failed. */
    readonly exitCode = 2,
  ) {
    super(message);
    this.name = "BackupCheckError";
  }
}

/** Lines up both sides' tables; a table on one side only is a difference. */
export function compareCounts(source: TableCount[], restored: TableCount[]): CountComparison[] {
  const before = new Map(source.map((entry) => [entry.table, entry.rows]));
  const after = new Map(restored.map((entry) => [entry.table, entry.rows]));
  const tables = [...new Set([...before.keys(), ...after.keys()])].sort();
  return tables.map((table) => {
    const a = before.get(table) ?? null;
    const b = after.get(table) ?? null;
    return { table, source: a, restored: b, ok: a !== null && a === b };
  });
}

/** A plain-text table for the terminal. */
export function formatComparison(rows: CountComparison[]): string {
  const cells = rows.map((row) => [
    row.table,
    String(row.source ?? "missing"),
    String(row.restored ?? "missing"),
    row.ok ? "ok" : "DIFFERENT",
  ]);
  const header = ["table", "source rows", "restored rows", "check"];
  const widths = header.map((title, i) => Math.max(title.length, ...cells.map((cell) => cell[i]!.length)));
  const line = (cell: string[]) =>
    cell
      .map((value, i) => (i === 1 || i === 2 ? value.padStart(widths[i]!) : value.padEnd(widths[i]!)))
      .join("  ")
      .trimEnd();
  return [line(header), widths.map((width) => "-".repeat(width)).join("  "), ...cells.map(line)].join("\n");
}

/** Names (tables, databases) cannot be query parameters: quoted by node-postgres instead. */
const quoteIdent = pg.escapeIdentifier;

/** Every ordinary and partitioned table outside the system schemas. */
async function listTables(client: pg.ClientBase): Promise<Array<{ schema: string; name: string }>> {
  const { rows } = await client.query<{ schema: string; name: string }>(`
    select n.nspname as schema, c.relname as name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p')
      and n.nspname not in ('pg_catalog', 'information_schema')
      and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'
    order by 1, 2`);
  return rows;
}

/** Exact row counts (count(*)) of every table, in the client's current transaction or snapshot. */
export async function countRows(client: pg.ClientBase): Promise<TableCount[]> {
  const counts: TableCount[] = [];
  for (const table of await listTables(client)) {
    const { rows } = await client.query<{ n: string }>(`select count(*) as n from ${quoteIdent(table.schema)}.${quoteIdent(table.name)}`);
    counts.push({ table: `${table.schema}.${table.name}`, rows: Number(rows[0]!.n) });
  }
  return counts;
}

export type PgTools = { pgDump: string; pgRestore: string; major: number; version: string };

function execText(file: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile(file, args, { timeout: 30_000 }, (error, stdout) => (error ? reject(error) : resolve(String(stdout).trim()))),
  );
}

/** pg_dump and pg_restore from `binDir` (PG_BIN_DIR), else from PATH, with pg_dump's major version. */
export async function findPgTools(binDir = process.env.PG_BIN_DIR): Promise<PgTools> {
  const pgDump = binDir ? path.join(binDir, "pg_dump") : "pg_dump";
  const pgRestore = binDir ? path.join(binDir, "pg_restore") : "pg_restore";
  let version: string;
  try {
    version = await execText(pgDump, ["--version"]);
    await execText(pgRestore, ["--version"]);
  } catch {
    throw new BackupCheckError(
      `pg_dump and pg_restore were not found${binDir ? ` in PG_BIN_DIR (${binDir})` : " on PATH"}. ` +
        "Install the PostgreSQL client tools of your server's major version (Debian/Ubuntu: postgresql-client-<major>, " +
        "from apt.postgresql.org for versions your release does not ship), or set PG_BIN_DIR to their folder.",
    );
  }
  const major = Number(/(\d+)(?:\.\d+)?/.exec(version.replace(/^[^\d]*/, ""))?.[1]);
  if (!Number.isInteger(major)) throw new BackupCheckError(`Cannot read the version of ${pgDump}: "${version}".`);
  return { pgDump, pgRestore, major, version };
}

/** Runs a PostgreSQL tool with the password in the environment (never on the command line). */
function runTool(file: string, args: string[], password: string | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      stdio: ["ignore", "ignore", "pipe"],
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}), LC_MESSAGES: "C" },
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("error", (error) => reject(new BackupCheckError(`${path.basename(file)} could not run: ${error.message}`)));
    child.once("exit", (code) =>
      code === 0
        ? resolve()
        : reject(new BackupCheckError(`${path.basename(file)} failed (exit ${code}):\n${stderr.trim().slice(-2_000)}`, 1)),
    );
  });
}

/** The URL without its password (the tools get it as PGPASSWORD), and the password. */
function splitPassword(url: string): { url: string; password: string | undefined } {
  const parsed = new URL(url);
  const password = parsed.password ? decodeURIComponent(parsed.password) : undefined;
  parsed.password = "";
  return { url: parsed.toString(), password };
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(database)}`;
  return parsed.toString();
}

export type BackupCheckOptions = {
  /** The database to check (DATABASE_URL). */
  url: string;
  tools?: PgTools;
  /** Keep the dump here (it is a usable backup); default: a temporary file, deleted. */
  dumpFile?: string;
  /** Keep the restored database instead of dropping it. */
  keepRestored?: boolean;
  log?: (line: string) => void;
};

export type BackupCheckResult = {
  ok: boolean;
  rows: CountComparison[];
  report: string;
  restoredDatabase: string;
  dumpBytes: number;
  seconds: { dump: number; restore: number; total: number };
};

export async function runBackupCheck(options: BackupCheckOptions): Promise<BackupCheckResult> {
  const log = options.log ?? (() => undefined);
  const started = performance.now();
  const tools = options.tools ?? (await findPgTools());
  const { url: urlNoPassword, password } = splitPassword(options.url);

  const source = new pg.Client({ connectionString: options.url, application_name: "nordlys-backup-check" });
  await source.connect();
  const admin = new pg.Client({ connectionString: options.url, application_name: "nordlys-backup-check" });
  const tmpDir = await fs.mkdtemp(path.join(os.tmpdir(), "nordlys-backup-check-"));
  const dumpFile = options.dumpFile ? path.resolve(options.dumpFile) : path.join(tmpDir, "database.dump");
  let restoredDatabase = "";
  let created = false;
  let adminConnected = false;
  try {
    const { rows: server } = await source.query<{ num: string; db: string }>(
      "select current_setting('server_version_num') as num, current_database() as db",
    );
    const serverMajor = Math.floor(Number(server[0]!.num) / 10_000);
    if (tools.major < serverMajor) {
      throw new BackupCheckError(
        `${tools.version} cannot dump a PostgreSQL ${serverMajor} server (pg_dump refuses servers newer than itself). ` +
          `Install the PostgreSQL ${serverMajor} client tools (Debian/Ubuntu: postgresql-client-${serverMajor} from apt.postgresql.org; ` +
          `or run the check in the postgres:${serverMajor} image) and point PG_BIN_DIR at them.`,
      );
    }
    const sourceDb = server[0]!.db;
    restoredDatabase = `${sourceDb}_restore_check_${randomBytes(4).toString("hex")}`.slice(0, 63);
    log(`Checking ${sourceDb} (PostgreSQL ${serverMajor}) with ${tools.version}`);

    // 1-2. One snapshot for the counts and the dump.
    await source.query("begin isolation level repeatable read read only");
    const { rows: snapshot } = await source.query<{ id: string }>("select pg_export_snapshot() as id");
    const sourceCounts = await countRows(source);

    // 3. The dump, from that snapshot.
    const dumpStarted = performance.now();
    await runTool(
      tools.pgDump,
      ["--format=custom", `--snapshot=${snapshot[0]!.id}`, `--file=${dumpFile}`, `--dbname=${urlNoPassword}`],
      password,
    );
    const dumpSeconds = (performance.now() - dumpStarted) / 1000;
    await source.query("commit");
    const dumpBytes = (await fs.stat(dumpFile)).size;
    log(`Dumped ${sourceCounts.length} tables to ${dumpFile} (${(dumpBytes / 1024).toFixed(0)} KiB) in ${dumpSeconds.toFixed(1)} s`);

    // 4. Restore into a new database on the same server.
    await admin.connect();
    adminConnected = true;
    await admin.query(`create database ${quoteIdent(restoredDatabase)}`);
    created = true;
    const restoreStarted = performance.now();
    await runTool(
      tools.pgRestore,
      ["--no-owner", "--no-privileges", "--exit-on-error", `--dbname=${withDatabase(urlNoPassword, restoredDatabase)}`, dumpFile],
      password,
    );
    const restoreSeconds = (performance.now() - restoreStarted) / 1000;
    log(`Restored into ${restoredDatabase} in ${restoreSeconds.toFixed(1)} s`);

    // 5. Compare.
    const restored = new pg.Client({
      connectionString: withDatabase(options.url, restoredDatabase),
      application_name: "nordlys-backup-check",
    });
    await restored.connect();
    let restoredCounts: TableCount[];
    try {
      restoredCounts = await countRows(restored);
    } finally {
      await restored.end();
    }
    const rows = compareCounts(sourceCounts, restoredCounts);
    return {
      ok: rows.every((row) => row.ok),
      rows,
      report: formatComparison(rows),
      restoredDatabase,
      dumpBytes,
      seconds: { dump: dumpSeconds, restore: restoreSeconds, total: (performance.now() - started) / 1000 },
    };
  } finally {
    await source.end().catch(() => undefined);
    if (created && !options.keepRestored) {
      await admin.query(`drop database if exists ${quoteIdent(restoredDatabase)} with (force)`).catch((error: Error) => {
        log(`Could not drop ${restoredDatabase}: ${error.message}`);
      });
    }
    if (adminConnected) await admin.end().catch(() => undefined);
    await fs.rm(tmpDir, { recursive: true, force: true });
  }
}
