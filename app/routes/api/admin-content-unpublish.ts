import { jsonOk } from "~/.server/api";
import { adminEndpoint } from "~/features/admin/admin-endpoint.server";
import { audited } from "~/features/admin/record-admin-audit.server";
import { itemBody } from "~/features/content/content-api.server";
import { authorOf, requireContentType } from "~/features/content/editor.server";
import { unpublishItem } from "~/features/content/items.server";

/** POST /api/admin/content/:type/:id/unpublish: off the site (and no longer scheduled); 409 when it was not on it. */
const endpoint = adminEndpoint(["POST"], async ({ params, admin, clientIp }) => {
  const type = requireContentType(params.type);
  const entry = { user: admin, action: "publish-content", target: `${type}/${params.id}`, summary: "unpublished (API)", clientIp } as const;
  return jsonOk(itemBody(await audited(entry, () => unpublishItem(type, params.id!, authorOf(admin)))));
});

export const loader = endpoint;
export const action = endpoint;
