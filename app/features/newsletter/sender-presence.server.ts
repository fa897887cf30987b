import pg from "pg";
import { getDb } from "~/.server/db/client";
import { logger } from "~/.server/logger";

/**
 * Who is sending an issue right now, on any instance, without a heartbeat:
 * every run holds a shared PostgreSQL advisory lock on the issue for as long
 * as it runs, on a session of its own. PostgreSQL releases it when the run
 * ends or its process dies (the dead process's connections close, as its row
 * locks do), so "nobody holds it" means "no live sender"
 * (docs/decisions/0090-newsletter-survives-a-dead-instance.md).
 */
const KEY = "hashtextextended('nordlys:newsletter-issue:' || $1::text, 0)";

/**
 * Marks this run as a live sender of the issue of `issueDate` (YYYY-MM-DD; keyed
 * by date so the mark is taken before the issue row exists) until the
 * returned function is called.
 */
export async function holdSenderPresence(issueDate: string): Promise<() => Promise<void>> {
  const appPool = getDb().$client;
  const client = new pg.Client({ ...appPool.options, application_name: "nordlys-newsletter-presence" });
  client.on("error", (error) => logger.warn({ err: error }, "Newsletter sender: presence connection lost"));
  try {
    await client.connect();
    await client.query(`select pg_advisory_lock_shared(${KEY})`, [issueDate]);
  } catch (error) {
    // Sending goes on without it; at worst a watchdog starts a second, cooperating run.
    logger.warn({ err: error }, "Newsletter sender: could not mark the run as live");
    await client.end().catch(() => undefined);
    return async () => undefined;
  }
  return async () => {
    await client.end().catch(() => undefined);
  };
}

/** True while some run (on any instance) is sending the issue of `issueDate`. */
export async function isIssueBeingSent(issueDate: string): Promise<boolean> {
  const client = await getDb().$client.connect();
  try {
    const { rows } = await client.query<{ free: boolean }>(`select pg_try_advisory_lock(${KEY}) as free`, [issueDate]);
    if (!rows[0]?.free) return true;
    await client.query(`select pg_advisory_unlock(${KEY})`, [issueDate]);
    return false;
  } finally {
    client.release();
  }
}
