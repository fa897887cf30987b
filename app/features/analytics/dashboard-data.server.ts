import { sql } from "drizzle-orm";
import { getDb } from "~/.server/db/client";
import { analyticsDaily } from "~/.server/db/tables";
import { addDays, aggregateEvents, type DailyRow } from "./rollup.server";

/**
 * The numbers behind the dashboard, read from PostgreSQL: page-view aggregates (stored rows
 * for older days, the raw events for today and yesterday, which the rollup may not have
 * caught up with), conversions, leads, submissions and subscribers.
 */

export async function trafficRows(fromDay: string, toDay: string, today: string): Promise<DailyRow[]> {
  const liveFrom = fromDay > addDays(today, -1) ? fromDay : addDays(today, -1);
  const storedTo = addDays(liveFrom, -1) < toDay ? addDays(liveFrom, -1) : toDay;
  const stored =
    fromDay <= storedTo
      ? await getDb()
          .select({
            day: sql<string>`to_char(${analyticsDaily.day}, 'YYYY-MM-DD')`,
            dimension: analyticsDaily.dimension,
            value: analyticsDaily.value,
            views: analyticsDaily.views,
            visitors: analyticsDaily.visitors,
          })
          .from(analyticsDaily)
          .where(sql`${analyticsDaily.day} between ${fromDay}::date and ${storedTo}::date`)
      : [];
  const live = liveFrom <= toDay ? await aggregateEvents(liveFrom, toDay) : [];
  return [...stored, ...live];
}

export type ConversionCount = { kind: string; source: string | null; campaign: string | null; count: number };

/**
 * Conversions of the range by kind, source and campaign. `source` is the campaign's utm_source,
 * else the referrer's host, '' for a direct visit, null when no visit was found. Newsletter
 * sign-ups are left out: only confirmed subscriptions count. Leads and submissions held for
 * review are left out until an admin releases them (and for good once deleted).
 */
export async function conversionCounts(fromDay: string, toDay: string): Promise<ConversionCount[]> {
  const result = await getDb().execute<ConversionCount>(sql`
    select kind, case when entry_path is null then null else coalesce(utm_source, referrer_host, '') end as source,
      utm_campaign as campaign, count(*)::int as count
    from analytics_conversions c
    where day between ${fromDay}::date and ${toDay}::date and kind <> 'newsletter-signup'
      -- A lead or submission counts while it exists and is not held for review (docs/admin.md, "Held items").
      and (c.kind <> 'lead' or exists (select 1 from leads l where l.id::text = c.entity_id and l.held_at is null))
      and (c.kind not in ('apply', 'mentoring', 'contact')
           or exists (select 1 from submissions s where s.id::text = c.entity_id and s.held_at is null))
      -- A booking counts while it exists and is not held; a cancelled one was still won from its source.
      and (c.kind <> 'booking' or exists (select 1 from mentoring_bookings b where b.id::text = c.entity_id and b.status <> 'held'))
    group by 1, 2, 3`);
  return result.rows;
}

/** Chat leads and form submissions per week (weeks start on Monday, UTC) from the week of `fromDay`. */
export async function leadsPerWeek(fromDay: string): Promise<Array<{ week: string; leads: number; submissions: number }>> {
  const result = await getDb().execute<{ week: string; leads: number; submissions: number }>(sql`
    with weeks as (
      select generate_series(date_trunc('week', ${fromDay}::timestamp), date_trunc('week', now() at time zone 'UTC'), interval '1 week') as week
    ),
    lead_weeks as (
      select date_trunc('week', created_at at time zone 'UTC') as week, count(*)::int as n from leads
      where held_at is null and created_at at time zone 'UTC' >= date_trunc('week', ${fromDay}::timestamp) group by 1
    ),
    submission_weeks as (
      select date_trunc('week', created_at at time zone 'UTC') as week, count(*)::int as n from submissions
      where held_at is null and created_at at time zone 'UTC' >= date_trunc('week', ${fromDay}::timestamp) group by 1
    )
    select to_char(w.week, 'YYYY-MM-DD') as week, coalesce(l.n, 0) as leads, coalesce(s.n, 0) as submissions
    from weeks w left join lead_weeks l on l.week = w.week left join submission_weeks s on s.week = w.week
    order by w.week`);
  return result.rows;
}

/**
 * Confirmed, still-subscribed addresses at the end of each day of the range, and the day's new
 * confirmations. An address that unsubscribed loses its confirmation date (docs/newsletter.md),
 * so it drops out of the whole history.
 */
export async function subscribersByDay(
  fromDay: string,
  toDay: string,
): Promise<Array<{ day: string; confirmed: number; newConfirmed: number }>> {
  const result = await getDb().execute<{ day: string; confirmed: number; newConfirmed: number }>(sql`
    with active as (
      select (confirmed_at at time zone 'UTC')::date as day from newsletter_subscriptions
      where confirmed and unsubscribed_at is null and bounced_at is null and confirmed_at is not null
    ),
    days as (select generate_series(${fromDay}::date, ${toDay}::date, interval '1 day')::date as day)
    select to_char(d.day, 'YYYY-MM-DD') as day,
      (select count(*)::int from active a where a.day <= d.day) as confirmed,
      (select count(*)::int from active a where a.day = d.day) as "newConfirmed"
    from days d order by d.day`);
  return result.rows;
}
