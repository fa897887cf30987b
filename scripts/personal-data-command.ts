import { parseArgs } from "node:util";
import { withCliApp } from "../app/.server/db/cli-database.ts";

/**
 * The `export|erase --email <address>` command line of a GDPR access and erasure tool: checks
 * the arguments (usage and exit code 2 when they are off), runs the command against the app's
 * database, and reports a failure with exit code 1.
 */
export async function runPersonalDataCommand(
  script: string,
  commands: Record<"export" | "erase", (email: string) => Promise<void>>,
): Promise<void> {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { email: { type: "string" } } });
  const command = positionals[0];
  const email = values.email?.trim();
  if ((command !== "export" && command !== "erase") || !email) {
    process.stderr.write(`Usage: npm run ${script} -- export|erase --email someone@example.com\n`);
    process.exit(2);
  }
  try {
    await withCliApp(() => commands[command](email));
  } catch (error) {
    process.stderr.write(`Failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
}

/** Says that the address is unknown, and makes the command exit with 1. */
export function unknownAddress(message: string): void {
  process.stderr.write(`${message}\n`);
  process.exitCode = 1;
}
