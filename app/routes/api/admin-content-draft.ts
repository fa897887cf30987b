import { jsonOk, readJsonBody } from "~/.server/api";
import { adminEndpoint } from "~/features/admin/admin-endpoint.server";
import { itemBody } from "~/features/content/content-api.server";
import { authorOf, requireContentType } from "~/features/content/editor.server";
import { saveDraft } from "~/features/content/items.server";

/**
 * PUT /api/admin/content/:type/:id/draft: the item's fields as its schema has them; saved as the
 * draft (the public page waits for publish). `{draft, previewUrl, …}`; 400 naming each field at fault.
 */
const endpoint = adminEndpoint(["PUT"], async ({ request, params, admin }) => {
  const item = await saveDraft(requireContentType(params.type), params.id!, await readJsonBody(request), authorOf(admin));
  return jsonOk(itemBody(item));
});

export const loader = endpoint;
export const action = endpoint;
