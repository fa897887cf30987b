/**
 * `npm run backup:check`: dumps the database (pg_dump, custom format), restores
 * the dump into a new database on the same server, compares the row counts of
 * every table and prints them; exits 1 on any difference or failure, 2 when
 * the check cannot run here (no matching pg_dump). The restored database is
 * dropped afterwards.
 *
 *   npm run backup:check                              DATABASE_URL, or the embedded database under DATA_DIR
 *   npm run backup:check -- --file /srv/backups/x.dump   keep the dump: a checked backup
 *   npm run backup:check -- --keep                    keep the restored database too
 *
 * PG_BIN_DIR=/usr/lib/postgresql/18/bin picks the client tools (default: pg_dump on PATH).
 * See docs/deploy.md, "Backups".
 */
import { BackupCheckError, runBackupCheck } from "../app/.server/db/backup-check.ts";
import { withCliDatabase } from "../app/.server/db/cli-database.ts";

const args = process.argv.slice(2);
const fileIndex = args.indexOf("--file");
const dumpFile = fileIndex >= 0 ? args[fileIndex + 1] : undefined;
if (fileIndex >= 0 && !dumpFile) {
  process.stderr.write("--file needs a path.\n");
  process.exit(2);
}

try {
  const result = await withCliDatabase((url) =>
    runBackupCheck({ url, dumpFile, keepRestored: args.includes("--keep"), log: (line) => process.stdout.write(`${line}\n`) }),
  );
  process.stdout.write(`\n${result.report}\n\n`);
  const different = result.rows.filter((row) => !row.ok).length;
  if (result.ok) {
    process.stdout.write(
      `Backup check passed: ${result.rows.length} tables, the same row counts after restore ` +
        `(dump ${(result.dumpBytes / 1024).toFixed(0)} KiB in ${result.seconds.dump.toFixed(1)} s, ` +
        `restore ${result.seconds.restore.toFixed(1)} s, total ${result.seconds.total.toFixed(1)} s).\n`,
    );
  } else {
    process.stdout.write(`Backup check FAILED: ${different} of ${result.rows.length} tables differ after restore.\n`);
    process.exitCode = 1;
  }
  if (args.includes("--keep")) process.stdout.write(`The restored database is kept: ${result.restoredDatabase}\n`);
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`Backup check FAILED: ${message}\n`);
  process.exitCode = error instanceof BackupCheckError ? error.exitCode : 1;
}
