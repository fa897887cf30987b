import { eq, isNull, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { enquiries, leads, submissions, webhookDeliveries, webhookEndpoints, webhookEvents } from "~/.server/db/tables";
import { resetEnvForTests } from "~/.server/env";
import { setJobs, startJobs, type Jobs } from "~/.server/jobs";
import {
  deliverWebhookJob,
  fanOutWebhookEvents,
  replayWebhookDelivery,
  sendWebhookTestEvent,
  WEBHOOK_RETRY,
  webhookFanOutJob,
} from "~/features/webhooks/deliveries.server";
import { setAppSecret } from "~/.server/secret";
import { createWebhookEndpoint, rotateWebhookSecret, sealPlainWebhookSecrets } from "~/features/webhooks/endpoints.server";
import { signWebhook } from "~/features/webhooks/signature.server";
import type { WebhookEventType } from "~/.server/db/tables";
import { setupTestDatabase } from "../support/database";
import { startWebhookReceiver, type WebhookReceiver } from "../fixtures/webhooks/receiver";
import { waitUntil } from "../support/wait-until";

/**
 * Outbound webhooks end to end: real triggers write the events, the real fan-out and delivery
 * jobs run on pg-boss (retries 1-2 s apart instead of minutes), and a local HTTP server receives.
 */
const database = setupTestDatabase();
setAppSecret("webhooks-test-secret-webhooks-test-secret-00");
let receiver: WebhookReceiver;
let jobs: Jobs;
let secondInstance: Jobs;

const FAST_RETRY = { ...WEBHOOK_RETRY, retryDelay: 1, retryDelayMax: 2 };

beforeAll(async () => {
  process.env.NEWS_ALLOW_PRIVATE_HOSTS = "1";
  process.env.PUBLIC_URL = "https://studio.example";
  resetEnvForTests();
  receiver = await startWebhookReceiver();
  const definitions = [
    { ...webhookFanOutJob, localEverySeconds: () => 0.3 },
    { ...deliverWebhookJob, queue: FAST_RETRY, pollingIntervalSeconds: 0.5, concurrency: 4 },
  ];
  jobs = await startJobs({ url: database.current.url, definitions, schedules: false });
  // A second instance fanning out the same outbox.
  secondInstance = await startJobs({ url: database.current.url, definitions: [definitions[0]!], schedules: false });
  setJobs(jobs);
});

afterAll(async () => {
  await Promise.all([jobs?.stop(), secondInstance?.stop()]);
  setJobs(undefined);
  await receiver?.close();
  delete process.env.NEWS_ALLOW_PRIVATE_HOSTS;
  delete process.env.PUBLIC_URL;
  resetEnvForTests();
});

/** The `count`-th request the receiver got on `path` (1-based), once it has arrived. */
function arrived(path: string, count = 1, timeoutMs = 20_000) {
  return waitUntil(() => receiver.on(path)[count - 1], timeoutMs, `request #${count} to ${path}`);
}

async function addEndpoint(path: string, eventTypes: WebhookEventType[], format: "standard" | "slack" = "standard") {
  return createWebhookEndpoint({ url: `${receiver.url}${path}`, description: path, eventTypes, format, enabled: true });
}

function deliveriesOf(endpointId: string) {
  return database.current.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));
}

/** Waits until the endpoint's first delivery passes `done`, and returns it. */
function firstDelivery(
  endpointId: string,
  done: (delivery: typeof webhookDeliveries.$inferSelect) => boolean,
  what: string,
  timeoutMs = 25_000,
) {
  return waitUntil(
    async () => {
      const [delivery] = await deliveriesOf(endpointId);
      return delivery && done(delivery) ? delivery : null;
    },
    timeoutMs,
    what,
  );
}

async function allFannedOut() {
  const pending = await database.current.db.select({ id: webhookEvents.id }).from(webhookEvents).where(isNull(webhookEvents.fannedOutAt));
  return pending.length === 0;
}

async function newLead(name: string) {
  const [lead] = await database.current.db
    .insert(leads)
    .values({ email: `${name.toLowerCase().replace(/\W+/g, ".")}@example.com`, name, message: "Hello" })
    .returning();
  const [enquiry] = await database.current.db.select().from(enquiries).where(eq(enquiries.sourceId, lead!.id));
  return { lead: lead!, enquiry: enquiry! };
}

function headersOf(request: { headers: Record<string, string> }) {
  return {
    "webhook-id": request.headers["webhook-id"]!,
    "webhook-timestamp": request.headers["webhook-timestamp"]!,
    "webhook-signature": request.headers["webhook-signature"]!,
  };
}

describe("outbound webhooks", () => {
  afterEach(async () => {
    await database.current.db.delete(webhookEndpoints);
  });

  it("signs exactly as the standardwebhooks reference library verifies", () => {
    const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    const body = JSON.stringify({ type: "enquiry.created", timestamp: "2026-11-26T07:00:00.000Z", data: { a: 1 } });
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = {
      "webhook-id": "msg_1",
      "webhook-timestamp": String(timestamp),
      "webhook-signature": signWebhook(secret, "msg_1", timestamp, body),
    };
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(secret).verify(body.replace("1", "2"), headers)).toThrow();
  });

  it("sends a stage change, signed, only to the endpoints subscribed to it", async () => {
    const staged = await addEndpoint("/ok/stage", ["enquiry.stage_changed"]);
    const repliesOnly = await addEndpoint("/ok/replies", ["reply.received"]);
    const { enquiry } = await newLead("Stage Person");
    await database.current.db.update(enquiries).set({ stage: "contacted" }).where(eq(enquiries.id, enquiry.id));

    const request = await arrived("/ok/stage");
    const verified = new Webhook(staged.secret).verify(request.body, headersOf(request)) as {
      type: string;
      timestamp: string;
      data: Record<string, unknown>;
    };
    expect(verified.type).toBe("enquiry.stage_changed");
    expect(verified.data).toMatchObject({
      previousStage: "new",
      enquiry: { id: enquiry.id, stage: "contacted" },
      person: { name: "Stage Person" },
    });
    expect(Object.keys(JSON.parse(request.body) as object)).toEqual(["type", "timestamp", "data"]);
    expect(request.headers["content-type"]).toBe("application/json");

    const delivery = await firstDelivery(staged.id, (row) => row.status === "delivered", "the delivery row to say delivered");
    expect(delivery).toMatchObject({
      id: request.headers["webhook-id"],
      eventType: "enquiry.stage_changed",
      attempts: 1,
      responseStatus: 200,
      lastError: null,
    });

    // The lead's enquiry.created and person.created went past both: neither is subscribed to them.
    await waitUntil(allFannedOut, 25_000, "every event fanned out");
    expect((await deliveriesOf(staged.id)).map((row) => row.eventType)).toEqual(["enquiry.stage_changed"]);
    expect(await deliveriesOf(repliesOnly.id)).toEqual([]);
    expect(receiver.on("/ok/replies")).toEqual([]);
  });

  it("replays a delivery with the same webhook-id, signed again", async () => {
    const endpoint = await addEndpoint("/ok/replay", ["enquiry.created"]);
    await newLead("Replay Person");
    const first = await arrived("/ok/replay");
    const delivery = await firstDelivery(endpoint.id, (row) => row.status === "delivered", "the first delivery");
    await replayWebhookDelivery(delivery.id);
    const second = await arrived("/ok/replay", 2);
    expect(second.headers["webhook-id"]).toBe(first.headers["webhook-id"]);
    expect(second.headers["webhook-id"]).toBe(delivery.id);
    expect(new Webhook(endpoint.secret).verify(second.body, headersOf(second))).toEqual(JSON.parse(first.body));
    await waitUntil(async () => (await deliveriesOf(endpoint.id))[0]?.attempts === 2, 25_000, "the replay counted as an attempt");
    await expect(replayWebhookDelivery("00000000-0000-4000-8000-000000000000")).rejects.toMatchObject({ code: "not_found" });
  });

  it("retries an endpoint that answers 500, and the log shows the 500", async () => {
    const endpoint = await addEndpoint("/fail/500", ["enquiry.created"]);
    await newLead("Failing Person");
    const first = await arrived("/fail/500");
    const second = await arrived("/fail/500", 2, 30_000);
    expect(second.headers["webhook-id"]).toBe(first.headers["webhook-id"]);
    const delivery = await firstDelivery(endpoint.id, (row) => row.attempts >= 2, "two attempts recorded");
    expect(delivery).toMatchObject({ status: "pending", responseStatus: 500, lastError: "HTTP 500" });
  });

  it("gives up on an endpoint that hangs after 10 s and schedules a retry; other deliveries go on", async () => {
    const hanging = await addEndpoint("/hang/slow", ["enquiry.created"]);
    const healthy = await addEndpoint("/ok/beside-hang", ["enquiry.created"]);
    const started = Date.now();
    await newLead("Hanging Person");
    await arrived("/hang/slow");
    await arrived("/ok/beside-hang");
    const delivery = await firstDelivery(hanging.id, (row) => row.attempts >= 1, "the timed-out attempt recorded", 40_000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(9_000);
    expect(delivery).toMatchObject({ status: "pending", responseStatus: null, lastError: "No answer within 10 s" });
    const [job] = await waitUntil(
      async () => {
        const rows = await database.current.db.execute<{ state: string; retry_count: number }>(
          sql`select state, retry_count from pgboss.job where name = ${deliverWebhookJob.name} and data->>'deliveryId' = ${delivery.id}`,
        );
        return rows.rows.some((row) => row.state === "retry" || row.retry_count > 0) ? rows.rows : null;
      },
      25_000,
      "pg-boss to hold the retry",
    );
    expect(job).toBeDefined();
    expect((await deliveriesOf(healthy.id))[0]?.status).toBe("delivered");
  }, 60_000);

  it("does not follow a redirect to a private address, and logs why", async () => {
    const endpoint = await addEndpoint("/redirect/away", ["enquiry.created"]);
    await newLead("Redirect Person");
    await arrived("/redirect/away");
    const delivery = await firstDelivery(endpoint.id, (row) => row.attempts >= 1, "the redirected attempt recorded");
    expect(delivery.responseStatus).toBe(302);
    expect(delivery.lastError).toMatch(/Redirect \(HTTP 302\) to a private address refused; not followed/);
    expect(delivery.lastError).not.toContain("127.0.0.1");
    expect(receiver.on("/private-target")).toEqual([]);
  });

  it("disables an endpoint that answers 410 Gone", async () => {
    const endpoint = await addEndpoint("/gone/away", ["enquiry.created"]);
    await newLead("Gone Person");
    await arrived("/gone/away");
    const delivery = await firstDelivery(endpoint.id, (row) => row.status === "failed", "the delivery to fail");
    expect(delivery).toMatchObject({ attempts: 1, responseStatus: 410 });
    const [row] = await database.current.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row!.enabled).toBe(false);
    // A disabled endpoint gets no more deliveries.
    await newLead("After Gone");
    await waitUntil(allFannedOut, 25_000, "the next event fanned out");
    expect(await deliveriesOf(endpoint.id)).toHaveLength(1);
  });

  it("turns an enquiry into a readable Slack message with a link to the person", async () => {
    await addEndpoint("/ok/slack", ["enquiry.created"], "slack");
    const [submission] = await database.current.db
      .insert(submissions)
      .values({
        source: "contact",
        name: "Per Olsen",
        email: "per.olsen@example.com",
        fields: { message: "Hei" },
        disclaimerAccepted: true,
      })
      .returning();
    const request = await arrived("/ok/slack");
    const body = JSON.parse(request.body) as { text: string; blocks: Array<{ type: string; text?: { text: string } }> };
    const personUrl = `https://studio.example/admin/inbox/people/${submission!.personId}`;
    expect(body.text).toBe(`New enquiry from Per Olsen (contact form): ${personUrl}`);
    expect(body.blocks[0]).toEqual({
      type: "section",
      text: { type: "mrkdwn", text: `New enquiry from Per Olsen (contact form): <${personUrl}|Open in the inbox>` },
    });
    expect(request.headers["webhook-id"]).toBeTruthy();
  });

  it("sends a test event to one endpoint whatever it subscribes to", async () => {
    const endpoint = await addEndpoint("/ok/test-event", ["booking.created"]);
    await sendWebhookTestEvent(endpoint.id);
    const request = await arrived("/ok/test-event");
    expect(new Webhook(endpoint.secret).verify(request.body, headersOf(request))).toMatchObject({ type: "webhook.test" });
  });

  it("fans each event out exactly once while two instances and two more callers race", async () => {
    const endpoints = await Promise.all([
      addEndpoint("/ok/race-a", ["enquiry.created"]),
      addEndpoint("/ok/race-b", ["enquiry.created", "person.created"]),
    ]);
    await database.current.db
      .insert(leads)
      .values(Array.from({ length: 20 }, (_, i) => ({ email: `race${i}@example.com`, name: `Race ${i}` })));
    await Promise.all([fanOutWebhookEvents(), fanOutWebhookEvents()]);
    await waitUntil(allFannedOut, 25_000, "every event fanned out");
    const counts = await database.current.db.execute<{ endpoint_id: string; event_id: string; n: number }>(
      sql`select endpoint_id, event_id, count(*)::int as n from webhook_deliveries where endpoint_id in (${endpoints[0].id}, ${endpoints[1].id}) group by 1, 2`,
    );
    expect(counts.rows.every((row) => row.n === 1)).toBe(true);
    expect(counts.rows.filter((row) => row.endpoint_id === endpoints[0].id)).toHaveLength(20);
    expect(counts.rows.filter((row) => row.endpoint_id === endpoints[1].id)).toHaveLength(40);
    await waitUntil(async () => receiver.on("/ok/race-b").length >= 40, 45_000, "all 40 deliveries to arrive");
    expect(new Set(receiver.on("/ok/race-b").map((entry) => entry.headers["webhook-id"])).size).toBe(40);
  }, 60_000);

  it("stores signing secrets sealed, seals the ones an earlier version kept in plain text, and still signs with them", async () => {
    const created = await addEndpoint("/ok/sealed", ["enquiry.created"]);
    const rotated = await rotateWebhookSecret(created.id);
    const plain = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    const [legacy] = await database.current.db
      .insert(webhookEndpoints)
      .values({ url: `${receiver.url}/ok/legacy`, secret: plain, eventTypes: ["enquiry.created"] })
      .returning();
    expect(await sealPlainWebhookSecrets()).toBe(1);
    expect(await sealPlainWebhookSecrets()).toBe(0);
    const stored = await database.current.db.select({ secret: webhookEndpoints.secret }).from(webhookEndpoints);
    for (const { secret } of stored) {
      expect(secret).toMatch(/^v1\./);
      for (const known of [created.secret, rotated, plain]) expect(secret).not.toContain(known.slice(6));
    }
    await sendWebhookTestEvent(created.id);
    await sendWebhookTestEvent(legacy!.id);
    const [sealed, migrated] = [await arrived("/ok/sealed"), await arrived("/ok/legacy")];
    expect(new Webhook(rotated).verify(sealed.body, headersOf(sealed))).toMatchObject({ type: "webhook.test" });
    expect(new Webhook(plain).verify(migrated.body, headersOf(migrated))).toMatchObject({ type: "webhook.test" });
  });

  it("keeps to public addresses when the guard is on: at save time and at send time", async () => {
    process.env.NEWS_ALLOW_PRIVATE_HOSTS = "";
    resetEnvForTests();
    try {
      const endpointAt = (url: string) =>
        createWebhookEndpoint({ url, description: "", eventTypes: ["enquiry.created"], format: "standard", enabled: true });
      await expect(endpointAt(`${receiver.url}/ok/guarded`)).rejects.toMatchObject({
        code: "invalid",
        details: { fields: { url: expect.stringMatching(/not a public address/) } },
      });
      await expect(endpointAt("http://localhost:9/hook")).rejects.toMatchObject({
        code: "invalid",
        details: { fields: { url: expect.stringMatching(/private or local address/) } },
      });
      // Saved before the guard was on (or by hand): refused again when sending.
      const [endpoint] = await database.current.db
        .insert(webhookEndpoints)
        .values({ url: `${receiver.url}/ok/guarded`, secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", eventTypes: ["enquiry.created"] })
        .returning();
      await sendWebhookTestEvent(endpoint!.id);
      const delivery = await firstDelivery(endpoint!.id, (row) => row.attempts >= 1, "the refused attempt recorded");
      expect(delivery).toMatchObject({ responseStatus: null, lastError: "Refused: the address is not public" });
      expect(receiver.on("/ok/guarded")).toEqual([]);
    } finally {
      process.env.NEWS_ALLOW_PRIVATE_HOSTS = "1";
      resetEnvForTests();
    }
  });
});
