import { sql } from "drizzle-orm";
import { bigserial, check, date, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, timestamptz } from "./columns";

/**
 * First-party analytics (docs/analytics.md). No IP address and no user agent is stored: a page
 * view carries a visitor key, an HMAC of (the day's salt, site host, IP, user agent), and the
 * salt is deleted once its day is over, so a key can neither be recomputed nor linked to the
 * keys of other days.
 */

/**
 * Where a visit came from: the host of an outside referring page (null for direct visits and
 * links within the site) and the campaign tags.
 */
const visitSource = () => ({
  referrerHost: text("referrer_host"),
  utmSource: text("utm_source"),
  utmMedium: text("utm_medium"),
  utmCampaign: text("utm_campaign"),
});

/** One random salt per UTC day; rows of past days are deleted by the daily analytics job. */
export const analyticsSalts = pgTable("analytics_salts", {
  day: date("day", { mode: "string" }).primaryKey(),
  /** 32 random bytes, base64. */
  salt: text("salt").notNull(),
  createdAt: createdAt(),
});

export type DeviceClass = "mobile" | "tablet" | "desktop";

/**
 * Raw page views, written in batches by the beacon endpoint's buffer, rolled up into
 * `analytics_daily` and deleted after ANALYTICS_RETENTION_DAYS.
 */
export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    occurredAt: timestamptz("occurred_at").notNull(),
    /** The UTC day of `occurredAt` (the day whose salt made `visitorKey`). */
    day: date("day", { mode: "string" }).notNull(),
    path: text("path").notNull(),
    ...visitSource(),
    device: text("device").$type<DeviceClass>().notNull(),
    /** base64url HMAC-SHA256 (22 characters): the same for one browser on one address during one UTC day. */
    visitorKey: text("visitor_key").notNull(),
    /** The first-party analytics cookie's id: only with consent ("accepted"). */
    visitorId: uuid("visitor_id"),
  },
  (t) => [
    // A visitor's page views of a day in order: their entry page (attribution, rollups).
    index("analytics_events_day_visitor_idx").on(t.day, t.visitorKey, t.occurredAt),
    check("analytics_events_device_check", sql`${t.device} in ('mobile', 'tablet', 'desktop')`),
  ],
);

/**
 * Visitors who accepted analytics cookies: the first visit's entry page, referrer and campaign
 * (first-touch attribution), kept while their cookie can exist.
 */
export const analyticsVisitors = pgTable("analytics_visitors", {
  id: uuid("id").primaryKey(),
  firstDay: date("first_day", { mode: "string" }).notNull(),
  lastDay: date("last_day", { mode: "string" }).notNull(),
  entryPath: text("entry_path").notNull(),
  ...visitSource(),
});

/**
 * Daily aggregates, recomputed from the raw events by the rollup job (idempotent: a day's rows
 * are replaced as a whole). `dimension` names the breakdown (`total`, `page`, `source`...),
 * `value` the item ('' for totals and for "none").
 */
export const analyticsDaily = pgTable(
  "analytics_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    dimension: text("dimension").notNull(),
    value: text("value").notNull(),
    views: integer("views").notNull(),
    visitors: integer("visitors").notNull(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.day, t.dimension, t.value] })],
);

export type ConversionKind = "lead" | "apply" | "mentoring" | "booking" | "contact" | "newsletter-signup" | "subscriber" | "ai-tool";

/**
 * Where each conversion came from: the visit (entry page, referrer, campaign) of the visitor
 * who made it. Kept apart from the leads, submissions and subscriptions themselves.
 * `entryPath` null: no visit was found (no beacon, another day, a script).
 */
export const analyticsConversions = pgTable(
  "analytics_conversions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind").$type<ConversionKind>().notNull(),
    /** The lead, submission or subscription id; for AI tools, one a visitor and day. */
    entityId: text("entity_id").notNull(),
    /** For AI tools: which tool. */
    detail: text("detail"),
    occurredAt: timestamptz("occurred_at").notNull().defaultNow(),
    day: date("day", { mode: "string" }).notNull(),
    /** The day's visitor key, so a visit stored a moment later can still be found (rollup job). */
    visitorKey: text("visitor_key"),
    entryPath: text("entry_path"),
    ...visitSource(),
    /** How the visit was found: the consented cookie's first visit, or the day's visitor key. */
    attributedBy: text("attributed_by").$type<"cookie" | "visitor-key">(),
  },
  (t) => [uniqueIndex("analytics_conversions_kind_entity_idx").on(t.kind, t.entityId), index("analytics_conversions_day_idx").on(t.day)],
);
