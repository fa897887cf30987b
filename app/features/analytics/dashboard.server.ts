import { aiRequestsByDay } from "~/.server/ai";
import { getEnv } from "~/.server/env";
import { toCsv } from "~/features/admin/csv.server";
import { feedState, feedStateLabels } from "~/features/news/read/feed-state";
import { listFeedHealth } from "~/features/news/read/list-feed-health.server";
import { listIssueOutcomes } from "~/features/newsletter/list-issues.server";
import { barChart, formatNumber, lineChart, shortDay, type ChartModel } from "./charts.server";
import { numberColumn, textColumn } from "./columns.server";
import { conversionCounts, leadsPerWeek, subscribersByDay, trafficRows, type ConversionCount } from "./dashboard-data.server";
import { DASHBOARD_RANGES, type DashboardRange, type DashboardTableId } from "./dashboard-options";
import { NOT_FOUND_PATH } from "./page-view.server";
import { enquiriesByStage, funnelCounts, replyTimeSummary, replyTimesPerWeek, wonValues } from "./pipeline-data.server";
import {
  DIRECT_SOURCE,
  funnelTable,
  NO_VISIT,
  replySummary,
  replyTimesTable,
  stagesTable,
  wonByCampaignTable,
  wonBySourceTable,
} from "./pipeline-tables.server";
import { addDays, OTHER_VALUE, type DailyRow } from "./rollup.server";
import { utcDay } from "~/lib/utc-day";

/**
 * The admin dashboard (docs/admin.md, docs/analytics.md): everything on `/admin` for a range
 * of 7, 30 or 90 days ending today (UTC), as KPIs, chart geometry and tables. The tables are
 * the charts' numbers too, and each can be downloaded as CSV.
 */

export type Cell = string | number | null;
/** `short`: the header on narrow screens (the full one stays for screen readers). */
export type Column = { key: string; header: string; short?: string; numeric?: boolean };
export type DataTable = { id: DashboardTableId; title: string; columns: Column[]; rows: Array<Record<string, Cell>> };
export type Kpi = { label: string; value: string; detail: string; change: number | null };

export type Dashboard = {
  range: DashboardRange;
  fromDay: string;
  toDay: string;
  kpis: Kpi[];
  charts: Record<"traffic" | "leads" | "subscribers" | "issues" | "ai", ChartModel>;
  tables: Record<DashboardTableId, DataTable>;
  feeds: { total: number; ok: number; attention: Array<{ title: string; state: string }> };
  ai: { budget: number; today: number; tokenBudget: number; tokensToday: number };
  /** The range's time to first reply in one sentence ("Median 3 h, … Still waiting: 2."). */
  replies: string;
};

export function parseRange(value: string | null | undefined): DashboardRange {
  const days = Number(value);
  return (DASHBOARD_RANGES as readonly number[]).includes(days) ? (days as DashboardRange) : 30;
}

export const CONVERSION_LABELS: Record<string, string> = {
  lead: "Chat leads",
  apply: "Idea applications",
  mentoring: "Mentoring requests",
  booking: "Mentoring bookings",
  contact: "Contact messages",
  subscriber: "Confirmed subscribers",
  "ai-tool": "Try AI users",
};

/** How the stored buckets read on the dashboard (docs/analytics.md, "Bounds"). */
export const NOT_FOUND_LABEL = "Page not found (any unknown address)";
const OTHER_LABELS = {
  page: "Other pages (over the day's limit)",
  source: "Other sources (over the day's limit)",
  campaign: "Other campaigns (over the day's limit)",
  referrer: "Other sites (over the day's limit)",
} as const;

/** A stored value as a person reads it: the "(other)" and "(not found)" buckets say what they hold. */
function shown(dimension: keyof typeof OTHER_LABELS, value: string): string {
  if (value === OTHER_VALUE) return OTHER_LABELS[dimension];
  if (dimension === "page" && value === NOT_FOUND_PATH) return NOT_FOUND_LABEL;
  return value;
}

type Sum = { views: number; visitors: number };
type Totals = Map<string, Map<string, Sum>>;

/** Rows summed over the days, per dimension and value. */
function sumByValue(rows: DailyRow[]): Totals {
  const totals: Totals = new Map();
  for (const row of rows) {
    const dimension = totals.get(row.dimension) ?? new Map<string, Sum>();
    const sum = dimension.get(row.value) ?? { views: 0, visitors: 0 };
    sum.views += row.views;
    sum.visitors += row.visitors;
    dimension.set(row.value, sum);
    totals.set(row.dimension, dimension);
  }
  return totals;
}

const total = (totals: Totals, dimension: string): Sum => totals.get(dimension)?.get("") ?? { views: 0, visitors: 0 };
const rate = (conversions: number, visitors: number): Cell => (visitors > 0 ? Math.round((conversions / visitors) * 1000) / 10 : null);
const change = (now: number, before: number): number | null => (before > 0 ? Math.round(((now - before) / before) * 100) : null);

export async function loadDashboard(range: DashboardRange, now = new Date()): Promise<Dashboard> {
  const toDay = utcDay(now);
  const fromDay = addDays(toDay, -(range - 1));
  const previousFrom = addDays(fromDay, -range);
  const weeksFrom = addDays(toDay, -7 * (Math.max(8, Math.ceil(range / 7)) - 1));
  const [rows, previousRows, conversions, previousConversions, weeks, subscribers, issues, aiDays, feeds, pipeline] = await Promise.all([
    trafficRows(fromDay, toDay, toDay),
    trafficRows(previousFrom, addDays(fromDay, -1), toDay),
    conversionCounts(fromDay, toDay),
    conversionCounts(previousFrom, addDays(fromDay, -1)),
    leadsPerWeek(weeksFrom),
    subscribersByDay(fromDay, toDay),
    listIssueOutcomes(fromDay),
    aiRequestsByDay(fromDay, toDay),
    listFeedHealth(),
    pipelineFigures(fromDay, toDay, weeksFrom),
  ]);
  const days = Array.from({ length: range }, (_, index) => addDays(fromDay, index));
  const totals = sumByValue(rows);
  const traffic = trafficTable(rows, days);
  const tables = {
    traffic,
    ...breakdownTables(totals, conversions),
    conversions: conversionsTable(conversions),
    leads: {
      id: "leads",
      title: "Leads per week",
      columns: [textColumn("week", "Week of"), numberColumn("leads", "Chat leads"), numberColumn("submissions", "Form submissions")],
      rows: weeks,
    },
    subscribers: {
      id: "subscribers",
      title: "Confirmed subscribers",
      columns: [
        textColumn("day", "Day"),
        numberColumn("confirmed", "Confirmed subscribers"),
        numberColumn("newConfirmed", "New confirmations"),
      ],
      rows: subscribers,
    },
    issues: issuesTable(issues),
    "ai-usage": aiTable(days, aiDays),
    feeds: feedsTable(feeds, now),
    "reply-times": replyTimesTable(pipeline.replyWeeks),
    stages: stagesTable(pipeline.stages),
    "won-by-source": wonBySourceTable(pipeline.won),
    "won-by-campaign": wonByCampaignTable(pipeline.won),
    funnel: funnelTable(total(totals, "total").visitors, pipeline.funnel),
  } satisfies Record<DashboardTableId, DataTable>;
  return {
    range,
    fromDay,
    toDay,
    kpis: kpis(totals, sumByValue(previousRows), conversions, previousConversions, range),
    charts: charts(tables, range),
    tables,
    feeds: feedSummary(tables.feeds),
    ai: aiToday(aiDays.find((row) => row.day === toDay)),
    replies: replySummary(pipeline.replySummary),
  };
}

/** The inbox's figures (pipeline-data.server.ts), one query after another: one connection for the lot. */
async function pipelineFigures(fromDay: string, toDay: string, weeksFrom: string) {
  return {
    replyWeeks: await replyTimesPerWeek(weeksFrom),
    replySummary: await replyTimeSummary(fromDay, toDay),
    stages: await enquiriesByStage(fromDay, toDay),
    won: await wonValues(fromDay, toDay),
    funnel: await funnelCounts(fromDay, toDay),
  };
}

const countOf = (list: ConversionCount[]) => list.reduce((sum, row) => sum + row.count, 0);

/**
 * The dashboard's conversion rate: conversions linked to a counted visit (their source is known)
 * per visitor, in percent with one decimal, never above 100. Conversions no visit was found for
 * (cookies declined and the day's key changed, a bot's form, the JSON API) are counted apart:
 * they have no visitor in the denominator, and dividing them by visitors once gave 340 %.
 */
export function conversionRate(
  conversions: ConversionCount[],
  visitors: number,
): { percent: number | null; linked: number; unlinked: number } {
  const unlinked = countOf(conversions.filter((row) => row.source === null));
  const linked = countOf(conversions) - unlinked;
  const percent = visitors > 0 ? Math.min(100, Math.round((linked / visitors) * 1000) / 10) : null;
  return { percent, linked, unlinked };
}

function kpis(
  totals: Totals,
  previous: Totals,
  conversions: ConversionCount[],
  previousConversions: ConversionCount[],
  range: number,
): Kpi[] {
  const now = total(totals, "total");
  const before = total(previous, "total");
  const converted = countOf(conversions);
  const convertedBefore = countOf(previousConversions);
  const consented = total(totals, "consented").visitors;
  const returning = total(totals, "returning").visitors;
  const rateNow = conversionRate(conversions, now.visitors);
  const rateBefore = conversionRate(previousConversions, before.visitors).percent;
  const unlinkedNote = rateNow.unlinked > 0 ? ` (+ ${formatNumber(rateNow.unlinked)} not linked to a visit)` : "";
  const versus = `vs the ${range} days before`;
  const compared = (label: string, value: number, valueBefore: number): Kpi => ({
    label,
    value: formatNumber(value),
    detail: `${formatNumber(valueBefore)} ${versus}`,
    change: change(value, valueBefore),
  });
  return [
    compared("Visitors", now.visitors, before.visitors),
    compared("Page views", now.views, before.views),
    compared("Conversions", converted, convertedBefore),
    {
      label: "Conversion rate",
      value: rateNow.percent === null ? "–" : `${rateNow.percent}%`,
      detail: (rateBefore === null ? "no visitors before" : `${rateBefore}% ${versus}`) + unlinkedNote,
      change: rateNow.percent !== null && rateBefore !== null ? change(rateNow.percent, rateBefore) : null,
    },
    {
      label: "Returning visitors",
      value: formatNumber(returning),
      detail: `of ${formatNumber(consented)} who accepted analytics cookies`,
      change: null,
    },
  ];
}

function trafficTable(rows: DailyRow[], days: string[]): DataTable {
  const byDay = new Map(rows.filter((row) => row.dimension === "total").map((row) => [row.day, row]));
  return {
    id: "traffic",
    title: "Visitors and page views per day",
    columns: [textColumn("day", "Day"), numberColumn("visitors", "Visitors"), numberColumn("views", "Page views")],
    rows: days.map((day) => ({ day, visitors: byDay.get(day)?.visitors ?? 0, views: byDay.get(day)?.views ?? 0 })),
  };
}

function ranked(totals: Totals, dimension: string) {
  return [...(totals.get(dimension) ?? new Map<string, Sum>())].sort(
    ([a, x], [b, y]) => y.visitors - x.visitors || y.views - x.views || a.localeCompare(b),
  );
}

function breakdownTables(totals: Totals, conversions: ConversionCount[]) {
  const bySource = new Map<string | null, number>();
  const byCampaign = new Map<string, number>();
  for (const row of conversions) {
    bySource.set(row.source, (bySource.get(row.source) ?? 0) + row.count);
    if (row.campaign) byCampaign.set(row.campaign, (byCampaign.get(row.campaign) ?? 0) + row.count);
  }
  const sourceLabel = (value: string) => (value ? shown("source", value) : DIRECT_SOURCE);
  const sources = ranked(totals, "source").map(([value, sum]) => {
    const converted = bySource.get(value) ?? 0;
    return { source: sourceLabel(value), visitors: sum.visitors, conversions: converted, rate: rate(converted, sum.visitors) };
  });
  for (const [source, count] of bySource) {
    if (source !== null && !totals.get("source")?.has(source))
      sources.push({ source: sourceLabel(source), visitors: 0, conversions: count, rate: null });
  }
  if (bySource.get(null)) sources.push({ source: NO_VISIT, visitors: 0, conversions: bySource.get(null) ?? 0, rate: null });
  const visitorColumns = (key: string, header: string): Column[] => [textColumn(key, header), numberColumn("visitors", "Visitors")];
  const conversionColumns: Column[] = [numberColumn("conversions", "Conversions", "Conv."), numberColumn("rate", "Rate (%)", "%")];
  return {
    pages: {
      id: "pages" as const,
      title: "Top pages",
      columns: [textColumn("path", "Page"), numberColumn("views", "Page views", "Views"), numberColumn("visitors", "Visitors")],
      rows: ranked(totals, "page")
        .sort(([, x], [, y]) => y.views - x.views)
        .map(([path, sum]) => ({ path: shown("page", path), views: sum.views, visitors: sum.visitors })),
    },
    sources: {
      id: "sources" as const,
      title: "Sources and conversions",
      columns: [...visitorColumns("source", "Source"), ...conversionColumns],
      rows: sources,
    },
    campaigns: {
      id: "campaigns" as const,
      title: "Campaigns",
      columns: [...visitorColumns("campaign", "Campaign"), ...conversionColumns],
      rows: ranked(totals, "campaign").map(([campaign, sum]) => ({
        campaign: shown("campaign", campaign),
        visitors: sum.visitors,
        conversions: byCampaign.get(campaign) ?? 0,
        rate: rate(byCampaign.get(campaign) ?? 0, sum.visitors),
      })),
    },
    referrers: {
      id: "referrers" as const,
      title: "Referrers",
      columns: visitorColumns("referrer", "Referring site"),
      rows: ranked(totals, "referrer")
        .filter(([host]) => host !== "")
        .map(([referrer, sum]) => ({ referrer: shown("referrer", referrer), visitors: sum.visitors })),
    },
    devices: {
      id: "devices" as const,
      title: "Devices",
      columns: visitorColumns("device", "Device"),
      rows: ranked(totals, "device").map(([device, sum]) => ({
        device: device.charAt(0).toUpperCase() + device.slice(1),
        visitors: sum.visitors,
      })),
    },
  };
}

function conversionsTable(conversions: ConversionCount[]): DataTable {
  const rows = Object.entries(CONVERSION_LABELS).map(([kind, label]) => {
    const ofKind = conversions.filter((row) => row.kind === kind);
    const linked = ofKind.filter((row) => row.source !== null);
    return { kind: label, conversions: countOf(ofKind), linked: countOf(linked) };
  });
  return {
    id: "conversions",
    title: "Conversions by kind",
    columns: [textColumn("kind", "Conversion"), numberColumn("conversions", "Count"), numberColumn("linked", "With a visit")],
    rows,
  };
}

function issuesTable(issues: Awaited<ReturnType<typeof listIssueOutcomes>>): DataTable {
  return {
    id: "issues",
    title: "Newsletter issues",
    columns: [
      textColumn("issueDate", "Issue (UTC day)"),
      numberColumn("delivered", "Delivered"),
      numberColumn("bounced", "Bounced"),
      numberColumn("failed", "Failed"),
      numberColumn("unsubscribed", "Unsubscribed"),
      textColumn("status", "Status"),
    ],
    rows: issues.map(({ issueDate, delivered, bounced, failed, unsubscribed, status }) => ({
      issueDate,
      delivered,
      bounced,
      failed,
      unsubscribed,
      status,
    })),
  };
}

type AiDay = { day: string; requests: number; tokens: number };

function aiToday(row: AiDay | undefined): Dashboard["ai"] {
  const env = getEnv();
  return {
    budget: env.AI_DAILY_REQUEST_BUDGET,
    today: row?.requests ?? 0,
    tokenBudget: env.AI_DAILY_TOKEN_BUDGET,
    tokensToday: row?.tokens ?? 0,
  };
}

function aiTable(days: string[], aiDays: AiDay[]): DataTable {
  const budget = getEnv().AI_DAILY_REQUEST_BUDGET;
  const byDay = new Map(aiDays.map((row) => [row.day, row]));
  return {
    id: "ai-usage",
    title: "AI requests against the daily budget",
    columns: [
      textColumn("day", "Day"),
      numberColumn("requests", "AI requests"),
      numberColumn("budget", "Daily budget"),
      numberColumn("used", "Budget used (%)"),
      numberColumn("tokens", "Tokens reported"),
    ],
    rows: days.map((day) => {
      const requests = byDay.get(day)?.requests ?? 0;
      return { day, requests, budget, used: Math.round((requests / budget) * 1000) / 10, tokens: byDay.get(day)?.tokens ?? 0 };
    }),
  };
}

function feedsTable(feeds: Awaited<ReturnType<typeof listFeedHealth>>, now: Date): DataTable {
  return {
    id: "feeds",
    title: "Feed health",
    columns: [
      textColumn("feed", "Feed"),
      textColumn("state", "State"),
      numberColumn("failures", "Failures in a row"),
      textColumn("lastSuccess", "Last success (UTC)"),
    ],
    rows: feeds.map((feed) => ({
      feed: feed.title ?? feed.url,
      state: feedStateLabels[feedState(feed, now)],
      failures: feed.consecutiveFailures,
      lastSuccess: feed.lastSuccessAt ? feed.lastSuccessAt.toISOString().slice(0, 16).replace("T", " ") : null,
    })),
  };
}

function feedSummary(table: DataTable): Dashboard["feeds"] {
  const healthy = new Set([feedStateLabels.ok, feedStateLabels["not-fetched"]]);
  return {
    total: table.rows.length,
    ok: table.rows.filter((row) => row.state === feedStateLabels.ok).length,
    attention: table.rows
      .filter((row) => !healthy.has(String(row.state)))
      .map((row) => ({ title: String(row.feed), state: String(row.state) })),
  };
}

function charts(tables: Dashboard["tables"], range: number): Dashboard["charts"] {
  const column = (table: DataTable, key: string) => table.rows.map((row) => Number(row[key] ?? 0));
  const dayLabels = tables.traffic.rows.map((row) => shortDay(String(row.day)));
  const sum = (values: number[]) => formatNumber(values.reduce((a, b) => a + b, 0));
  const visitors = column(tables.traffic, "visitors");
  const views = column(tables.traffic, "views");
  const leads = column(tables.leads, "leads");
  const submissions = column(tables.leads, "submissions");
  const subscribers = column(tables.subscribers, "confirmed");
  const requests = column(tables["ai-usage"], "requests");
  const budget = getEnv().AI_DAILY_REQUEST_BUDGET;
  return {
    traffic: lineChart(
      {
        id: "chart-traffic",
        title: `Visitors and page views, last ${range} days`,
        description: `${sum(visitors)} visitors and ${sum(views)} page views; peak ${formatNumber(Math.max(0, ...views))} page views in a day.`,
      },
      dayLabels,
      [
        { name: "Page views", tone: "violet", values: views },
        { name: "Visitors", tone: "aurora", values: visitors },
      ],
    ),
    leads: barChart(
      {
        id: "chart-leads",
        title: "Leads per week",
        description: `${sum(leads)} chat leads and ${sum(submissions)} form submissions in ${leads.length} weeks.`,
      },
      tables.leads.rows.map((row) => shortDay(String(row.week))),
      [
        { name: "Chat leads", tone: "aurora", values: leads },
        { name: "Form submissions", tone: "violet", values: submissions },
      ],
    ),
    subscribers: lineChart(
      {
        id: "chart-subscribers",
        title: "Confirmed subscribers",
        description: `${formatNumber(subscribers.at(-1) ?? 0)} confirmed subscribers today, ${formatNumber(subscribers[0] ?? 0)} at the start of the range.`,
      },
      dayLabels,
      [{ name: "Confirmed subscribers", tone: "aurora", values: subscribers }],
    ),
    issues: barChart(
      {
        id: "chart-issues",
        title: "Newsletter issues",
        description: `${tables.issues.rows.length} issues: ${sum(column(tables.issues, "delivered"))} delivered, ${sum(column(tables.issues, "bounced"))} bounced, ${sum(column(tables.issues, "failed"))} failed, ${sum(column(tables.issues, "unsubscribed"))} unsubscribed after.`,
      },
      tables.issues.rows.map((row) => shortDay(String(row.issueDate))),
      [
        { name: "Delivered", tone: "aurora", values: column(tables.issues, "delivered") },
        { name: "Bounced", tone: "amber", values: column(tables.issues, "bounced") },
        { name: "Failed", tone: "danger", values: column(tables.issues, "failed") },
      ],
    ),
    ai: barChart(
      {
        id: "chart-ai",
        title: "AI requests per day",
        description: `${sum(requests)} AI requests; busiest day ${formatNumber(Math.max(0, ...requests))} of a daily budget of ${formatNumber(budget)}.`,
      },
      dayLabels,
      [{ name: "AI requests", tone: "violet", values: requests }],
      { reference: { value: budget, text: `Daily budget ${formatNumber(budget)}` } },
    ),
  };
}

/** One table of the dashboard as CSV (the export links). */
export async function dashboardCsv(
  range: DashboardRange,
  tableId: DashboardTableId,
  now = new Date(),
): Promise<{ csv: string; filename: string }> {
  const dashboard = await loadDashboard(range, now);
  const table = dashboard.tables[tableId];
  return {
    csv: toCsv(table.columns, table.rows),
    filename: `${tableId}-${dashboard.fromDay}-to-${dashboard.toDay}.csv`,
  };
}
