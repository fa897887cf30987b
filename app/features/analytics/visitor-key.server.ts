import { createHmac, createSecretKey, randomBytes, type KeyObject } from "node:crypto";
import { lt } from "drizzle-orm";
import { getDb } from "~/.server/db/client";
import { analyticsSalts } from "~/.server/db/tables";

/**
 * The cookieless visitor key (docs/analytics.md, "Privacy design"), as Plausible describes it:
 *
 *   key = HMAC-SHA256(salt of the UTC day, site host + client IP + user agent)
 *
 * One browser on one address gets the same key all day (unique visitors per day, and the
 * day's first page view as the entry page of any conversion), and a different key the next
 * day. Each day's salt is random, kept in PostgreSQL so that every instance computes the
 * same key, and deleted once the day is over: after that nobody, us included, can compute a
 * key again or tell that two days' keys belong to the same visitor. Neither the IP address
 * nor the user agent is stored.
 */

const cached = new Map<string, Promise<KeyObject>>();
let cachedFor: unknown;

/**
 * The salt of `day`, created on first use (every instance agrees: the first insert wins).
 * Kept in memory per process; the rows of past days are deleted by `deletePastSalts`.
 */
export function saltFor(day: string): Promise<KeyObject> {
  const db = getDb();
  if (cachedFor !== db) {
    cached.clear();
    cachedFor = db;
  }
  let salt = cached.get(day);
  if (!salt) {
    salt = loadOrCreateSalt(day);
    // A failed lookup (database down) is not remembered: the next call tries again.
    salt.catch(() => cached.delete(day));
    for (const other of cached.keys()) if (other < day) cached.delete(other);
    cached.set(day, salt);
  }
  return salt;
}

/**
 * One statement: the new salt if this call created it, else the stored one. Plain pg rather
 * than Drizzle, whose errors quote the parameters: a salt must never reach a log.
 */
async function loadOrCreateSalt(day: string): Promise<KeyObject> {
  const result = await getDb().$client.query<{ salt: string }>(
    `with inserted as (insert into analytics_salts (day, salt) values ($1, $2) on conflict do nothing returning salt)
     select salt from inserted union all select salt from analytics_salts where day = $1 limit 1`,
    [day, randomBytes(32).toString("base64")],
  );
  const row = result.rows[0];
  if (!row) throw new Error(`The analytics salt of ${day} vanished while it was created.`);
  // As a key object: an HMAC with it takes a tenth of the time an HMAC with raw bytes does.
  return createSecretKey(Buffer.from(row.salt, "base64"));
}

/** The visitor key (22 base64url characters, 132 bits). */
export function visitorKey(salt: KeyObject | Buffer, parts: { host: string; clientIp: string; userAgent: string }): string {
  return createHmac("sha256", salt).update(`${parts.host}\u0000${parts.clientIp}\u0000${parts.userAgent}`).digest("base64url").slice(0, 22);
}

/** Deletes the salts of days before `today` (and forgets them here); returns how many rows went. */
export async function deletePastSalts(today: string): Promise<number> {
  const deleted = await getDb().delete(analyticsSalts).where(lt(analyticsSalts.day, today)).returning({ day: analyticsSalts.day });
  for (const day of cached.keys()) if (day < today) cached.delete(day);
  return deleted.length;
}
