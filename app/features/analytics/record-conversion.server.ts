import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { skipWrite } from "~/.server/disk-space";
import { getDb } from "~/.server/db/client";
import { analyticsConversions, analyticsEvents, analyticsVisitors, type ConversionKind } from "~/.server/db/tables";
import { logger } from "~/.server/logger";
import { readConsentFromCookieHeader } from "~/features/consent/consent.server";
import { pageViewBuffer, siteHost } from "./collect-page-view.server";
import { readVisitorId } from "./visitor-cookie.server";
import { utcDay } from "~/lib/utc-day";
import { saltFor, visitorKey } from "./visitor-key.server";

/**
 * Conversions and where they came from (docs/analytics.md, "Conversions"). A feature operation
 * calls `recordConversion` once its own work has succeeded; it never throws and never fails
 * the operation it describes.
 */

/** What is needed to find a request's visit: read with `visitFrom` where the request is at hand. */
export type VisitRef = { clientIp: string; userAgent: string | null; visitorId: string | null };

/** The visit reference of a request: address and user agent, and the analytics cookie's id only with consent. */
export async function visitFrom(request: Request, clientIp: string): Promise<VisitRef> {
  const cookieHeader = request.headers.get("Cookie");
  const consented = readConsentFromCookieHeader(cookieHeader) === "accepted";
  return {
    clientIp,
    userAgent: request.headers.get("User-Agent"),
    visitorId: consented ? await readVisitorId(cookieHeader).catch(() => null) : null,
  };
}

type Attribution = {
  entryPath: string;
  referrerHost: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  attributedBy: "cookie" | "visitor-key";
};

export type ConversionInput = {
  kind: ConversionKind;
  /** The lead, submission or subscription; omitted: counted once per visitor and day (AI tools). */
  entityId?: string;
  /** Free detail shown with the conversion (the AI tool's name). */
  detail?: string;
  visit: VisitRef | undefined;
  now?: Date;
};

/**
 * Stores one conversion with its visit: with the analytics cookie (consent), the visitor's
 * first visit; otherwise the first page view today of the same visitor key (address and user
 * agent); a confirmed subscription takes the visit of its sign-up. No visit found: stored
 * without one. Recording the same entity twice keeps the first.
 */
export async function recordConversion(input: ConversionInput): Promise<void> {
  // Free disk space is low: the submission itself is stored, its analytics record is not (docs/decisions/0171).
  if (skipWrite("conversion")) return;
  try {
    await storeConversion(input);
  } catch (error) {
    logger.warn({ err: error, kind: input.kind }, "Analytics: conversion not recorded");
  }
}

async function storeConversion({ kind, entityId, detail, visit, now = new Date() }: ConversionInput): Promise<void> {
  const day = utcDay(now);
  const key =
    visit?.userAgent && visit.clientIp
      ? visitorKey(await saltFor(day), { host: siteHost(), clientIp: visit.clientIp, userAgent: visit.userAgent })
      : null;
  const attribution =
    (kind === "subscriber" && entityId ? await signUpAttribution(entityId) : null) ??
    (visit?.visitorId ? await firstVisitOf(visit.visitorId) : null);
  const row = {
    kind,
    entityId: entityId ?? `${day}:${key ?? randomUUID()}`,
    detail: detail ?? null,
    occurredAt: now,
    day,
    visitorKey: key,
  };
  if (attribution || !key) {
    // Without an attribution its columns are left to their default: null.
    await getDb()
      .insert(analyticsConversions)
      .values({ ...row, ...attribution })
      .onConflictDoNothing();
    return;
  }
  await insertWithEntryOfDay({ ...row, visitorKey: key }, key);
}

/**
 * Stores a conversion with the visitor key's first page view of the day, found in the same
 * statement (one round trip, as a booking or a form's answer pays for it): a stored page view
 * first, else one still waiting in this process's queue, else none.
 */
async function insertWithEntryOfDay(
  row: { kind: ConversionKind; entityId: string; detail: string | null; occurredAt: Date; day: string; visitorKey: string },
  key: string,
): Promise<void> {
  const q = pageViewBuffer().find((event) => event.day === row.day && event.visitorKey === key);
  const stored = (column: string, fallback: string | null | undefined) =>
    sql`case when e.path is not null then ${sql.raw(`e.${column}`)} else ${fallback ?? null}::text end`;
  await getDb().execute(sql`
    insert into ${analyticsConversions}
      (kind, entity_id, detail, occurred_at, day, visitor_key,
       entry_path, referrer_host, utm_source, utm_medium, utm_campaign, attributed_by)
    select ${row.kind}, ${row.entityId}, ${row.detail}::text, ${row.occurredAt.toISOString()}::timestamptz, ${row.day}::date, ${key},
      ${stored("path", q?.path)}, ${stored("referrer_host", q?.referrerHost)}, ${stored("utm_source", q?.utmSource)},
      ${stored("utm_medium", q?.utmMedium)}, ${stored("utm_campaign", q?.utmCampaign)},
      case when e.path is not null or ${q?.path ?? null}::text is not null then 'visitor-key' end
    from (select 1) as one
    left join lateral (
      select ev.path, ev.referrer_host, ev.utm_source, ev.utm_medium, ev.utm_campaign
      from ${analyticsEvents} ev
      where ev.day = ${row.day}::date and ev.visitor_key = ${key}
      order by ev.occurred_at, ev.id
      limit 1
    ) as e on true
    on conflict do nothing`);
}

/** Where a visit came in and from, as a conversion and a visitor both keep it. */
function visitColumns<T extends typeof analyticsConversions | typeof analyticsVisitors>(table: T) {
  const { entryPath, referrerHost, utmSource, utmMedium, utmCampaign } = table;
  return { entryPath, referrerHost, utmSource, utmMedium, utmCampaign };
}

async function signUpAttribution(subscriptionId: string): Promise<Attribution | null> {
  const c = analyticsConversions;
  const [row] = await getDb()
    .select({ ...visitColumns(c), attributedBy: c.attributedBy })
    .from(c)
    .where(and(eq(c.kind, "newsletter-signup"), eq(c.entityId, subscriptionId)))
    .limit(1);
  return row?.entryPath && row.attributedBy ? { ...row, entryPath: row.entryPath, attributedBy: row.attributedBy } : null;
}

async function firstVisitOf(visitorId: string): Promise<Attribution | null> {
  const v = analyticsVisitors;
  const [row] = await getDb().select(visitColumns(v)).from(v).where(eq(v.id, visitorId)).limit(1);
  return row ? { ...row, attributedBy: "cookie" } : null;
}

/**
 * Conversions stored without a visit whose visitor's page view was written a moment later (by
 * another instance's queue): given the day's first page view of their key. Run by the rollup.
 */
export async function attributeLateConversions(fromDay: string): Promise<number> {
  const result = await getDb().execute(sql`
    update analytics_conversions c
    set (entry_path, referrer_host, utm_source, utm_medium, utm_campaign, attributed_by) = (
      select e.path, e.referrer_host, e.utm_source, e.utm_medium, e.utm_campaign, 'visitor-key' from analytics_events e
      where e.day = c.day and e.visitor_key = c.visitor_key
      order by e.occurred_at, e.id limit 1
    )
    where c.entry_path is null and c.visitor_key is not null and c.day >= ${fromDay}
      and exists (select 1 from analytics_events e where e.day = c.day and e.visitor_key = c.visitor_key)`);
  return result.rowCount ?? 0;
}
