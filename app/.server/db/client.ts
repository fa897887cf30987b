import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import { logger } from "../logger.ts";
import * as schema from "./schema/index.ts";

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };

export function createPool(url: string, max = 10): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    application_name: "nordlys-site",
  });
  // An idle client losing its connection (database restarted) must not crash the process. While
  // the pool ends (shutdown), clients still closing may hear the database stop: expected.
  pool.on("error", (error) => {
    if (pool.ending) logger.debug({ err: error }, "Database connection closed while stopping");
    else logger.warn({ err: error }, "Database connection lost; it reconnects on next use");
  });
  return pool;
}

export function createDatabase(pool: pg.Pool): Database {
  return drizzle({ client: pool, schema, casing: "snake_case" });
}

let current: Database | undefined;

/** Makes `db` the database every server operation uses (set by the runtime and by tests). */
export function setDatabase(database: Database | undefined): void {
  current = database;
}

/** The app's database. Throws when the runtime has not connected one. */
export function getDb(): Database {
  if (!current) throw new Error("The database is not connected yet (startRuntime() has not run).");
  return current;
}

/** Error codes of node-postgres/Postgres that mean "the database is not reachable right now". */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "ETIMEDOUT",
  "EPIPE",
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now
  "08000",
  "08001",
  "08003",
  "08006",
]);

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && UNAVAILABLE_CODES.has(code)) return true;
    const message = (e as { message?: unknown }).message;
    if (
      typeof message === "string" &&
      /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
        message,
      )
    ) {
      return true;
    }
  }
  return false;
}

/** Cheap liveness check used by /healthz. */
export async function pingDatabase(database: Database = getDb()): Promise<void> {
  await database.$client.query("SELECT 1");
}
