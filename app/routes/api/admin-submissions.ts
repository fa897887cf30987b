import { jsonOk } from "~/.server/api";
import { AppError } from "~/.server/errors";
import { adminEndpoint, requireRecordId } from "~/features/admin/admin-endpoint.server";
import { csvResponse } from "~/features/admin/csv.server";
import { audited, recordAdminAudit } from "~/features/admin/record-admin-audit.server";
import { parseQuery, submissionQuerySchema } from "~/features/admin/schema";
import { deleteSubmission, exportSubmissionsCsv, listSubmissions } from "~/features/admin/submissions.server";

/**
 * GET    /api/admin/submissions?q=&source=&page=&held=1      one page (JSON); held=1: the held ones
 * GET    /api/admin/submissions?format=csv&q=&source=&held=1 CSV (audited)
 * DELETE /api/admin/submissions/<id>                         erase one (audited)
 * (POST /api/admin/submissions/<id>/release is admin-submission-release.ts.)
 */
const endpoint = adminEndpoint(["GET", "DELETE"], async ({ request, params, admin, clientIp }) => {
  if (request.method === "DELETE") {
    const id = requireRecordId(params, "submission");
    await audited({ user: admin, action: "delete-submission", target: id, clientIp }, () => deleteSubmission(id));
    return jsonOk({ deleted: true, id });
  }
  if (params.id) throw new AppError("method_not_allowed", "Use DELETE on /api/admin/submissions/<id>.", { Allow: "DELETE" });
  const url = new URL(request.url);
  const query = parseQuery(submissionQuerySchema, url);
  if (url.searchParams.get("format") === "csv") {
    const { csv, filename, count } = await exportSubmissionsCsv(query);
    await recordAdminAudit({ user: admin, action: "export-submissions", target: `${count} rows${query.held ? " held" : ""}`, clientIp });
    return csvResponse(csv, filename);
  }
  return jsonOk(await listSubmissions(query));
});

export const loader = endpoint;
export const action = endpoint;
