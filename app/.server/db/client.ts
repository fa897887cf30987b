import { AsyncLocalStorage } from "node:async_hooks";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import { logger } from "../logger";
import * as schema from "./tables/index";

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };

/**
 * How long one use of the database may wait (docs/decisions/0170-database-faults-and-time-limits.md).
 * Web requests get the short figures (DATABASE_STATEMENT_TIMEOUT_MS, DATABASE_CONNECT_TIMEOUT_MS),
 * jobs a longer statement limit (DATABASE_JOB_STATEMENT_TIMEOUT_MS).
 */
export type DatabaseLimits = {
  /** PostgreSQL cancels a statement running longer than this (statement_timeout). */
  statementTimeoutMs: number;
  /** Waiting for a pooled connection, or for a new one to be set up, fails after this. */
  connectTimeoutMs: number;
};

export const DEFAULT_DATABASE_LIMITS: DatabaseLimits = { statementTimeoutMs: 5_000, connectTimeoutMs: 5_000 };

/**
 * How much longer than statement_timeout the client itself waits for an answer: PostgreSQL enforces
 * statement_timeout, but a server that does not answer at all (stopped, or gone from the network
 * without closing the connection) cannot, so the client gives up this much later (query_timeout).
 */
const CLIENT_GRACE_MS = 1_000;

/** Connection settings that bound every wait on the database; spread into any pg Pool or Client. */
export function connectionLimits(limits: DatabaseLimits): pg.PoolConfig {
  return {
    connectionTimeoutMillis: limits.connectTimeoutMs,
    statement_timeout: limits.statementTimeoutMs,
    query_timeout: limits.statementTimeoutMs + CLIENT_GRACE_MS,
    // A connection whose peer vanished without a word (failover, cable) is noticed by TCP within about a minute.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  };
}

/**
 * Gives every client the pool creates an 'error' listener of its own, for its whole life. pg-pool
 * listens on idle clients only: a client that loses its connection while checked out (a transaction,
 * the analytics writer, the newsletter sender's workers) emits 'error' with nobody listening, and
 * Node ends the process. The failed query rejects all the same, so its caller still sees the error.
 */
export function handleClientErrors(pool: pg.Pool, label: string): pg.Pool {
  pool.on("connect", (client) => {
    client.on("error", (error) => {
      if (pool.ending) logger.debug({ err: error, pool: label }, "Database connection closed while stopping");
      else logger.warn({ err: error, pool: label }, "Database connection lost while in use; its work fails and the next use reconnects");
    });
  });
  // An idle client losing its connection (database restarted) is dropped by the pool. While the
  // pool ends (shutdown), clients still closing may hear the database stop: expected.
  pool.on("error", (error) => {
    if (pool.ending) logger.debug({ err: error, pool: label }, "Database connection closed while stopping");
    else logger.warn({ err: error, pool: label }, "Idle database connection lost; it reconnects on next use");
  });
  return pool;
}

export function createPool(
  url: string,
  max = 10,
  limits: DatabaseLimits = DEFAULT_DATABASE_LIMITS,
  applicationName = "nordlys-site",
): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: 30_000,
    application_name: applicationName,
    ...connectionLimits(limits),
  });
  return handleClientErrors(pool, applicationName);
}

export function createDatabase(pool: pg.Pool): Database {
  return drizzle({ client: pool, schema, casing: "snake_case" });
}

let current: Database | undefined;
let forJobs: Database | undefined;
const jobScope = new AsyncLocalStorage<true>();

/** Makes `db` the database every server operation uses (set by the runtime and by tests). */
export function setDatabase(database: Database | undefined): void {
  current = database;
}

/**
 * The database `getDb()` gives code running as a job (`runAsJob`): the same PostgreSQL on a pool of
 * its own with the longer job limits, so a slow job neither waits on nor starves web requests.
 */
export function setJobDatabase(database: Database | undefined): void {
  forJobs = database;
}

/** Runs `work` as a job: inside it, `getDb()` is the job database when one is set. */
export function runAsJob<T>(work: () => Promise<T>): Promise<T> {
  return jobScope.run(true, work);
}

/** The app's database. Throws when the runtime has not connected one. */
export function getDb(): Database {
  if (forJobs && jobScope.getStore()) return forJobs;
  if (!current) throw new Error("The database is not connected yet (startRuntime() has not run).");
  return current;
}

/**
 * Error codes of node-postgres/Postgres that mean "the database is not reachable right now", or
 * did not answer within the time limits (connectionLimits): worth another try in a moment.
 */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  "53100", // disk_full: the data volume is full until space is freed (docs/decisions/0171)
  "53300", // too_many_connections
  "57014", // query_canceled: statement_timeout
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
      /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout|Client was closed and is not queryable/i.test(
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
