import { and, asc, eq, isNotNull, isNull, lt, ne, sql, inArray } from "drizzle-orm";
import { getDb } from "~/.server/db/client";
import { webhookDeliveries, webhookEndpoints, webhookEvents, type WebhookEventType } from "~/.server/db/tables";
import { withTransaction, type Transaction } from "~/.server/db/transaction";
import { getEnv } from "~/.server/env";
import { AppError } from "~/.server/errors";
import { defineJob, getJobs } from "~/.server/jobs";
import { logger } from "~/.server/logger";
import { NO_ENDPOINT, openWebhookSecret, webhookAddressFilter } from "./endpoints.server";
import { TEST_EVENT_TYPE } from "./event-types";
import { postWebhook } from "./post-webhook.server";
import { webhookHeaders } from "./signature.server";
import { toSlackMessage } from "./slack-message.server";

/**
 * Outbound webhooks (docs/inbox.md, "Webhooks"; docs/decisions/0183): the database triggers write
 * each event to `webhook_events` with the change; `fanOutWebhookEvents` turns each new event into
 * one `webhook_deliveries` row per enabled endpoint subscribed to its type, exactly once however
 * many instances run it (rows claimed with FOR UPDATE SKIP LOCKED, marked in the same
 * transaction); each delivery is then sent by its own job, retried with backoff for about 24 h.
 */

/** The body every endpoint of the Standard format gets; stored as the delivery's payload. */
export type WebhookEnvelope = { type: string; timestamp: string; data: Record<string, unknown> };

/**
 * Retries of one delivery: pg-boss waits retryDelay × 2^(n-1) to 2^n (random within) before retry
 * n, at most retryDelayMax. With 60 s, 3 h and 14 retries, the 15 attempts spread over about a day:
 * the first retries after 1-2 min, then 2-4, 4-8, 8-16, 16-32 min, 32-64 min, 1-2 h, 2-3 h, then
 * every 3 h; the last attempt comes 22 h 15 min to 25 h 14 min after the first (docs/inbox.md).
 */
export const WEBHOOK_RETRY = {
  retryLimit: 14,
  retryDelay: 60,
  retryBackoff: true,
  retryDelayMax: 3 * 3600,
  // One attempt takes at most 10 s (post-webhook.server.ts); this only catches a worker that died.
  expireInSeconds: 120,
  // Finished jobs: the delivery row keeps the log; the job is only kept a week for troubleshooting.
  deleteAfterSeconds: 7 * 24 * 3600,
} as const;

/** Deliveries and events older than this are deleted each night. */
export const WEBHOOK_RETENTION_DAYS = 30;

const FAN_OUT_BATCH = 100;

export const deliverWebhookJob = defineJob<{ deliveryId: string }>({
  name: "webhook-deliver",
  queue: WEBHOOK_RETRY,
  concurrency: 4,
  pollingIntervalSeconds: 1,
  handler: async ({ deliveryId }, job) => {
    const outcome = await attemptDelivery(deliveryId, { isLastAttempt: job.retryCount >= WEBHOOK_RETRY.retryLimit });
    // pg-boss schedules the next attempt when the handler throws; the row already says why.
    if (outcome.result === "retry") throw new Error(`Webhook delivery ${deliveryId}: ${outcome.error}; retrying`);
  },
});

/**
 * Runs on every working instance every 2 s (a cheap look at a partial index), and when sent.
 * Two instances never fan out one event twice: each claims its rows with SKIP LOCKED.
 */
export const webhookFanOutJob = defineJob<object>({
  name: "webhook-fan-out",
  localEverySeconds: () => 2,
  handler: async () => fanOutWebhookEvents(),
});

export const webhookPruneJob = defineJob<object>({
  name: "webhook-prune",
  schedule: "40 3 * * *",
  handler: async () => pruneWebhookData(),
});

async function queueDeliveries(tx: Transaction, ids: string[]): Promise<void> {
  for (const deliveryId of ids) await getJobs().send(deliverWebhookJob, { deliveryId }, { db: tx.jobsDb });
}

/** Fans out the events not yet fanned out; returns how many deliveries were created. */
export async function fanOutWebhookEvents(): Promise<number> {
  let created = 0;
  for (;;) {
    const batch = await withTransaction(async (tx) => {
      const events = await tx.db
        .select()
        .from(webhookEvents)
        .where(isNull(webhookEvents.fannedOutAt))
        .orderBy(asc(webhookEvents.createdAt))
        .limit(FAN_OUT_BATCH)
        .for("update", { skipLocked: true });
      if (events.length === 0) return { events: 0, deliveries: 0 };
      const endpoints = await tx.db
        .select({ id: webhookEndpoints.id, eventTypes: webhookEndpoints.eventTypes })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.enabled, true));
      const rows = events.flatMap((event) =>
        endpoints
          .filter((endpoint) => endpoint.eventTypes.includes(event.type))
          .map((endpoint) => ({
            endpointId: endpoint.id,
            eventId: event.id,
            eventType: event.type,
            payload: { type: event.type, timestamp: event.createdAt.toISOString(), data: event.payload } satisfies WebhookEnvelope,
          })),
      );
      const inserted = rows.length > 0 ? await tx.db.insert(webhookDeliveries).values(rows).returning({ id: webhookDeliveries.id }) : [];
      await queueDeliveries(
        tx,
        inserted.map((row) => row.id),
      );
      await tx.db
        .update(webhookEvents)
        .set({ fannedOutAt: sql`now()` })
        .where(
          inArray(
            webhookEvents.id,
            events.map((event) => event.id),
          ),
        );
      return { events: events.length, deliveries: inserted.length };
    });
    created += batch.deliveries;
    if (batch.events < FAN_OUT_BATCH) return created;
  }
}

/** The exact bytes sent: the Standard envelope, or the Slack preset's message. */
export function webhookBody(format: "standard" | "slack", envelope: WebhookEnvelope, siteUrl: string): string {
  if (format === "slack") return JSON.stringify(toSlackMessage(envelope.type, envelope.data, siteUrl));
  return JSON.stringify({ type: envelope.type, timestamp: envelope.timestamp, data: envelope.data });
}

export type AttemptOutcome = { result: "delivered" | "retry" | "failed" | "gone"; error: string | null };

/**
 * One attempt of one delivery; the row records it (status, response code, attempts, last error,
 * time). 2xx: delivered. 410: failed, and the endpoint is disabled. Anything else: another
 * attempt, unless this was the last.
 */
export async function attemptDelivery(deliveryId: string, { isLastAttempt }: { isLastAttempt: boolean }): Promise<AttemptOutcome> {
  const db = getDb();
  const [row] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, deliveryId));
  if (!row) return { result: "gone", error: null };
  const { delivery, endpoint } = row;
  if (!endpoint.enabled) {
    const error = "Not sent: the endpoint is disabled";
    await db.update(webhookDeliveries).set({ status: "failed", lastError: error }).where(eq(webhookDeliveries.id, deliveryId));
    return { result: "failed", error };
  }

  const secret = openWebhookSecret(endpoint.secret);
  if (!secret) {
    const error = "Not sent: the signing secret cannot be read (APP_SECRET has changed). Rotate the endpoint's secret.";
    await db.update(webhookDeliveries).set({ status: "failed", lastError: error }).where(eq(webhookDeliveries.id, deliveryId));
    return { result: "failed", error };
  }
  const env = getEnv();
  const body = webhookBody(endpoint.format, delivery.payload as WebhookEnvelope, env.PUBLIC_URL);
  const timestamp = Math.floor(Date.now() / 1000);
  const headers = {
    ...webhookHeaders(secret, delivery.id, timestamp, body),
    "user-agent": `NordlysWebhooks/1.0 (+${env.PUBLIC_URL})`,
  };
  const outcome = await postWebhook(endpoint.url, body, headers, {
    isAllowed: webhookAddressFilter(),
    guardKey: env.NEWS_ALLOW_PRIVATE_HOSTS ? "any" : "public",
  });

  const delivered = outcome.error === null;
  const gone = outcome.status === 410;
  const status = delivered ? "delivered" : gone || isLastAttempt ? "failed" : "pending";
  const error = gone ? "HTTP 410: the endpoint is gone; it was disabled" : outcome.error;
  await db
    .update(webhookDeliveries)
    .set({
      status,
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      responseStatus: outcome.status,
      lastError: error,
      lastAttemptAt: sql`now()`,
      ...(delivered ? { deliveredAt: sql`now()` } : {}),
    })
    .where(eq(webhookDeliveries.id, deliveryId));
  if (gone) {
    await db.update(webhookEndpoints).set({ enabled: false }).where(eq(webhookEndpoints.id, endpoint.id));
    logger.warn({ endpointId: endpoint.id, deliveryId }, "Webhook endpoint answered 410 Gone: disabled");
  }
  return { result: delivered ? "delivered" : status === "failed" ? "failed" : "retry", error };
}

/** Sends the delivery again with the same `webhook-id` (its own retries follow); not_found when it is gone. */
export async function replayWebhookDelivery(deliveryId: string): Promise<void> {
  return withTransaction(async (tx) => {
    const rows = await tx.db
      .update(webhookDeliveries)
      .set({ status: "pending" })
      .where(eq(webhookDeliveries.id, deliveryId))
      .returning({ id: webhookDeliveries.id });
    if (rows.length === 0) throw new AppError("not_found", NO_ENDPOINT);
    await queueDeliveries(tx, [deliveryId]);
  });
}

/** A `webhook.test` delivery to one endpoint (whatever its event types); not_found when there is no such endpoint. */
export async function sendWebhookTestEvent(endpointId: string): Promise<void> {
  return withTransaction(async (tx) => {
    const [endpoint] = await tx.db.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
    if (!endpoint) throw new AppError("not_found", NO_ENDPOINT);
    const envelope: WebhookEnvelope = {
      type: TEST_EVENT_TYPE,
      timestamp: new Date().toISOString(),
      data: { message: "A test event from the admin's webhook page.", endpointId },
    };
    const [row] = await tx.db
      .insert(webhookDeliveries)
      .values({ endpointId, eventType: TEST_EVENT_TYPE as WebhookEventType, payload: envelope })
      .returning({ id: webhookDeliveries.id });
    await queueDeliveries(tx, [row!.id]);
  });
}

/** Deletes finished deliveries and fanned-out events older than WEBHOOK_RETENTION_DAYS. */
export async function pruneWebhookData(now = new Date()): Promise<{ deliveries: number; events: number }> {
  const before = new Date(now.getTime() - WEBHOOK_RETENTION_DAYS * 24 * 3600 * 1000);
  const db = getDb();
  const deliveries = await db
    .delete(webhookDeliveries)
    .where(and(lt(webhookDeliveries.createdAt, before), ne(webhookDeliveries.status, "pending")))
    .returning({ id: webhookDeliveries.id });
  const events = await db
    .delete(webhookEvents)
    .where(and(lt(webhookEvents.createdAt, before), isNotNull(webhookEvents.fannedOutAt)))
    .returning({ id: webhookEvents.id });
  return { deliveries: deliveries.length, events: events.length };
}
