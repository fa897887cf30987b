/**
 * `npm run newsletter:subscriber -- export --email a@b.c`  prints everything held about the address (JSON)
 * `npm run newsletter:subscriber -- erase --email a@b.c`   erases it (subscription, deliveries, queued mails)
 *
 * For GDPR access and erasure requests. Works while the server runs, when it
 * does not, and with DATABASE_URL.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { withCliDatabase } from "../app/.server/db/cli-database.ts";
import { createDatabase, createPool, setDatabase } from "../app/.server/db/client.ts";
import { runMigrations } from "../app/.server/db/migrate.ts";
import { getEnv } from "../app/.server/env.ts";
import { resolveAppSecret, setAppSecret } from "../app/.server/secret.ts";
import { eraseSubscriber, exportSubscriberData } from "../app/features/newsletter/subscriber-data.server.ts";

const usage = "Usage: npm run newsletter:subscriber -- export|erase --email someone@example.com";

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
      if (command === "export") {
        const data = await exportSubscriberData(email);
        if (!data) {
          process.stderr.write(`No newsletter subscriber with the address ${email}.\n`);
          process.exitCode = 1;
          return;
        }
        process.stdout.write(`${JSON.stringify(data, null, 2)}\n`);
      } else {
        const result = await eraseSubscriber(email);
        process.stdout.write(
          result.erased
            ? `Erased ${email} (subscription and delivery history; ${result.queuedMailsRemoved} queued mail(s) removed${
                result.personErased
                  ? "; nothing else was held, so the person is gone too"
                  : "; they also wrote to the studio: npm run inbox:person -- erase erases the rest"
              }).\n`
            : `No newsletter subscriber with the address ${email}; ${result.queuedMailsRemoved} queued mail(s) removed.\n`,
        );
      }
    } finally {
      await pool.end();
    }
  });
} catch (error) {
  process.stderr.write(`Failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
