/**
 * `npm run inbox:person -- export --email a@b.c`  prints everything held about the person (JSON)
 * `npm run inbox:person -- erase --email a@b.c`   erases the person and everything of theirs
 *
 * For GDPR access and erasure requests (docs/inbox.md, "Personal data (export and erase)"). The
 * address is matched as the inbox matches people: trimmed, in any case. Works while the server
 * runs, when it does not, and with DATABASE_URL.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { withCliDatabase } from "../app/.server/db/cli-database.ts";
import { createDatabase, createPool, setDatabase } from "../app/.server/db/client.ts";
import { runMigrations } from "../app/.server/db/migrate.ts";
import { getEnv } from "../app/.server/env.ts";
import { resolveAppSecret, setAppSecret } from "../app/.server/secret.ts";
import { erasePerson, exportPersonData, findPersonIdByEmail } from "../app/features/inbox/person-data.server.ts";

const usage = "Usage: npm run inbox:person -- export|erase --email someone@example.com";

const { positionals, values } = parseArgs({ allowPositionals: true, options: { email: { type: "string" } } });
const command = positionals[0];
const email = values.email?.trim();
if ((command !== "export" && command !== "erase") || !email) {
  process.stderr.write(`${usage}\n`);
  process.exit(2);
}

try {
  // The erasure clears the hourly mail counters of the address, which are keyed with the app's secret.
  const env = getEnv();
  setAppSecret(await resolveAppSecret({ configured: env.APP_SECRET, dataDir: path.resolve(env.DATA_DIR), isProduction: env.isProduction }));
  await withCliDatabase(async (url) => {
    await runMigrations(url);
    const pool = createPool(url, 2);
    setDatabase(createDatabase(pool));
    try {
      const personId = await findPersonIdByEmail(email);
      if (!personId) {
        process.stderr.write(`Nobody with the address ${email}.\n`);
        process.exitCode = 1;
        return;
      }
      if (command === "export") {
        process.stdout.write(`${JSON.stringify(await exportPersonData(personId), null, 2)}\n`);
        return;
      }
      const counts = await erasePerson(personId, { user: { id: null, email: "command line (npm run inbox:person)" } });
      if (!counts) {
        process.stderr.write(`Nobody with the address ${email}.\n`);
        process.exitCode = 1;
        return;
      }
      const removed = Object.entries(counts)
        .filter(([, n]) => n > 0)
        .map(([what, n]) => `${n} ${what}`)
        .join(", ");
      process.stdout.write(`Erased ${email} (${removed || "the person only"}).\n`);
    } finally {
      await pool.end();
    }
  });
} catch (error) {
  process.stderr.write(`Failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
