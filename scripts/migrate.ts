/** `npm run db:migrate`: apply committed migrations (the server also does this at boot). */
import { withCliDatabase } from "../app/.server/db/cli-database.ts";
import { runMigrations } from "../app/.server/db/migrate.ts";

try {
  await withCliDatabase(runMigrations);
  process.stdout.write("Migrations applied.\n");
} catch (error) {
  process.stderr.write(`Migrations failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
