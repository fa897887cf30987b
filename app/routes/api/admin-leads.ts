import { ApiError, jsonOk } from "~/.server/api";
import { adminEndpoint, requireRecordId } from "~/features/admin/admin-endpoint.server";
import { csvResponse } from "~/features/admin/csv.server";
import { deleteLead, exportLeadsCsv, listLeads } from "~/features/admin/leads.server";
import { recordAdminAudit } from "~/features/admin/record-admin-audit.server";
import { listQuerySchema, parseQuery } from "~/features/admin/schema";

/**
 * GET    /api/admin/leads?q=&page=      one page of leads (JSON)
 * GET    /api/admin/leads?format=csv&q= every matching lead as CSV (audited)
 * DELETE /api/admin/leads/<id>          erase one lead (audited)
 */
const endpoint = adminEndpoint(["GET", "DELETE"], async ({ request, params, admin, clientIp }) => {
  if (request.method === "DELETE") {
    const id = requireRecordId(params, "lead");
    if (!(await deleteLead(id))) throw new ApiError(404, "No lead with this id.");
    await recordAdminAudit({ user: admin, action: "delete-lead", target: id, clientIp });
    return jsonOk({ deleted: true, id });
  }
  if (params.id) throw new ApiError(405, "Use DELETE on /api/admin/leads/<id>.", { Allow: "DELETE" });
  const url = new URL(request.url);
  const query = parseQuery(listQuerySchema, url);
  if (url.searchParams.get("format") === "csv") {
    const { csv, filename, count } = await exportLeadsCsv(query.q);
    await recordAdminAudit({ user: admin, action: "export-leads", target: `${count} rows${query.q ? ` q=${query.q}` : ""}`, clientIp });
    return csvResponse(csv, filename);
  }
  return jsonOk(await listLeads(query));
});

export const loader = endpoint;
export const action = endpoint;
