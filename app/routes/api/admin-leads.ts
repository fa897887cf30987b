import { jsonOk } from "~/.server/api";
import { AppError } from "~/.server/errors";
import { adminEndpoint, requireRecordId } from "~/features/admin/admin-endpoint.server";
import { csvResponse } from "~/features/admin/csv.server";
import { deleteLead, exportLeadsCsv, listLeads } from "~/features/admin/leads.server";
import { audited, recordAdminAudit } from "~/features/admin/record-admin-audit.server";
import { leadQuerySchema, parseQuery } from "~/features/admin/schema";

/**
 * GET    /api/admin/leads?q=&page=&held=1      one page of leads (JSON); held=1: the held ones
 * GET    /api/admin/leads?format=csv&q=&held=1 every matching lead as CSV (audited)
 * DELETE /api/admin/leads/<id>                 erase one lead (audited)
 * (POST /api/admin/leads/<id>/release is admin-lead-release.ts.)
 */
const endpoint = adminEndpoint(["GET", "DELETE"], async ({ request, params, admin, clientIp }) => {
  if (request.method === "DELETE") {
    const id = requireRecordId(params, "lead");
    await audited({ user: admin, action: "delete-lead", target: id, clientIp }, () => deleteLead(id));
    return jsonOk({ deleted: true, id });
  }
  if (params.id) throw new AppError("method_not_allowed", "Use DELETE on /api/admin/leads/<id>.", { Allow: "DELETE" });
  const url = new URL(request.url);
  const query = parseQuery(leadQuerySchema, url);
  if (url.searchParams.get("format") === "csv") {
    const { csv, filename, count } = await exportLeadsCsv(query);
    const filters = `${query.q ? ` q=${query.q}` : ""}${query.held ? " held" : ""}`;
    await recordAdminAudit({ user: admin, action: "export-leads", target: `${count} rows${filters}`, clientIp });
    return csvResponse(csv, filename);
  }
  return jsonOk(await listLeads(query));
});

export const loader = endpoint;
export const action = endpoint;
