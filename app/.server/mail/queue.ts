import type { Db as IDatabase } from "pg-boss";
import { defineJob, getJobs } from "../jobs";
import { logger } from "../logger";
import { and, eq, lt, ne, or, sql } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { getDb } from "../db/client";
import { mailDeliveries, type MailDeliveryStatus } from "../db/tables";
import { getMailConfig } from "./config";
import { sendMailNow, type MailAddress, type MailMessage, type SentMail } from "./send-mail";

/** A Message-ID on the sender's domain: `<uuid@domain>`. */
function newMessageId(from: MailAddress): string {
  const address = typeof from === "string" ? from : from.address;
  const domain = /@([^>\s]+)>?\s*$/.exec(address)?.[1] ?? "localhost";
  return `<${randomUUID()}@${domain}>`;
}

/**
 * Mail goes out through the `send-mail` queue: the request that wants a mail
 * only inserts a job (fast, in the app's database), and a worker sends it.
 * When the SMTP server is slow or down, the attempt fails and pg-boss retries
 * with exponential backoff: about 10 s, 20 s, 40 s... then hourly, for
 * roughly half a day before the job is marked failed (and kept a week for review).
 */
export const SEND_MAIL_QUEUE = {
  retryLimit: 20,
  retryDelay: 10,
  retryBackoff: true,
  retryDelayMax: 3600,
  // One attempt can take at most this long before it counts as failed.
  expireInSeconds: 300,
  // Finished jobs (sent or finally failed) hold personal data: kept a week for troubleshooting, then deleted.
  deleteAfterSeconds: 7 * 24 * 3600,
} as const;

/** SMTP answers that retrying cannot fix: every recipient was refused permanently. */
function isPermanentFailure(error: unknown): boolean {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  return code === "EENVELOPE" && typeof responseCode === "number" && responseCode >= 550 && responseCode < 560;
}

/** The server's words for a failure: its SMTP answer when there is one ("550 5.1.1 <x>: User unknown"). */
function failureText(error: unknown): string {
  const { response, message } = (error ?? {}) as { response?: unknown; message?: unknown };
  const text = typeof response === "string" && response ? response : typeof message === "string" ? message : String(error);
  return text.replace(/\s+/g, " ").slice(0, 300);
}

/** Records what became of a queued mail (tables/mail.ts); a mail queued before Message-IDs were kept has no row. */
async function recordDelivery(messageId: string | undefined, status: MailDeliveryStatus, detail: string, attempts: number) {
  if (!messageId) return;
  await getDb()
    .update(mailDeliveries)
    .set({ status, detail, attempts, updatedAt: new Date() })
    .where(eq(mailDeliveries.messageId, messageId));
}

/**
 * How long a mail's fate is kept: a sent mail's row 180 days (after that its reply on the timeline
 * simply has no delivery line, as replies from before delivery tracking), any other (a refusal,
 * say) two years, as long as a reply's failure is worth showing. So the table stays bounded
 * whatever anonymous input makes the site send.
 */
export const MAIL_DELIVERY_KEEP_DAYS = { sent: 180, other: 730 } as const;

export async function pruneMailDeliveries(now = new Date()): Promise<number> {
  const before = (days: number) => new Date(now.getTime() - days * 86_400_000);
  const deleted = await getDb()
    .delete(mailDeliveries)
    .where(
      or(
        and(eq(mailDeliveries.status, "sent"), lt(mailDeliveries.updatedAt, before(MAIL_DELIVERY_KEEP_DAYS.sent))),
        and(ne(mailDeliveries.status, "sent"), lt(mailDeliveries.updatedAt, before(MAIL_DELIVERY_KEEP_DAYS.other))),
      ),
    )
    .returning({ id: sql`1` });
  if (deleted.length > 0) logger.info({ deleted: deleted.length }, "Mail deliveries pruned");
  return deleted.length;
}

export const pruneMailDeliveriesJob = defineJob({
  name: "mail-deliveries-prune",
  schedule: "41 3 * * *",
  handler: async () => {
    await pruneMailDeliveries();
  },
});

export const sendMailJob = defineJob<MailMessage>({
  name: "send-mail",
  queue: SEND_MAIL_QUEUE,
  concurrency: 2,
  pollingIntervalSeconds: 2,
  handler: async (message, job) => {
    const attempts = job.retryCount + 1;
    let sent: SentMail;
    try {
      sent = await sendMailNow(message);
    } catch (error) {
      if (isPermanentFailure(error)) {
        // Recorded and dropped: the recipient does not exist, another attempt would bounce again.
        logger.error({ err: error, tag: message.tag }, "Mail refused permanently by the SMTP server; not retrying");
        await recordDelivery(message.messageId, "failed", `Refused by the mail server: ${failureText(error)}`, attempts);
        return;
      }
      const last = job.retryCount >= SEND_MAIL_QUEUE.retryLimit;
      await recordDelivery(
        message.messageId,
        last ? "failed" : "retrying",
        last
          ? `Given up after ${attempts} attempts: ${failureText(error)}`
          : `Attempt ${attempts} failed, trying again: ${failureText(error)}`,
        attempts,
      ).catch(() => undefined);
      throw error;
    }
    await recordDelivery(message.messageId, "sent", sent.response.slice(0, 300), attempts);
  },
});

export type QueueMailOptions = {
  /**
   * Run the insert on this connection, inside the caller's transaction, so the
   * mail is queued if and only if the caller's own writes commit.
   */
  db?: IDatabase;
  /** Send no earlier than this. */
  startAfter?: Date;
};

/**
 * Queues a rendered message for sending; returns the job id as soon as the
 * job row is written. Never waits for SMTP.
 */
export async function queueMail(message: MailMessage, options: QueueMailOptions = {}): Promise<string> {
  if (!message.html || !message.text) throw new Error("A mail needs both an HTML and a plain-text part.");
  // Every queued mail has a Message-ID, under which its fate is kept (mail_deliveries).
  const messageId = message.messageId ?? newMessageId(message.from ?? getMailConfig().from);
  const insert = {
    text: "insert into mail_deliveries (message_id, tag, ref, status) values ($1, $2, $3, 'queued') on conflict (message_id) do nothing",
    values: [messageId, message.tag ?? "mail", message.ref ?? null],
  };
  if (options.db) await options.db.executeSql(insert.text, insert.values);
  else await getDb().$client.query(insert.text, insert.values);
  const id = await getJobs().send(
    sendMailJob,
    { ...message, messageId },
    {
      ...(options.db ? { db: options.db } : {}),
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
    },
  );
  if (!id) throw new Error("The mail could not be queued.");
  return id;
}
