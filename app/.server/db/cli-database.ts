import path from "node:path";
import { getEnv } from "../env";
import { embeddedDbUrl, isProcessAlive, readEmbeddedDbInfo, startEmbeddedPostgres } from "./embedded";

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
