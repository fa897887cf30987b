import { jsonOk } from "~/.server/api";
import { adminEndpoint, requireRecordId } from "~/features/admin/admin-endpoint.server";
import { itemBody } from "~/features/content/content-api.server";
import { authorOf, requireContentType } from "~/features/content/editor.server";
import { restoreRevision } from "~/features/content/items.server";

/** POST /api/admin/content/:type/:id/revisions/:revisionId/restore: that revision becomes the draft. */
const endpoint = adminEndpoint(["POST"], async ({ params, admin }) => {
  const revisionId = requireRecordId({ id: params.revisionId }, "revision");
  return jsonOk(itemBody(await restoreRevision(requireContentType(params.type), params.id!, revisionId, authorOf(admin))));
});

export const loader = endpoint;
export const action = endpoint;
