import { jsonOk } from "~/.server/api";
import { AppError } from "~/.server/errors";
import { adminEndpoint } from "~/features/admin/admin-endpoint.server";
import { csvResponse } from "~/features/admin/csv.server";
import { isDashboardTable } from "~/features/analytics/dashboard-options";
import { dashboardCsv, loadDashboard, parseRange } from "~/features/analytics/dashboard.server";

/**
 * GET /api/admin/analytics?range=7|30|90                        the dashboard's tables and KPIs (JSON)
 * GET /api/admin/analytics?range=30&table=pages&format=csv      one table as CSV (the dashboard's export links)
 *
 * Aggregates only: no visitor, address or personal data is in any of them (the inbox's tables
 * too: counts, reply times and won values per source, campaign and currency).
 */
const endpoint = adminEndpoint(["GET"], async ({ request }) => {
  const url = new URL(request.url);
  const range = parseRange(url.searchParams.get("range"));
  if (url.searchParams.get("format") === "csv") {
    const table = url.searchParams.get("table");
    if (!isDashboardTable(table)) throw new AppError("invalid", "Name the table to export: table=traffic, pages, sources, campaigns, ...");
    const { csv, filename } = await dashboardCsv(range, table);
    return csvResponse(csv, filename);
  }
  const { range: days, fromDay, toDay, kpis, tables, feeds, ai, replies } = await loadDashboard(range);
  return jsonOk({ range: days, fromDay, toDay, kpis, tables, feeds, ai, replies });
});

export const loader = endpoint;
