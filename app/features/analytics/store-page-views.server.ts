import type { PoolClient } from "pg";
import { getDb } from "~/.server/db/client";
import { boundDailyEvents } from "./daily-bounds.server";
import type { PageView } from "./page-view.server";

/** One counted page view, as queued by the beacon endpoint. */
export type PageViewEvent = PageView & {
  occurredAt: Date;
  day: string;
  visitorKey: string;
  visitorId: string | null;
};

/**
 * Writes a batch of page views in one transaction: one INSERT of all rows (each column passed
 * as one array parameter and expanded by `unnest`, so the statement has ten parameters however
 * large the batch), then, for visitors with the analytics cookie, their first visit: the
 * entry page, referrer and campaign of their first page view of that day (first-touch
 * attribution; later visits only move `last_day`). The day's caps apply first
 * (daily-bounds.server.ts): what is over them is not stored, and counted in `overCap`.
 */
export async function storePageViews(batch: PageViewEvent[]): Promise<{ stored: number; overCap: number }> {
  if (batch.length === 0) return { stored: 0, overCap: 0 };
  const client = await getDb().$client.connect();
  let failure: Error | undefined;
  try {
    await client.query("begin");
    const bounded = await boundDailyEvents(client, batch);
    if (bounded.events.length > 0) await insertEvents(client, bounded.events);
    await client.query("commit");
    bounded.committed();
    return { stored: bounded.events.length, overCap: bounded.overCap };
  } catch (error) {
    failure = error instanceof Error ? error : new Error(String(error));
    await client.query("rollback").catch(() => undefined);
    throw error;
  } finally {
    // A connection that failed mid-transaction is discarded rather than handed out again.
    client.release(failure);
  }
}

/** The events' rows, and the first visits of the consented visitors among them. */
async function insertEvents(client: PoolClient, events: PageViewEvent[]): Promise<void> {
  await client.query(
    `insert into analytics_events (occurred_at, day, path, referrer_host, utm_source, utm_medium, utm_campaign, device, visitor_key, visitor_id)
     select * from unnest($1::timestamptz[], $2::date[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::uuid[])`,
    [
      events.map((event) => event.occurredAt),
      events.map((event) => event.day),
      events.map((event) => event.path),
      events.map((event) => event.referrerHost),
      events.map((event) => event.utmSource),
      events.map((event) => event.utmMedium),
      events.map((event) => event.utmCampaign),
      events.map((event) => event.device),
      events.map((event) => event.visitorKey),
      events.map((event) => event.visitorId),
    ],
  );
  const consented = events.filter((event) => event.visitorId !== null);
  if (consented.length > 0) {
    await client.query(
      `insert into analytics_visitors (id, first_day, last_day, entry_path, referrer_host, utm_source, utm_medium, utm_campaign)
       select distinct on (b.visitor_id) b.visitor_id, b.day, b.day, f.path, f.referrer_host, f.utm_source, f.utm_medium, f.utm_campaign
       from unnest($1::uuid[], $2::date[], $3::text[], $4::timestamptz[]) as b(visitor_id, day, visitor_key, occurred_at)
       cross join lateral (
         select e.path, e.referrer_host, e.utm_source, e.utm_medium, e.utm_campaign from analytics_events e
         where e.day = b.day and e.visitor_key = b.visitor_key
         order by e.occurred_at, e.id limit 1
       ) f
       order by b.visitor_id, b.occurred_at
       on conflict (id) do update set last_day = greatest(analytics_visitors.last_day, excluded.last_day)`,
      [
        consented.map((event) => event.visitorId),
        consented.map((event) => event.day),
        consented.map((event) => event.visitorKey),
        consented.map((event) => event.occurredAt),
      ],
    );
  }
}
