import { recordsEndpoint } from "~/features/admin/admin-endpoint.server";
import { parseQuery, submissionQuerySchema } from "~/features/admin/schema";
import { deleteSubmission, exportSubmissionsCsv, listSubmissions } from "~/features/admin/submissions.server";

/**
 * GET    /api/admin/submissions?q=&source=&page=&held=1      one page (JSON); held=1: the held ones
 * GET    /api/admin/submissions?format=csv&q=&source=&held=1 CSV (audited)
 * DELETE /api/admin/submissions/<id>                         erase one (audited)
 * (POST /api/admin/submissions/<id>/release is admin-submission-release.ts.)
 */
const endpoint = recordsEndpoint({
  noun: "submission",
  parse: (url) => parseQuery(submissionQuerySchema, url),
  list: listSubmissions,
  exportCsv: async (query) => ({ ...(await exportSubmissionsCsv(query)), filters: query.held ? " held" : "" }),
  remove: deleteSubmission,
});

export const loader = endpoint;
export const action = endpoint;
