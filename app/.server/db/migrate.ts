import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";

/** Any constant works: it only has to be the same for every instance of this app. */
const MIGRATION_LOCK_ID = 7_354_001;

function defaultMigrationsFolder(): string {
  // Every way of starting the app (npm scripts, server/main.ts, tests) runs
  // with the project root as the working directory.
  return path.resolve(process.cwd(), "drizzle");
}

/**
 * Applies the committed drizzle-kit migrations. Several instances may start at
 * once against one database: a session advisory lock lets one apply them while
 * the others wait, then find nothing left to do.
 */
export async function runMigrations(url: string, migrationsFolder = defaultMigrationsFolder()): Promise<void> {
  // No statement limit (a migration may take a while, and waiting for another instance's lock is
  // the point), but the connection is bounded and a lost one fails the start instead of the process.
  const client = new pg.Client({
    connectionString: url,
    application_name: "nordlys-site-migrate",
    connectionTimeoutMillis: 10_000,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  client.on("error", () => undefined); // the query in progress rejects with the same error
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    try {
      await migrate(drizzle({ client }), { migrationsFolder });
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]);
    }
  } finally {
    await client.end();
  }
}
