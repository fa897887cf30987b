/** The dashboard's ranges and tables, shared by the page, its loader and the CSV export. */
export const DASHBOARD_RANGES = [7, 30, 90] as const;
export type DashboardRange = (typeof DASHBOARD_RANGES)[number];

export const DASHBOARD_TABLES = [
  "traffic",
  "pages",
  "sources",
  "campaigns",
  "referrers",
  "devices",
  "conversions",
  "leads",
  "subscribers",
  "issues",
  "ai-usage",
  "feeds",
  "reply-times",
  "stages",
  "won-by-source",
  "won-by-campaign",
  "funnel",
] as const;
export type DashboardTableId = (typeof DASHBOARD_TABLES)[number];

export function isDashboardTable(value: unknown): value is DashboardTableId {
  return typeof value === "string" && (DASHBOARD_TABLES as readonly string[]).includes(value);
}

/** The CSV download of one table. */
export function csvHref(range: DashboardRange, table: DashboardTableId): string {
  return `/api/admin/analytics?range=${range}&table=${table}&format=csv`;
}
