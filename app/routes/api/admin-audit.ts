import { invalidInput, jsonOk } from "~/.server/api";
import { adminEndpoint } from "~/features/admin/admin-endpoint.server";
import { csvResponse } from "~/features/admin/csv.server";
import { auditQuerySchema, exportAuditCsv, listAudit, recordAdminAudit } from "~/features/admin/record-admin-audit.server";

/**
 * GET /api/admin/audit?actor=&action=&from=&to=&cursor=  { entries: [{ at, actor, action, target, summary, ip }], nextCursor }
 * GET /api/admin/audit?format=csv&…                       every matching entry as CSV (itself audited)
 * Owners only (app/.server/permissions.ts; docs/admin.md, "Audit log").
 */
const endpoint = adminEndpoint(["GET"], async ({ request, admin, clientIp }) => {
  const url = new URL(request.url);
  const parsed = auditQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) throw invalidInput(parsed.error, "Filter by actor, action, from and to (YYYY-MM-DD).");
  if (url.searchParams.get("format") === "csv") {
    const { csv, filename, count } = await exportAuditCsv(parsed.data);
    await recordAdminAudit({ user: admin, action: "export-audit", target: `${count} rows`, clientIp });
    return csvResponse(csv, filename);
  }
  const { entries, nextCursor } = await listAudit(parsed.data);
  return jsonOk({ entries: entries.map(({ id: _id, ...entry }) => entry), nextCursor });
});

export const loader = endpoint;
