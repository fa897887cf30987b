import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres, type EmbeddedDb } from "../../app/.server/db/embedded.ts";
import { createDatabase, createPool, setDatabase } from "../../app/.server/db/client.ts";
import { runMigrations } from "../../app/.server/db/migrate.ts";
import { importInitialContent } from "../../app/features/content/live.server.ts";
import { TEMPLATE_DATABASE } from "./database.ts";

/**
 * One embedded PostgreSQL for the whole test run, with a migrated template
 * database that holds the site's first content, as a first start leaves it. Each test file clones the template (CREATE DATABASE ... TEMPLATE),
 * which takes milliseconds, so files never see each other's rows.
 */
let server: EmbeddedDb | undefined;
let dataDir: string | undefined;

declare module "vitest" {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

export async function setup(project: TestProject) {
  // Under the system temp folder: as root, the postgres user must reach it.
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "nordlys-test-db-"));
  await fs.chmod(dataDir, 0o755);
  server = await startEmbeddedPostgres({ dataDir });
  const adminUrl = server.url.replace(/\/[^/]+$/, "/postgres");

  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE}`);
  await client.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  await client.end();
  const templateUrl = adminUrl.replace(/\/postgres$/, `/${TEMPLATE_DATABASE}`);
  await runMigrations(templateUrl);
  const pool = createPool(templateUrl, 1);
  setDatabase(createDatabase(pool));
  await importInitialContent();
  setDatabase(undefined);
  await pool.end();

  project.provide("postgresUrl", adminUrl);
}

export async function teardown() {
  await server?.stop();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
}
