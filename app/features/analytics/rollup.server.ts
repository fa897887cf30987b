import { utcDay } from "~/lib/utc-day";
import { sql, type SQL } from "drizzle-orm";
import { getDb } from "~/.server/db/client";
import { withTransaction } from "~/.server/db/transaction";
import { getEnv } from "~/.server/env";
import { VISITOR_COOKIE_MAX_AGE_DAYS } from "./visitor-cookie.server";

/**
 * Daily aggregates (docs/analytics.md, "Storage and retention"). One query turns a range of
 * days' raw page views into rows of (day, dimension, value, views, visitors):
 *
 *   total     ''         page views; unique visitors (distinct visitor keys of the day)
 *   page      path       page views; unique visitors
 *   entry     path       visits that began there (a visit: a visitor's day)
 *   referrer  host       visits by outside referrer ('' direct or unknown)
 *   source    name       visits by utm_source, else the referrer host ('' direct)
 *   medium    name       visits by utm_medium
 *   campaign  name       visits by utm_campaign
 *   device    class      visits by mobile / tablet / desktop
 *   consented ''         page views and visitors with the analytics cookie
 *   returning ''         page views and visitors whose cookie was first seen on an earlier day
 *
 * Each day and dimension keeps its 200 largest values; the rest are summed as '(other)', so
 * junk paths cannot make the table grow without bound. The rollup job stores these rows; the
 * dashboard reads them for older days and runs the same query on the raw events for today and
 * yesterday.
 */
export const MAX_VALUES_PER_DIMENSION = 200;
export const OTHER_VALUE = "(other)";

export type DailyRow = { day: string; dimension: string; value: string; views: number; visitors: number };

export function dailyAggregateQuery(fromDay: string, toDay: string): SQL {
  return sql`
    with ev as (
      select day, visitor_key, visitor_id, path, referrer_host, utm_source, utm_medium, utm_campaign, device, occurred_at, id
      from analytics_events where day between ${fromDay}::date and ${toDay}::date
    ),
    entries as (
      select distinct on (day, visitor_key) day, path, referrer_host, utm_source, utm_medium, utm_campaign, device
      from ev order by day, visitor_key, occurred_at, id
    ),
    agg as (
      select day, 'total'::text as dimension, ''::text as value, count(*)::int as views, count(distinct visitor_key)::int as visitors from ev group by day
      union all select day, 'page', path, count(*)::int, count(distinct visitor_key)::int from ev group by day, path
      union all select day, 'entry', path, count(*)::int, count(*)::int from entries group by day, path
      union all select day, 'referrer', coalesce(referrer_host, ''), count(*)::int, count(*)::int from entries group by 1, 3
      union all select day, 'source', coalesce(utm_source, referrer_host, ''), count(*)::int, count(*)::int from entries group by 1, 3
      union all select day, 'medium', utm_medium, count(*)::int, count(*)::int from entries where utm_medium is not null group by 1, 3
      union all select day, 'campaign', utm_campaign, count(*)::int, count(*)::int from entries where utm_campaign is not null group by 1, 3
      union all select day, 'device', device, count(*)::int, count(*)::int from entries group by 1, 3
      union all select day, 'consented', '', count(*)::int, count(distinct visitor_id)::int from ev where visitor_id is not null group by day
      union all select ev.day, 'returning', '', count(*)::int, count(distinct ev.visitor_id)::int
        from ev join analytics_visitors v on v.id = ev.visitor_id and v.first_day < ev.day group by ev.day
    ),
    ranked as (
      select *, row_number() over (partition by day, dimension order by views desc, visitors desc, value) as rank from agg
    )
    select to_char(day, 'YYYY-MM-DD') as day, dimension,
      case when rank <= ${MAX_VALUES_PER_DIMENSION} then value else ${OTHER_VALUE} end as value,
      sum(views)::int as views, sum(visitors)::int as visitors
    from ranked group by 1, 2, 3`;
}

/** The aggregate rows of a range of days, computed from the raw events now. */
export async function aggregateEvents(fromDay: string, toDay: string): Promise<DailyRow[]> {
  const result = await getDb().execute<DailyRow>(dailyAggregateQuery(fromDay, toDay));
  return result.rows;
}

/**
 * Recomputes the stored aggregates of the days from `fromDay` to `toDay` (UTC) from the raw
 * events: each day's rows are replaced as a whole, under one advisory lock, so running it
 * again, or on two instances at once, gives the same rows.
 */
export async function rollupDays(fromDay: string, toDay: string): Promise<number> {
  return withTransaction(async ({ db }) => {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext('analytics-rollup'))`);
    await db.execute(sql`delete from analytics_daily where day between ${fromDay}::date and ${toDay}::date`);
    const inserted = await db.execute(sql`
      insert into analytics_daily (day, dimension, value, views, visitors)
      select day::date, dimension, value, views, visitors from (${dailyAggregateQuery(fromDay, toDay)}) as rows`);
    return inserted.rowCount ?? 0;
  });
}

export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return utcDay(date);
}

/**
 * The oldest day whose raw events are all still kept: rolling up an earlier day would replace
 * its stored aggregates with what is left after pruning.
 */
export function oldestCompleteDay(today: string, retentionDays = getEnv().ANALYTICS_RETENTION_DAYS): string {
  return addDays(today, -(retentionDays - 1));
}

export type PruneResult = { events: number; conversions: number; visitors: number };

/**
 * Deletes raw page views and conversion attributions older than ANALYTICS_RETENTION_DAYS, and
 * first-visit records of analytics cookies that have expired. The daily aggregates stay.
 */
export async function pruneAnalytics(today: string, retentionDays = getEnv().ANALYTICS_RETENTION_DAYS): Promise<PruneResult> {
  const db = getDb();
  const keepFrom = oldestCompleteDay(today, retentionDays);
  const visitorsFrom = addDays(today, -(VISITOR_COOKIE_MAX_AGE_DAYS + 1));
  const events = await db.execute(sql`delete from analytics_events where day < ${keepFrom}::date`);
  const conversions = await db.execute(sql`delete from analytics_conversions where day < ${keepFrom}::date`);
  const visitors = await db.execute(sql`delete from analytics_visitors where first_day < ${visitorsFrom}::date`);
  return { events: events.rowCount ?? 0, conversions: conversions.rowCount ?? 0, visitors: visitors.rowCount ?? 0 };
}
