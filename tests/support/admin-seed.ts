import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { embeddedDbUrl, readEmbeddedDbInfo } from "../../app/.server/db/embedded.ts";

/**
 * Test data for a running server's embedded database: admins through the real
 * `admin:create` CLI, everything else with plain SQL over the credentials the
 * server recorded in DATA_DIR/embedded-db.json. No test-only code in the app.
 */
const root = path.resolve(import.meta.dirname, "../..");
const run = promisify(execFile);

/** Through the real CLI: against the running server's embedded database, or `databaseUrl` when given. */
export async function createAdminWithCli(
  dataDir: string,
  email: string,
  password: string,
  databaseUrl = "",
  extraArgs: string[] = [],
): Promise<string> {
  const { stdout } = await run(
    process.execPath,
    [path.join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/admin-create.ts", "--email", email, "--password", password, ...extraArgs],
    { cwd: root, env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn", DATABASE_URL: databaseUrl }, timeout: 60_000 },
  );
  return stdout;
}

/** The one-time enrolment link `admin:create` printed for an account without two-factor (decision 0186). */
export function enrolmentLinkFrom(stdout: string): string {
  const link = /https?:\/\/\S+\/admin\/enrol\?token=\S+/.exec(stdout)?.[0];
  if (!link) throw new Error(`admin:create printed no enrolment link:\n${stdout}`);
  return link;
}

export async function withServerDatabase<T>(dataDir: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const info = await readEmbeddedDbInfo(dataDir);
  if (!info) throw new Error(`No embedded-db.json in ${dataDir}: is the server running?`);
  const client = new pg.Client({ connectionString: embeddedDbUrl(info, info.database) });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Takes the admin role away: the account stays, signed in but not allowed. */
export async function demoteUser(dataDir: string, email: string): Promise<void> {
  await withServerDatabase(dataDir, (client) =>
    client.query("delete from user_roles where user_id = (select id from users where email = $1)", [email.toLowerCase()]),
  );
}

export type SeedLead = {
  name?: string | null;
  email: string;
  company?: string | null;
  message?: string | null;
  messages?: Array<{ role: "user" | "assistant"; content: string }>;
};

export async function insertLead(dataDir: string, lead: SeedLead): Promise<string> {
  return withServerDatabase(dataDir, async (client) => {
    const result = await client.query<{ id: string }>(
      "insert into leads (name, email, company, message, conversation_context) values ($1, $2, $3, $4, $5) returning id",
      [lead.name ?? null, lead.email, lead.company ?? null, lead.message ?? null, JSON.stringify({ messages: lead.messages ?? [] })],
    );
    return result.rows[0]!.id;
  });
}
