import { and, desc, eq, inArray, like, sql } from "drizzle-orm";
import { addressFilter, checkHostResolves } from "~/.server/address-guard";
import { getDb } from "~/.server/db/client";
import { changeOneRow } from "~/.server/db/transaction";
import { AppError } from "~/.server/errors";
import { webhookDeliveries, webhookEndpoints, type WebhookDeliveryStatus, type WebhookFormat } from "~/.server/db/tables";
import { getEnv } from "~/.server/env";
import { logger } from "~/.server/logger";
import { openText, sealText } from "~/.server/sealed-text";
import { generateWebhookSecret } from "./signature.server";
import type { WebhookEndpointErrors, WebhookEndpointInput } from "./schema";

/** Endpoints of the outbound webhooks: saved, changed, deleted; the secret is shown once (docs/inbox.md, "Webhooks"). */

/** The guard for addresses admins type in (the news feeds' guard, docs/decisions/0030). */
export function webhookAddressFilter(): (address: string) => boolean {
  return addressFilter({ allowPrivate: getEnv().NEWS_ALLOW_PRIVATE_HOSTS });
}

/** Null when the URL may be saved; otherwise why not (a private or unknown host). */
export async function checkEndpointUrl(url: string): Promise<string | null> {
  return checkHostResolves(new URL(url), webhookAddressFilter());
}

/**
 * Signing secrets are stored sealed with the app's key, as the mentors' calendar passwords are
 * (app/.server/sealed-text.ts): a copy of the database alone cannot sign a webhook.
 */
const SECRET_PURPOSE = "webhook-signing-secret";
/** How a secret stored before sealing begins (Standard Webhooks' prefix). */
const PLAIN_SECRET_PREFIX = "whsec_";

/** The endpoint's signing secret from its stored value; null when APP_SECRET changed since (rotate it). */
export function openWebhookSecret(stored: string): string | null {
  return stored.startsWith(PLAIN_SECRET_PREFIX) ? stored : openText(SECRET_PURPOSE, stored);
}

/**
 * Seals the secrets stored in plain text before they were sealed; run at every start (the
 * second start finds none). Each row only if it is still the plain value read, so two
 * instances starting together seal each once.
 */
export async function sealPlainWebhookSecrets(): Promise<number> {
  const rows = await getDb()
    .select({ id: webhookEndpoints.id, secret: webhookEndpoints.secret })
    .from(webhookEndpoints)
    .where(like(webhookEndpoints.secret, `${PLAIN_SECRET_PREFIX}%`));
  for (const row of rows) {
    await getDb()
      .update(webhookEndpoints)
      .set({ secret: sealText(SECRET_PURPOSE, row.secret) })
      .where(and(eq(webhookEndpoints.id, row.id), eq(webhookEndpoints.secret, row.secret)));
  }
  if (rows.length > 0) logger.info({ endpoints: rows.length }, "Webhooks: signing secrets stored in plain text are now sealed");
  return rows.length;
}

export const NO_ENDPOINT = "That endpoint or delivery no longer exists.";

/** Refuses (invalid, on `url`) an address that cannot receive webhooks: a private network, say. */
async function requireReachable(url: string): Promise<void> {
  const refused = await checkEndpointUrl(url);
  if (!refused) return;
  const message = `This address cannot receive webhooks: ${refused}`;
  throw new AppError("invalid", message, { fields: { url: message } satisfies WebhookEndpointErrors });
}

/** A new endpoint and its signing secret (shown once). */
export async function createWebhookEndpoint(input: WebhookEndpointInput): Promise<{ id: string; secret: string }> {
  await requireReachable(input.url);
  const secret = generateWebhookSecret();
  const values = { ...input, secret: sealText(SECRET_PURPOSE, secret) };
  const row = await changeOneRow((tx) => tx.db.insert(webhookEndpoints).values(values).returning({ id: webhookEndpoints.id }), NO_ENDPOINT);
  return { id: row.id, secret };
}

/** not_found when there is no such endpoint. */
export async function updateWebhookEndpoint(id: string, input: WebhookEndpointInput): Promise<void> {
  await requireReachable(input.url);
  await changeOneRow(
    (tx) => tx.db.update(webhookEndpoints).set(input).where(eq(webhookEndpoints.id, id)).returning({ id: webhookEndpoints.id }),
    NO_ENDPOINT,
  );
}

/** A new secret for the endpoint (the old one stops working at once); not_found when there is no such endpoint. */
export async function rotateWebhookSecret(id: string): Promise<string> {
  const secret = generateWebhookSecret();
  await changeOneRow(
    (tx) =>
      tx.db
        .update(webhookEndpoints)
        .set({ secret: sealText(SECRET_PURPOSE, secret) })
        .where(eq(webhookEndpoints.id, id))
        .returning({ id: webhookEndpoints.id }),
    NO_ENDPOINT,
  );
  return secret;
}

/** Deletes the endpoint with its delivery log; not_found when there is none. */
export async function deleteWebhookEndpoint(id: string): Promise<void> {
  await changeOneRow(
    (tx) => tx.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning({ id: webhookEndpoints.id }),
    NO_ENDPOINT,
  );
}

export type DeliveryListItem = {
  id: string;
  eventType: string;
  status: WebhookDeliveryStatus;
  responseStatus: number | null;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  lastAttemptAt: string | null;
};

export type EndpointListItem = {
  id: string;
  url: string;
  description: string;
  eventTypes: string[];
  format: WebhookFormat;
  enabled: boolean;
  createdAt: string;
  deliveries: DeliveryListItem[];
};

/** Deliveries shown per endpoint on the page (newest first); older ones stay until pruned. */
export const DELIVERIES_SHOWN = 20;

/** Every endpoint (newest first) with its latest deliveries; never the secrets. */
export async function listWebhookEndpoints(): Promise<EndpointListItem[]> {
  const db = getDb();
  const endpoints = await db
    .select({
      id: webhookEndpoints.id,
      url: webhookEndpoints.url,
      description: webhookEndpoints.description,
      eventTypes: webhookEndpoints.eventTypes,
      format: webhookEndpoints.format,
      enabled: webhookEndpoints.enabled,
      createdAt: webhookEndpoints.createdAt,
    })
    .from(webhookEndpoints)
    .orderBy(desc(webhookEndpoints.createdAt));
  if (endpoints.length === 0) return [];
  const ranked = db
    .select({
      id: webhookDeliveries.id,
      endpointId: webhookDeliveries.endpointId,
      eventType: webhookDeliveries.eventType,
      status: webhookDeliveries.status,
      responseStatus: webhookDeliveries.responseStatus,
      attempts: webhookDeliveries.attempts,
      lastError: webhookDeliveries.lastError,
      createdAt: webhookDeliveries.createdAt,
      lastAttemptAt: webhookDeliveries.lastAttemptAt,
      rank: sql<number>`row_number() over (partition by ${webhookDeliveries.endpointId} order by ${webhookDeliveries.createdAt} desc, ${webhookDeliveries.id})`.as(
        "rank",
      ),
    })
    .from(webhookDeliveries)
    .where(
      inArray(
        webhookDeliveries.endpointId,
        endpoints.map((endpoint) => endpoint.id),
      ),
    )
    .as("ranked");
  const deliveries = await db
    .select()
    .from(ranked)
    .where(sql`${ranked.rank} <= ${DELIVERIES_SHOWN}`)
    .orderBy(sql`${ranked.rank}`);
  return endpoints.map((endpoint) => ({
    ...endpoint,
    createdAt: endpoint.createdAt.toISOString(),
    deliveries: deliveries
      .filter((delivery) => delivery.endpointId === endpoint.id)
      .map((delivery) => ({
        id: delivery.id,
        eventType: delivery.eventType,
        status: delivery.status,
        responseStatus: delivery.responseStatus,
        attempts: delivery.attempts,
        lastError: delivery.lastError,
        createdAt: new Date(delivery.createdAt).toISOString(),
        lastAttemptAt: delivery.lastAttemptAt ? new Date(delivery.lastAttemptAt).toISOString() : null,
      })),
  }));
}
