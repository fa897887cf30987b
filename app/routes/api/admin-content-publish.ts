import { jsonOk } from "~/.server/api";
import { adminEndpoint } from "~/features/admin/admin-endpoint.server";
import { audited } from "~/features/admin/record-admin-audit.server";
import { itemBody, publishAtOf } from "~/features/content/content-api.server";
import { authorOf, requireContentType } from "~/features/content/editor.server";
import { publishItem } from "~/features/content/items.server";

/**
 * POST /api/admin/content/:type/:id/publish: the draft goes on the site now; with `{at}` (ISO 8601
 * with an offset, ahead and within a year) it is scheduled instead. 400 when the draft is not valid.
 */
const endpoint = adminEndpoint(["POST"], async ({ request, params, admin, clientIp }) => {
  const type = requireContentType(params.type);
  const at = await publishAtOf(request);
  const summary = at ? `scheduled for ${at.toISOString()} (API)` : "published (API)";
  const entry = { user: admin, action: "publish-content", target: `${type}/${params.id}`, summary, clientIp } as const;
  return jsonOk(itemBody(await audited(entry, () => publishItem(type, params.id!, authorOf(admin), at))));
});

export const loader = endpoint;
export const action = endpoint;
