import { sql } from "drizzle-orm";
import { getDb } from "~/.server/db/client";
import { imapReaderStatus } from "~/.server/db/tables";
import { getEnv } from "~/.server/env";

/**
 * How the mailbox reader fares, for the inbox page and the dashboard (docs/inbox.md, "When the
 * mailbox fails"): the reader records each good look and each failure; every instance reads it.
 */

const ROW = 1;

/** A good look at the mailbox: whatever failed before is over. */
export async function recordMailboxChecked(at = new Date()): Promise<void> {
  await getDb()
    .insert(imapReaderStatus)
    .values({ id: ROW, checkedAt: at, failingSince: null, lastError: null, updatedAt: at })
    .onConflictDoUpdate({ target: imapReaderStatus.id, set: { checkedAt: at, failingSince: null, lastError: null, updatedAt: at } });
}

/** A failed look: failing since the first failure in a row, with the latest reason. */
export async function recordMailboxFailing(reason: string, at = new Date()): Promise<void> {
  const lastError = reason.slice(0, 300);
  await getDb()
    .insert(imapReaderStatus)
    .values({ id: ROW, failingSince: at, lastError, updatedAt: at })
    .onConflictDoUpdate({
      target: imapReaderStatus.id,
      set: { failingSince: sql`coalesce(${imapReaderStatus.failingSince}, ${at.toISOString()}::timestamptz)`, lastError, updatedAt: at },
    });
}

export type MailboxTrouble = { since: string | null; reason: string };

/**
 * What the admin should know about the mailbox, or null when all is well (or no mailbox is
 * connected): failing since when and why, or not looked at for longer than three polls and a
 * minute (a reader that stopped without a word).
 */
export async function mailboxTrouble(now = new Date()): Promise<MailboxTrouble | null> {
  const env = getEnv();
  if (!env.IMAP_URL) return null;
  const [row] = await getDb().select().from(imapReaderStatus);
  if (row?.failingSince) return { since: row.failingSince.toISOString(), reason: row.lastError ?? "The mailbox did not answer." };
  const staleAfterMs = env.IMAP_POLL_SECONDS * 3_000 + 60_000;
  const lastLook = row?.checkedAt ?? null;
  if (lastLook && now.getTime() - lastLook.getTime() <= staleAfterMs) return null;
  if (!lastLook) return null; // not read yet since it was connected: the first look is on its way
  return { since: lastLook.toISOString(), reason: "The mailbox has not been read since then." };
}
