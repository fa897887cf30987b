import path from "node:path";
import { getEnv } from "../env";
import { resolveAppSecret, setAppSecret } from "../secret";
import { createDatabase, createPool, setDatabase } from "./client";
import { embeddedDbUrl, isProcessAlive, readEmbeddedDbInfo, startEmbeddedPostgres } from "./embedded";
import { runMigrations } from "./migrate";

/**
 * Database access for command-line tools (migrations, admin CLI). They work
 * while the server runs (connecting to the embedded server it recorded under
 * DATA_DIR), when it does not (starting the embedded server for the duration
 * of the command), and against DATABASE_URL.
 */
export async function withCliDatabase<T>(work: (url: string) => Promise<T>): Promise<T> {
  const env = getEnv();
  if (env.DATABASE_URL) return work(env.DATABASE_URL);

  const dataDir = path.resolve(env.DATA_DIR);
  const info = await readEmbeddedDbInfo(dataDir);
  if (info && info.ownerPid !== process.pid && isProcessAlive(info.ownerPid)) {
    return work(embeddedDbUrl(info, info.database));
  }
  const embedded = await startEmbeddedPostgres({ dataDir });
  try {
    return await work(embedded.url);
  } finally {
    await embedded.stop();
  }
}

/**
 * What a command-line tool that calls the app's operations needs: the app's secret (mail
 * counters and links are keyed with it) and its database, migrated and set as the app's for
 * the duration of `work`, on a pool of `poolSize` connections.
 */
export async function withCliApp<T>(work: () => Promise<T>, poolSize = 2): Promise<T> {
  const env = getEnv();
  setAppSecret(await resolveAppSecret({ configured: env.APP_SECRET, dataDir: path.resolve(env.DATA_DIR), isProduction: env.isProduction }));
  return withCliDatabase(async (url) => {
    await runMigrations(url);
    const pool = createPool(url, poolSize);
    setDatabase(createDatabase(pool));
    try {
      return await work();
    } finally {
      setDatabase(undefined);
      await pool.end();
    }
  });
}
