import { sql } from "drizzle-orm";
import { getDb } from "~/.server/db/client";

/**
 * The inbox's figures on the dashboard (docs/analytics.md, "Enquiries and replies"), read from
 * `enquiries` and, for where the won ones came from, `analytics_conversions`. Enquiries held for
 * review are left out everywhere, as the other conversion figures leave them out. "In the range"
 * means created (or, for won value, won) on a UTC day of the range.
 */

const createdInRange = (fromDay: string, toDay: string) =>
  sql`held_at is null and (created_at at time zone 'UTC')::date between ${fromDay}::date and ${toDay}::date`;

export type ReplyTimeWeek = {
  week: string;
  enquiries: number;
  replied: number;
  /** Hours from the enquiry to our first reply; null for a week without replies. */
  medianHours: number | null;
  p90Hours: number | null;
  /** Without a first reply, and the person waits for our answer. */
  waiting: number;
};

/**
 * Time to first reply per week of the enquiries' creation (weeks start on Monday, UTC), from
 * the week of `fromDay` to this one: the median and the 90th percentile of
 * `first_reply_at - created_at` over the week's replied enquiries (PostgreSQL's
 * `percentile_cont`: interpolated between the two nearest values, as spreadsheets'
 * PERCENTILE.INC; with one value both are that value), and how many still wait for a first one.
 */
export async function replyTimesPerWeek(fromDay: string): Promise<ReplyTimeWeek[]> {
  const result = await getDb().execute<ReplyTimeWeek>(sql`
    with weeks as (
      select generate_series(date_trunc('week', ${fromDay}::timestamp), date_trunc('week', now() at time zone 'UTC'), interval '1 week') as week
    ),
    e as (
      select date_trunc('week', created_at at time zone 'UTC') as week,
        extract(epoch from first_reply_at - created_at) / 3600.0 as hours,
        (first_reply_at is null and waiting_since is not null) as waiting
      from enquiries
      where held_at is null and created_at at time zone 'UTC' >= date_trunc('week', ${fromDay}::timestamp)
    )
    select to_char(w.week, 'YYYY-MM-DD') as week, count(e.week)::int as enquiries, count(e.hours)::int as replied,
      percentile_cont(0.5) within group (order by e.hours) as "medianHours",
      percentile_cont(0.9) within group (order by e.hours) as "p90Hours",
      count(*) filter (where e.waiting)::int as waiting
    from weeks w left join e on e.week = w.week
    group by w.week order by w.week`);
  return result.rows.map((row) => ({ ...row, medianHours: toNumber(row.medianHours), p90Hours: toNumber(row.p90Hours) }));
}

export type ReplyTimeSummary = { enquiries: number; replied: number; medianHours: number | null; p90Hours: number | null; waiting: number };

/** The same figures over the enquiries created in the range. */
export async function replyTimeSummary(fromDay: string, toDay: string): Promise<ReplyTimeSummary> {
  const result = await getDb().execute<ReplyTimeSummary>(sql`
    select count(*)::int as enquiries, count(first_reply_at)::int as replied,
      percentile_cont(0.5) within group (order by extract(epoch from first_reply_at - created_at) / 3600.0) as "medianHours",
      percentile_cont(0.9) within group (order by extract(epoch from first_reply_at - created_at) / 3600.0) as "p90Hours",
      count(*) filter (where first_reply_at is null and waiting_since is not null)::int as waiting
    from enquiries where ${createdInRange(fromDay, toDay)}`);
  const row = result.rows[0] ?? { enquiries: 0, replied: 0, medianHours: null, p90Hours: null, waiting: 0 };
  return { ...row, medianHours: toNumber(row.medianHours), p90Hours: toNumber(row.p90Hours) };
}

export type StageCount = { pipeline: "enquiries" | "mentoring"; stage: string; count: number };

/** Enquiries created in the range by their stage now: the pipeline's, and mentoring requests' (and bookings') apart. */
export async function enquiriesByStage(fromDay: string, toDay: string): Promise<StageCount[]> {
  const result = await getDb().execute<StageCount>(sql`
    select case when kind in ('mentoring', 'booking') then 'mentoring' else 'enquiries' end as pipeline, stage, count(*)::int as count
    from enquiries where ${createdInRange(fromDay, toDay)}
    group by 1, 2`);
  return result.rows;
}

export type WonValue = { source: string | null; campaign: string | null; currency: string | null; won: number; valueMinor: number | null };

/**
 * Enquiries won on a day of the range, with their value summed per currency (never across
 * currencies), by where the person first came from: the visit recorded with the enquiry's lead
 * or submission in `analytics_conversions` (the consented visitor's first visit, else the
 * day's first page view; docs/analytics.md, "Conversions"). `source` is the campaign's
 * utm_source, else the referrer's host, '' for a direct visit, null when no visit was found.
 */
export async function wonValues(fromDay: string, toDay: string): Promise<WonValue[]> {
  const result = await getDb().execute<WonValue>(sql`
    select case when c.entry_path is null then null else coalesce(c.utm_source, c.referrer_host, '') end as source,
      c.utm_campaign as campaign, e.currency, count(*)::int as won, sum(e.value_minor)::text as "valueMinor"
    from enquiries e
    left join analytics_conversions c on c.kind = e.kind and c.entity_id = e.source_id::text
    where e.held_at is null and e.stage = 'won'
      and (e.stage_changed_at at time zone 'UTC')::date between ${fromDay}::date and ${toDay}::date
    group by 1, 2, 3`);
  return result.rows.map((row) => ({ ...row, valueMinor: toNumber(row.valueMinor) }));
}

export type FunnelCounts = { enquiries: number; replied: number; won: number };

/** Of the enquiries created in the range: how many there are, how many we replied to, how many are won now. */
export async function funnelCounts(fromDay: string, toDay: string): Promise<FunnelCounts> {
  const result = await getDb().execute<FunnelCounts>(sql`
    select count(*)::int as enquiries, count(first_reply_at)::int as replied, count(*) filter (where stage = 'won')::int as won
    from enquiries where ${createdInRange(fromDay, toDay)}`);
  return result.rows[0] ?? { enquiries: 0, replied: 0, won: 0 };
}

function toNumber(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}
