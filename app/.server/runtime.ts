import fs from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { setPasswordResetMailer, type PasswordResetMailer } from "./auth";
import { createDatabase, createPool, setDatabase, setJobDatabase, type Database } from "./db/client";
import { startEmbeddedPostgres, type EmbeddedDb } from "./db/embedded";
import { runMigrations } from "./db/migrate";
import { DiskWatch } from "./disk-space";
import { getEnv, type Env } from "./env";
import { setEmbeddedDbStatus } from "./health";
import { setJobs, startJobs, type JobDefinition, type Jobs } from "./jobs";
import { logger } from "./logger";
import { resolveAppSecret, setAppSecret } from "./secret";
import { runShutdownHooks } from "./shutdown-hooks";

/**
 * Everything the server needs besides HTTP: configuration, the database
 * (embedded or DATABASE_URL), migrations and the job queue. Started once per
 * process before the server listens; stopped after it has drained.
 */
export type Runtime = {
  env: Env;
  db: Database;
  jobs: Jobs;
  embedded?: EmbeddedDb;
  stop(): Promise<void>;
};

export class StartupError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "StartupError";
  }
}

function describeTarget(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`;
  } catch {
    return "the configured server";
  }
}

async function checkConnection(url: string, origin: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000, query_timeout: 5_000 });
  client.on("error", () => undefined); // the query in progress rejects with the same error
  try {
    await client.connect();
    await client.query("SELECT 1");
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new StartupError(`Cannot connect to the database at ${describeTarget(url)} (${origin}): ${reason}`, {
      cause: error,
    });
  } finally {
    await client.end().catch(() => undefined);
  }
}

const globalKey = Symbol.for("nordlys.runtime");
type GlobalWithRuntime = typeof globalThis & { [globalKey]?: Promise<Runtime> };

export type RuntimeOptions = {
  /** Every background job of the app (server/job-registry.ts): the platform does not know the features. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- jobs carry different data types
  jobs: JobDefinition<any>[];
  /** How an admin gets their password-reset link (the admin feature's mail, server/app.ts). */
  passwordResetMailer: PasswordResetMailer;
  /** Run job workers and schedules on this instance (false: only send jobs). */
  work?: boolean;
  /**
   * The embedded PostgreSQL died and could not be started again (docs/decisions/0171): the
   * process entry stops in order and exits non-zero, so the process manager restarts it.
   */
  onDatabaseLost?: (error: Error) => void;
};

/** Starts the runtime once per process (the dev server reloads modules; this survives that). */
export function startRuntime(options: RuntimeOptions): Promise<Runtime> {
  const holder = globalThis as GlobalWithRuntime;
  holder[globalKey] ??= createRuntime(options).catch((error: unknown) => {
    delete holder[globalKey];
    throw error;
  });
  return holder[globalKey];
}

async function createRuntime({ jobs: jobDefinitions, passwordResetMailer, work = true, onDatabaseLost }: RuntimeOptions): Promise<Runtime> {
  const env = getEnv();
  setPasswordResetMailer(passwordResetMailer);
  const dataDir = path.resolve(env.DATA_DIR);
  await fs.mkdir(dataDir, { recursive: true });
  setAppSecret(await resolveAppSecret({ configured: env.APP_SECRET, dataDir, isProduction: env.isProduction }));

  let embedded: EmbeddedDb | undefined;
  let diskWatch: DiskWatch | undefined;
  let url = env.DATABASE_URL;
  if (!url) {
    const started = Date.now();
    // Free space is ours to watch only where our own database writes (docs/decisions/0171).
    const watch = new DiskWatch({
      dataDir,
      lowBytes: env.DISK_LOW_MB * 1024 * 1024,
      reserveBytes: env.DISK_RESERVE_MB * 1024 * 1024,
      intervalMs: env.DISK_CHECK_SECONDS * 1000,
    });
    diskWatch = watch;
    await watch.beforeDatabaseStart();
    embedded = await startEmbeddedPostgres({
      dataDir,
      onLog: (line) => logger.debug({ postgres: line }, "embedded postgres"),
      beforeStart: (clusterDir) => watch.beforeDatabaseStart(clusterDir),
      restartAttempts: env.EMBEDDED_DB_RESTART_ATTEMPTS,
      onGiveUp: (error) => onDatabaseLost?.(error),
    });
    setEmbeddedDbStatus(embedded.status);
    await watch.start();
    url = embedded.url;
    logger.info(
      { port: embedded.info.port, clusterDir: embedded.info.clusterDir, ms: Date.now() - started },
      "Embedded PostgreSQL started",
    );
  }

  const cleanup: Array<() => Promise<void>> = [];
  try {
    if (embedded) cleanup.unshift(embedded.stop);
    if (diskWatch) cleanup.unshift(() => diskWatch.stop());
    await checkConnection(url, embedded ? "embedded" : "DATABASE_URL");
    await runMigrations(url);

    // Time limits on every wait (docs/decisions/0170-database-faults-and-time-limits.md): short
    // for web requests, a longer statement limit on the jobs' own pool.
    const connectTimeoutMs = env.DATABASE_CONNECT_TIMEOUT_MS;
    const pool = createPool(url, 10, { statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS, connectTimeoutMs });
    cleanup.unshift(() => pool.end());
    const db = createDatabase(pool);
    setDatabase(db);
    const jobLimits = { statementTimeoutMs: env.DATABASE_JOB_STATEMENT_TIMEOUT_MS, connectTimeoutMs };
    const jobPool = createPool(url, 4, jobLimits, "nordlys-site-job-queries");
    cleanup.unshift(() => jobPool.end());
    setJobDatabase(createDatabase(jobPool));

    const jobs = await startJobs({ url, definitions: jobDefinitions, work, schedules: env.JOB_SCHEDULES, limits: jobLimits });
    cleanup.unshift(jobs.stop);
    setJobs(jobs);

    // Runs first on stop: work that still needs the database (the analytics buffer's last batch).
    cleanup.unshift(runShutdownHooks);

    let stopping: Promise<void> | undefined;
    return {
      env,
      db,
      jobs,
      embedded,
      stop: () => {
        stopping ??= (async () => {
          for (const step of cleanup) {
            await step().catch((error: unknown) => logger.error({ err: error }, "Error while stopping"));
          }
          setJobs(undefined);
          setPasswordResetMailer(undefined);
          setDatabase(undefined);
          setEmbeddedDbStatus(undefined);
          setJobDatabase(undefined);
          delete (globalThis as GlobalWithRuntime)[globalKey];
        })();
        return stopping;
      },
    };
  } catch (error) {
    for (const step of cleanup) await step().catch(() => undefined);
    throw error;
  }
}
