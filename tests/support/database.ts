import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { createDatabase, createPool, setDatabase, type Database } from "../../app/.server/db/client.ts";
import { forgetLiveContent } from "../../app/features/content/live.server.ts";

export const TEMPLATE_DATABASE = "nordlys_template";

export type TestDatabase = {
  /** Connection URL of this file's own database. */
  url: string;
  db: Database;
};

/** Runs `sql` on the test server's maintenance database ("postgres"): creating and dropping databases. */
export async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: inject("postgresUrl") });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A fresh, migrated database for this test file, also installed as the app's `getDb()`. */
export async function createTestDatabase(): Promise<TestDatabase & { drop: () => Promise<void> }> {
  const name = `test_${randomBytes(6).toString("hex")}`;
  await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`);
  const url = inject("postgresUrl").replace(/\/postgres$/, `/${name}`);
  const pool = createPool(url, 5);
  const db = createDatabase(pool);
  setDatabase(db);
  forgetLiveContent();
  return {
    url,
    db,
    drop: async () => {
      setDatabase(undefined);
      await pool.end();
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** Registers beforeAll/afterAll hooks; read `.current` inside tests. */
export function setupTestDatabase(): { current: TestDatabase } {
  const holder = {} as { current: TestDatabase };
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const created = await createTestDatabase();
    drop = created.drop;
    holder.current = created;
  });
  afterAll(async () => {
    await drop?.();
  });
  return holder;
}
