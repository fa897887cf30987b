import { jsonOk } from "~/.server/api";
import { AppError } from "~/.server/errors";
import { adminEndpoint, requireRecordId } from "~/features/admin/admin-endpoint.server";
import { csvResponse } from "~/features/admin/csv.server";
import { audited, recordAdminAudit } from "~/features/admin/record-admin-audit.server";
import { parseQuery, subscriberQuerySchema } from "~/features/admin/schema";
import { countSubscribers, deleteSubscriber, exportSubscribersCsv, listSubscribers } from "~/features/admin/subscribers.server";

/**
 * GET    /api/admin/subscribers?q=&status=&page=      counts and one page (JSON)
 * GET    /api/admin/subscribers?format=csv&q=&status= CSV (audited)
 * DELETE /api/admin/subscribers/<id>                  erase one (audited)
 */
const endpoint = adminEndpoint(["GET", "DELETE"], async ({ request, params, admin, clientIp }) => {
  if (request.method === "DELETE") {
    const id = requireRecordId(params, "subscriber");
    await audited({ user: admin, action: "delete-subscriber", target: id, clientIp }, () => deleteSubscriber(id));
    return jsonOk({ deleted: true, id });
  }
  if (params.id) throw new AppError("method_not_allowed", "Use DELETE on /api/admin/subscribers/<id>.", { Allow: "DELETE" });
  const url = new URL(request.url);
  const query = parseQuery(subscriberQuerySchema, url);
  if (url.searchParams.get("format") === "csv") {
    const { csv, filename, count } = await exportSubscribersCsv(query);
    await recordAdminAudit({ user: admin, action: "export-subscribers", target: `${count} rows`, clientIp });
    return csvResponse(csv, filename);
  }
  const [counts, page] = await Promise.all([countSubscribers(), listSubscribers(query)]);
  return jsonOk({ counts, ...page });
});

export const loader = endpoint;
export const action = endpoint;
