import type { PoolClient } from "pg";
import { getEnv } from "~/.server/env";
import { isProjectPath, isStoryPath, NOT_FOUND_PATH } from "./page-view.server";
import { OTHER_VALUE } from "./rollup.server";
import type { PageViewEvent } from "./store-page-views.server";

/**
 * What one UTC day may add to `analytics_events` (docs/analytics.md, "Bounds"; decision 0173),
 * applied to each batch inside its write transaction:
 *
 * - at most ANALYTICS_MAX_VIEWS_PER_DAY rows a day, and ANALYTICS_MAX_VIEWS_PER_VISITOR_PER_DAY
 *   per visitor key; the rest are not stored (the caller counts them in /metrics);
 * - at most ANALYTICS_MAX_PATHS_PER_DAY distinct paths, ANALYTICS_MAX_REFERRERS_PER_DAY referrer
 *   hosts and ANALYTICS_MAX_CAMPAIGNS_PER_DAY values of each campaign tag; a value first seen
 *   once its column is full is stored as "(other)" (as the rollup already sums its long tail);
 * - `/ai-news/<id>` of no stored story is "(not found)".
 *
 * The counts are read from the table itself under one transaction-scoped advisory lock, so
 * instances sharing a database hold the same caps together: a batch sees every row committed
 * before it. This process remembers what cannot change within a day (a full day; the values
 * already admitted), so at the caps a batch costs two indexed counts and no scan.
 */
export type DailyCaps = {
  viewsPerDay: number;
  viewsPerVisitor: number;
  paths: number;
  referrers: number;
  campaigns: number;
};

export function dailyCaps(): DailyCaps {
  const env = getEnv();
  return {
    viewsPerDay: env.ANALYTICS_MAX_VIEWS_PER_DAY,
    viewsPerVisitor: env.ANALYTICS_MAX_VIEWS_PER_VISITOR_PER_DAY,
    paths: env.ANALYTICS_MAX_PATHS_PER_DAY,
    referrers: env.ANALYTICS_MAX_REFERRERS_PER_DAY,
    campaigns: env.ANALYTICS_MAX_CAMPAIGNS_PER_DAY,
  };
}

/** The columns whose distinct values are capped, with the event field and the cap that applies. */
const VALUE_COLUMNS = [
  { column: "path", field: "path", cap: "paths" },
  { column: "referrer_host", field: "referrerHost", cap: "referrers" },
  { column: "utm_source", field: "utmSource", cap: "campaigns" },
  { column: "utm_medium", field: "utmMedium", cap: "campaigns" },
  { column: "utm_campaign", field: "utmCampaign", cap: "campaigns" },
] as const;

type ValueColumn = (typeof VALUE_COLUMNS)[number]["column"];

/** Values that stand for many and never count against a cap. */
const BUCKETS: ReadonlySet<string> = new Set([OTHER_VALUE, NOT_FOUND_PATH]);

/** Per UTC day, what this process knows to be in `analytics_events` already (only ever more within a day). */
type DayMemory = { full: boolean; values: Map<ValueColumn, Set<string>> };
const memory = new Map<string, DayMemory>();

function dayMemory(day: string): DayMemory {
  let known = memory.get(day);
  if (!known) {
    // Only the days being written matter: today, and yesterday around midnight.
    for (const older of [...memory.keys()].sort().slice(0, Math.max(0, memory.size - 2))) memory.delete(older);
    known = { full: false, values: new Map(VALUE_COLUMNS.map(({ column }) => [column, new Set<string>()])) };
    memory.set(day, known);
  }
  return known;
}

/** Forgets what this process remembers of past batches (tests that empty the table). */
export function forgetDailyBounds(): void {
  memory.clear();
}

export type BoundedBatch = {
  /** The events to insert, with values over a cap replaced by their bucket. */
  events: PageViewEvent[];
  /** Events not stored: over the day's or the visitor's cap. */
  overCap: number;
  /** To call once the transaction committed: remembers the values and full days it stored. */
  committed: () => void;
};

/**
 * Applies the day's caps to a batch, inside the caller's transaction on `client` (which it
 * locks against the other writers until the transaction ends).
 */
export async function boundDailyEvents(client: PoolClient, events: PageViewEvent[], caps: DailyCaps = dailyCaps()): Promise<BoundedBatch> {
  await client.query("select pg_advisory_xact_lock(hashtext('analytics-daily-bounds'))");
  const kept: PageViewEvent[] = [];
  const updates: Array<() => void> = [];
  let overCap = 0;
  const days = [...new Set(events.map((event) => event.day))];
  for (const day of days) {
    const ofDay = events.filter((event) => event.day === day);
    const known = dayMemory(day);
    if (known.full) {
      overCap += ofDay.length;
      continue;
    }
    const admitted = await withinViewCaps(client, day, ofDay, caps);
    overCap += ofDay.length - admitted.events.length;
    if (admitted.full) updates.push(() => (known.full = true));
    if (admitted.events.length === 0) continue;
    const existing = await knownItemPages(client, admitted.events);
    const withPaths = admitted.events.map((event) =>
      (isStoryPath(event.path) || isProjectPath(event.path)) && !existing.has(event.path) ? { ...event, path: NOT_FOUND_PATH } : event,
    );
    const bucketed = await withinValueCaps(client, day, withPaths, caps, known);
    kept.push(...bucketed.events);
    updates.push(bucketed.remember);
  }
  return { events: kept, overCap, committed: () => updates.forEach((update) => update()) };
}

/** The day's events that fit under the day's and each visitor's cap, in the order they came. */
async function withinViewCaps(client: PoolClient, day: string, events: PageViewEvent[], caps: DailyCaps) {
  const keys = [...new Set(events.map((event) => event.visitorKey))];
  const [total, perVisitor] = await Promise.all([
    client.query<{ n: number }>("select count(*)::int as n from analytics_events where day = $1::date", [day]),
    client.query<{ visitor_key: string; n: number }>(
      "select visitor_key, count(*)::int as n from analytics_events where day = $1::date and visitor_key = any($2::text[]) group by visitor_key",
      [day, keys],
    ),
  ]);
  let stored = total.rows[0]?.n ?? 0;
  const byVisitor = new Map(perVisitor.rows.map((row) => [row.visitor_key, row.n]));
  const admitted: PageViewEvent[] = [];
  for (const event of events) {
    if (stored >= caps.viewsPerDay) break;
    const visitorViews = byVisitor.get(event.visitorKey) ?? 0;
    if (visitorViews >= caps.viewsPerVisitor) continue;
    byVisitor.set(event.visitorKey, visitorViews + 1);
    stored++;
    admitted.push(event);
  }
  return { events: admitted, full: stored >= caps.viewsPerDay };
}

/** The pages with an id in their address, and which of the ids exist. */
const ITEM_PAGES = [
  { prefix: "/ai-news/", test: isStoryPath, query: "select id::text as id from ai_news where id = any($1::uuid[])" },
  {
    prefix: "/projects/",
    test: isProjectPath,
    query: "select key as id from content_items where type = 'projects' and key = any($1::text[])",
  },
];

/** The `/ai-news/<id>` and `/projects/<slug>` paths of the batch whose story or project exists. */
async function knownItemPages(client: PoolClient, events: PageViewEvent[]): Promise<Set<string>> {
  const known = new Set<string>();
  for (const { prefix, test, query } of ITEM_PAGES) {
    const ids = [...new Set(events.filter((event) => test(event.path)).map((event) => event.path.slice(prefix.length)))];
    if (ids.length === 0) continue;
    const found = await client.query<{ id: string }>(query, [ids]);
    for (const row of found.rows) known.add(`${prefix}${row.id}`);
  }
  return known;
}

/**
 * Replaces each value first seen after its column's distinct values reached their cap by
 * "(other)". The values already stored are read from the table only when the batch brings a
 * value this process has not seen stored and the column is not known to be full.
 */
async function withinValueCaps(client: PoolClient, day: string, events: PageViewEvent[], caps: DailyCaps, known: DayMemory) {
  const capOf = (column: (typeof VALUE_COLUMNS)[number]) => caps[column.cap];
  const unknown = VALUE_COLUMNS.filter((column) => {
    const seen = known.values.get(column.column)!;
    if (seen.size >= capOf(column)) return false;
    return events.some((event) => {
      const value = event[column.field];
      return value !== null && !BUCKETS.has(value) && !seen.has(value);
    });
  });
  const stored = new Map<ValueColumn, Set<string>>(VALUE_COLUMNS.map(({ column }) => [column, new Set(known.values.get(column))]));
  if (unknown.length > 0) {
    const found = await client.query<{ kind: ValueColumn; value: string }>(
      unknown
        .map(
          (column) =>
            `select '${column.column}' as kind, ${column.column} as value from analytics_events where day = $1::date and ${column.column} is not null group by ${column.column}`,
        )
        .join(" union all "),
      [day],
    );
    for (const row of found.rows) if (!BUCKETS.has(row.value)) stored.get(row.kind)!.add(row.value);
  }
  const bucketed = events.map((event) => {
    let result = event;
    for (const column of VALUE_COLUMNS) {
      const value = event[column.field];
      if (value === null || BUCKETS.has(value)) continue;
      const values = stored.get(column.column)!;
      if (values.has(value)) continue;
      if (values.size < capOf(column)) values.add(value);
      else result = { ...result, [column.field]: OTHER_VALUE };
    }
    return result;
  });
  return {
    events: bucketed,
    remember: () => {
      for (const [column, values] of stored) known.values.set(column, values);
    },
  };
}
