import { mentoringStages, salesStages, stageLabels } from "~/features/inbox/stages";
import { majorUnits } from "~/lib/money";
import { formatNumber } from "./charts.server";
import { numberColumn, textColumn } from "./columns.server";
import type { DataTable } from "./dashboard.server";
import type { FunnelCounts, ReplyTimeSummary, ReplyTimeWeek, StageCount, WonValue } from "./pipeline-data.server";

/**
 * The dashboard's tables of the inbox (docs/analytics.md, "Enquiries and replies"): time to
 * first reply per week, enquiries by stage, won value by source and by campaign (one row per
 * currency: amounts in different currencies are never added), and the funnel.
 */

/** How a won enquiry's and a conversion's source reads: none, or no visit found. */
export const DIRECT_SOURCE = "Direct / none";
export const NO_VISIT = "Not linked to a visit";
export const NO_CAMPAIGN = "No campaign";
export const NO_VALUE = "No value set";

const oneDecimal = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);

/** "45 min", "5.5 h", "3.2 days": a reply time as a person reads it. */
export function formatHours(hours: number | null): string {
  if (hours === null) return "–";
  if (hours < 1) return `${Math.round(hours * 60)} min`;
  if (hours < 48) return `${formatNumber(oneDecimal(hours)!)} h`;
  return `${formatNumber(oneDecimal(hours / 24)!)} days`;
}

export function replyTimesTable(weeks: ReplyTimeWeek[]): DataTable {
  return {
    id: "reply-times",
    title: "Time to first reply per week",
    columns: [
      textColumn("week", "Week of"),
      numberColumn("enquiries", "Enquiries", "Enq."),
      numberColumn("replied", "Replied", "Repl."),
      numberColumn("medianHours", "Median (hours)", "Med. h"),
      numberColumn("p90Hours", "90th percentile (hours)", "P90 h"),
      numberColumn("waiting", "Still waiting", "Wait"),
    ],
    rows: weeks.map((week) => ({ ...week, medianHours: oneDecimal(week.medianHours), p90Hours: oneDecimal(week.p90Hours) })),
  };
}

/** The range's reply figures in one sentence. */
export function replySummary(summary: ReplyTimeSummary): string {
  if (summary.enquiries === 0) return "No enquiries in this range.";
  const replied =
    summary.replied === 0
      ? "No first reply yet"
      : `Median ${formatHours(summary.medianHours)}, 90th percentile ${formatHours(summary.p90Hours)}, over ${formatNumber(summary.replied)} replied ${summary.replied === 1 ? "enquiry" : "enquiries"}`;
  return `${replied}. Still waiting: ${formatNumber(summary.waiting)}.`;
}

export function stagesTable(counts: StageCount[]): DataTable {
  const countOf = (pipeline: StageCount["pipeline"], stage: string) =>
    counts.find((row) => row.pipeline === pipeline && row.stage === stage)?.count ?? 0;
  return {
    id: "stages",
    title: "Enquiries by stage",
    columns: [textColumn("stage", "Stage"), numberColumn("enquiries", "Enquiries")],
    rows: [
      ...salesStages.map((stage) => ({ stage: stageLabels[stage], enquiries: countOf("enquiries", stage) })),
      ...mentoringStages.map((stage) => ({ stage: `Mentoring: ${stageLabels[stage]}`, enquiries: countOf("mentoring", stage) })),
    ],
  };
}

function wonTable(id: "won-by-source" | "won-by-campaign", values: WonValue[], keyOf: (row: WonValue) => string): DataTable {
  const sums = new Map<string, { label: string; currency: string; won: number; minor: number | null }>();
  for (const row of values) {
    const label = keyOf(row);
    const currency = row.currency ?? NO_VALUE;
    const key = `${label}\u0000${currency}`;
    const sum = sums.get(key) ?? { label, currency, won: 0, minor: row.currency ? 0 : null };
    sum.won += row.won;
    if (sum.minor !== null) sum.minor += row.valueMinor ?? 0;
    sums.set(key, sum);
  }
  const label = id === "won-by-source" ? textColumn("source", "Source") : textColumn("campaign", "Campaign");
  return {
    id,
    title: id === "won-by-source" ? "Won value by source" : "Won value by campaign",
    columns: [label, textColumn("currency", "Currency"), numberColumn("won", "Won"), numberColumn("value", "Value")],
    rows: [...sums.values()]
      .sort((a, b) => a.label.localeCompare(b.label) || a.currency.localeCompare(b.currency))
      .map((sum) => ({
        [label.key]: sum.label,
        currency: sum.currency,
        won: sum.won,
        value: sum.minor === null ? null : majorUnits(sum.minor, sum.currency),
      })),
  };
}

export function wonBySourceTable(values: WonValue[]): DataTable {
  return wonTable("won-by-source", values, (row) => (row.source === null ? NO_VISIT : row.source === "" ? DIRECT_SOURCE : row.source));
}

export function wonByCampaignTable(values: WonValue[]): DataTable {
  return wonTable("won-by-campaign", values, (row) => (row.source === null ? NO_VISIT : (row.campaign ?? NO_CAMPAIGN)));
}

const share = (count: number, of: number) => (of > 0 ? Math.round((count / of) * 1000) / 10 : null);

/**
 * How each step is counted is said under the table on the dashboard and in docs/analytics.md.
 * Shares: enquiries of visitors; replied and won of enquiries.
 */
export function funnelTable(visitors: number, counts: FunnelCounts): DataTable {
  return {
    id: "funnel",
    title: "From visit to won",
    columns: [textColumn("step", "Step"), numberColumn("count", "Count"), numberColumn("share", "Share (%)", "%")],
    rows: [
      { step: "Visitors", count: visitors, share: null },
      { step: "Enquiries", count: counts.enquiries, share: share(counts.enquiries, visitors) },
      { step: "Replied", count: counts.replied, share: share(counts.replied, counts.enquiries) },
      // Of the enquiries, not of the replied: an enquiry can be won after a reply sent outside the inbox.
      { step: "Won", count: counts.won, share: share(counts.won, counts.enquiries) },
    ],
  };
}
