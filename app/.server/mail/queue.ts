import type { Db as IDatabase } from "pg-boss";
import { defineJob, getJobs } from "../jobs";
import { logger } from "../logger";
import { sendMailNow, type MailMessage } from "./send-mail";

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

export const sendMailJob = defineJob<MailMessage>({
  name: "send-mail",
  queue: SEND_MAIL_QUEUE,
  concurrency: 2,
  pollingIntervalSeconds: 2,
  handler: async (message) => {
    try {
      await sendMailNow(message);
    } catch (error) {
      if (isPermanentFailure(error)) {
        // Logged and dropped: the recipient does not exist, another attempt would bounce again.
        logger.error({ err: error, tag: message.tag }, "Mail refused permanently by the SMTP server; not retrying");
        return;
      }
      throw error;
    }
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
  const id = await getJobs().send(sendMailJob, message, {
    ...(options.db ? { db: options.db } : {}),
    ...(options.startAfter ? { startAfter: options.startAfter } : {}),
  });
  if (!id) throw new Error("The mail could not be queued.");
  return id;
}
