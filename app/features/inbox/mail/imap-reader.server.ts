import { eq } from "drizzle-orm";
import { ImapFlow } from "imapflow";
import pg from "pg";
import { getDb, isDatabaseUnavailable } from "~/.server/db/client";
import { imapState } from "~/.server/db/tables";
import { logger } from "~/.server/logger";
import { importMessage, type FetchedMessage, type ImportLimits } from "./import-mail.server";
import { recordMailboxChecked, recordMailboxFailing } from "./reader-status.server";

/**
 * The IMAP reader (docs/inbox.md, "Connecting the studio's mailbox"; decision 0182): a long-running
 * worker that copies new mail from the studio's mailbox into `inbox_mails`. It opens the folder
 * read-only (EXAMINE) and fetches with BODY.PEEK, so nothing in the mailbox changes: no \Seen, no
 * move, no delete. One instance reads at a time (a PostgreSQL advisory lock held on a connection of
 * its own); it waits for new mail with IDLE and also looks every `pollSeconds`, resuming from
 * `imap_state` after any restart.
 */
export type ImapReaderOptions = {
  imapUrl: string;
  databaseUrl: string;
  pollSeconds: number;
  limits: ImportLimits;
  /** Called after each pass over the mailbox (tests wait on it). */
  onSynced?: (stored: number) => void;
  /**
   * How long any IMAP command may go without a byte from the server before the connection is
   * given up (default: three polls, at least 15 s, at most 45 s), so a hung server shows within a
   * minute. IDLE is renewed more often than that, so a quiet healthy connection never trips it.
   */
  commandTimeoutMs?: number;
};

export type ImapReader = { stop(): Promise<void> };

/** The advisory lock key only one reader holds (any constant of our own: "nordlys imap" in ASCII). */
export const IMAP_READER_LOCK_KEY = 0x6e6f_7264_696d_6170n;

function connectionFrom(imapUrl: string) {
  const url = new URL(imapUrl);
  const secure = url.protocol === "imaps:";
  return {
    host: url.hostname.replace(/^\[|\]$/g, ""),
    port: url.port ? Number(url.port) : secure ? 993 : 143,
    secure,
    auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) },
    mailbox: decodeURIComponent(url.pathname.replace(/^\//, "")) || "INBOX",
  };
}

/** Where the IMAP_URL points, for logs: never the password. */
export function describeImapUrl(imapUrl: string): string {
  const { host, port, mailbox, auth } = connectionFrom(imapUrl);
  return `${auth.user}@${host}:${port}/${mailbox}`;
}

/** A pause of up to `ms` that `wake` ends early (new mail, a stop). */
function wakeablePause() {
  let wakeUp: (() => void) | undefined;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = undefined;
        resolve();
      }
      wakeUp = done;
    });
  return { pause, wake: () => wakeUp?.() };
}

function imapClient(connection: ReturnType<typeof connectionFrom>, pollMs: number, commandTimeoutMs: number): ImapFlow {
  const { mailbox: _mailbox, ...server } = connection;
  return new ImapFlow({
    ...server,
    logger: false,
    // IDLE is restarted well within the time-out, so a healthy quiet connection always has traffic.
    maxIdleTime: Math.min(pollMs, commandTimeoutMs / 3),
    connectionTimeout: commandTimeoutMs,
    greetingTimeout: commandTimeoutMs,
    socketTimeout: commandTimeoutMs,
  });
}

/** What the admin reads about a failure: the error's own words, never the IMAP_URL's password. */
function reasonOf(error: unknown): string {
  const { message, code } = (error ?? {}) as { message?: string; code?: string };
  if (code === "ETIMEOUT" || /timeout/i.test(message ?? "")) return "The mail server stopped answering (timed out).";
  if (code === "ECONNREFUSED") return "The mail server refused the connection.";
  if (code === "ENOTFOUND") return "The mail server's name was not found.";
  const authFailed = (error as { authenticationFailed?: boolean } | undefined)?.authenticationFailed;
  if (authFailed) return "The mail server refused the user name or password.";
  return message ? `The mailbox could not be read: ${message}` : "The mailbox could not be read.";
}

/** Imports a message; one that cannot be stored as read (not a database outage) is stored by its headers. */
async function importOrRecord(message: FetchedMessage, limits: ImportLimits): Promise<string> {
  try {
    return (await importMessage(message, limits)).status;
  } catch (error) {
    if (isDatabaseUnavailable(error) || !message.source) throw error;
    logger.error({ err: error, uid: message.uid }, "IMAP reader: a message could not be stored as read; storing its headers with a note");
    const end = message.source.indexOf("\r\n\r\n");
    const headers = message.source.subarray(0, end >= 0 ? end : Math.min(message.source.length, 64 * 1024));
    return (await importMessage({ ...message, source: undefined, headers, unreadable: true }, limits)).status;
  }
}

/** One look at the mailbox: every message after the last one stored, imported in UID order; how many were stored. */
async function syncOnce(client: ImapFlow, mailboxPath: string, limits: ImportLimits, isStopped: () => boolean): Promise<number> {
  // The server reports new messages in answer to a command (or during IDLE): without one, a
  // poll would go on seeing the message count of the last answer.
  await client.noop();
  const mailbox = client.mailbox;
  if (!mailbox) throw new Error("The mailbox is not open.");
  const uidValidity = Number(mailbox.uidValidity);
  const [state] = await getDb().select().from(imapState).where(eq(imapState.mailbox, mailboxPath));
  const lastUid = state && state.uidValidity === uidValidity ? state.lastUid : 0;
  if (state && state.uidValidity !== uidValidity) {
    logger.warn(
      { mailbox: mailboxPath, before: state.uidValidity, now: uidValidity },
      "IMAP reader: the mailbox's UIDVALIDITY changed; reading it again (mails already stored are recognised by Message-ID)",
    );
  }
  if (!mailbox.exists) return 0;
  const pending: Array<{ uid: number; size: number }> = [];
  for await (const message of client.fetch(`${lastUid + 1}:*`, { uid: true, size: true }, { uid: true })) {
    // `n:*` always names the newest message, even when its UID is below n.
    if (message.uid > lastUid) pending.push({ uid: message.uid, size: message.size ?? 0 });
  }
  pending.sort((a, b) => a.uid - b.uid);
  let stored = 0;
  for (const { uid, size } of pending) {
    if (isStopped()) break;
    const base = { mailbox: mailboxPath, uidValidity, uid, size };
    const tooBig = size > limits.maxMessageBytes;
    const fetched = await client.fetchOne(String(uid), tooBig ? { headers: true } : { source: true }, { uid: true });
    if (!fetched) continue; // deleted by someone else meanwhile
    const message: FetchedMessage = tooBig ? { ...base, headers: fetched.headers } : { ...base, source: fetched.source };
    const result = await importOrRecord(message, limits);
    if (result === "stored") stored += 1;
  }
  return stored;
}

export function startImapReader(options: ImapReaderOptions): ImapReader {
  let stopped = false;
  let imap: ImapFlow | undefined;
  const pollMs = options.pollSeconds * 1000;
  const commandTimeoutMs = options.commandTimeoutMs ?? Math.min(Math.max(pollMs * 3, 15_000), 45_000);
  const target = describeImapUrl(options.imapUrl);
  const { pause, wake } = wakeablePause();

  const loop = (async () => {
    let failures = 0;
    while (!stopped) {
      const lockClient = new pg.Client({
        connectionString: options.databaseUrl,
        application_name: "nordlys-site-imap-reader",
        connectionTimeoutMillis: 10_000,
      });
      let lockLost = false;
      lockClient.on("error", (error) => {
        lockLost = true;
        logger.warn({ err: error }, "IMAP reader: lost its database connection (and the reader's lock); reading stops until it reconnects");
        void imap?.logout().catch(() => undefined);
        wake();
      });
      try {
        await lockClient.connect();
        const { rows } = await lockClient.query<{ ok: boolean }>("select pg_try_advisory_lock($1::bigint) as ok", [
          IMAP_READER_LOCK_KEY.toString(),
        ]);
        if (!rows[0]?.ok) {
          logger.debug("IMAP reader: another instance reads the mailbox");
        } else {
          await readWhileLocked(() => lockLost);
          failures = 0;
        }
      } catch (error) {
        failures += 1;
        logger.warn({ err: error, imap: target, failures }, "IMAP reader: reading the mailbox failed; trying again");
        if (!lockLost) await recordMailboxFailing(reasonOf(error)).catch(() => undefined);
      } finally {
        await lockClient.end().catch(() => undefined);
      }
      if (!stopped) await pause(failures > 0 ? Math.min(pollMs, 5_000 * 2 ** Math.min(failures - 1, 4)) : pollMs);
    }
  })();

  /** Reads until the lock is lost or the connection fails; a failure is thrown as the connection's own error (a time-out, a reset) when it had one. */
  async function readWhileLocked(isLockLost: () => boolean) {
    let connectionError: unknown;
    try {
      await readOnConnection(isLockLost, (error) => (connectionError ??= error));
    } catch (error) {
      throw connectionError ?? error;
    }
  }

  async function readOnConnection(isLockLost: () => boolean, onConnectionError: (error: unknown) => void) {
    const connection = connectionFrom(options.imapUrl);
    const client = imapClient(connection, pollMs, commandTimeoutMs);
    imap = client;
    const closed = new Promise<void>((resolve) => client.once("close", () => resolve()));
    client.on("error", (error: unknown) => {
      onConnectionError(error);
      logger.warn({ err: error, imap: target }, "IMAP reader: connection error");
    });
    client.on("exists", () => wake());
    await client.connect();
    logger.info({ imap: target }, "IMAP reader: connected; reading new mail without changing the mailbox");
    // EXAMINE: the folder is opened read-only, so the server sets no flag, whatever is fetched.
    const lock = await client.getMailboxLock(connection.mailbox, { readOnly: true });
    try {
      while (!stopped && !isLockLost() && client.usable) {
        const stored = await syncOnce(client, connection.mailbox, options.limits, () => stopped);
        await recordMailboxChecked();
        logger[stored ? "info" : "debug"]({ imap: target, stored }, "IMAP reader: looked for new mail");
        options.onSynced?.(stored);
        if (stopped || isLockLost()) break;
        await Promise.race([pause(pollMs), closed]);
      }
    } finally {
      lock.release();
      await client.logout().catch(() => undefined);
      imap = undefined;
    }
    if (!stopped && !isLockLost()) throw new Error("The IMAP connection closed.");
  }

  return {
    async stop() {
      stopped = true;
      wake();
      await imap?.logout().catch(() => undefined);
      await loop;
    },
  };
}
