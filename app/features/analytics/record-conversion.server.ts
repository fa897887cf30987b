import { randomUUID } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import { skipWrite } from "~/.server/disk-space";
import { getDb } from "~/.server/db/client";
import { analyticsConversions, analyticsEvents, analyticsVisitors, type ConversionKind } from "~/.server/db/tables";
import { getEnv } from "~/.server/env";
import { logger } from "~/.server/logger";
import { readConsentFromCookieHeader } from "~/features/consent/consent.server";
import { pageViewBuffer } from "./collect-page-view.server";
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
      ? visitorKey(await saltFor(day), {
          host: new URL(getEnv().PUBLIC_URL).hostname,
          clientIp: visit.clientIp,
          userAgent: visit.userAgent,
        })
      : null;
  const attribution =
    (kind === "subscriber" && entityId ? await signUpAttribution(entityId) : null) ??
    (visit?.visitorId ? await firstVisitOf(visit.visitorId) : null) ??
    (key ? await entryOfDay(day, key) : null);
  await getDb()
    .insert(analyticsConversions)
    .values({
      kind,
      entityId: entityId ?? `${day}:${key ?? randomUUID()}`,
      detail: detail ?? null,
      occurredAt: now,
      day,
      visitorKey: key,
      entryPath: attribution?.entryPath ?? null,
      referrerHost: attribution?.referrerHost ?? null,
      utmSource: attribution?.utmSource ?? null,
      utmMedium: attribution?.utmMedium ?? null,
      utmCampaign: attribution?.utmCampaign ?? null,
      attributedBy: attribution?.attributedBy ?? null,
    })
    .onConflictDoNothing();
}

async function signUpAttribution(subscriptionId: string): Promise<Attribution | null> {
  const c = analyticsConversions;
  const [row] = await getDb()
    .select({
      entryPath: c.entryPath,
      referrerHost: c.referrerHost,
      utmSource: c.utmSource,
      utmMedium: c.utmMedium,
      utmCampaign: c.utmCampaign,
      attributedBy: c.attributedBy,
    })
    .from(c)
    .where(and(eq(c.kind, "newsletter-signup"), eq(c.entityId, subscriptionId)))
    .limit(1);
  return row?.entryPath && row.attributedBy ? { ...row, entryPath: row.entryPath, attributedBy: row.attributedBy } : null;
}

async function firstVisitOf(visitorId: string): Promise<Attribution | null> {
  const v = analyticsVisitors;
  const [row] = await getDb()
    .select({
      entryPath: v.entryPath,
      referrerHost: v.referrerHost,
      utmSource: v.utmSource,
      utmMedium: v.utmMedium,
      utmCampaign: v.utmCampaign,
    })
    .from(v)
    .where(eq(v.id, visitorId))
    .limit(1);
  return row ? { ...row, attributedBy: "cookie" } : null;
}

/** The visitor's first page view of the day: stored, or still waiting in this process's queue. */
async function entryOfDay(day: string, key: string): Promise<Attribution | null> {
  const e = analyticsEvents;
  const [row] = await getDb()
    .select({ entryPath: e.path, referrerHost: e.referrerHost, utmSource: e.utmSource, utmMedium: e.utmMedium, utmCampaign: e.utmCampaign })
    .from(e)
    .where(and(eq(e.day, day), eq(e.visitorKey, key)))
    .orderBy(asc(e.occurredAt), asc(e.id))
    .limit(1);
  if (row) return { ...row, attributedBy: "visitor-key" };
  const queued = pageViewBuffer().find((event) => event.day === day && event.visitorKey === key);
  return queued
    ? {
        entryPath: queued.path,
        referrerHost: queued.referrerHost,
        utmSource: queued.utmSource,
        utmMedium: queued.utmMedium,
        utmCampaign: queued.utmCampaign,
        attributedBy: "visitor-key",
      }
    : null;
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
