import { jsonOk, readJsonBody } from "~/.server/api";
import { adminEndpoint } from "~/features/admin/admin-endpoint.server";
import { itemBody } from "~/features/content/content-api.server";
import { authorOf, requireContentType } from "~/features/content/editor.server";
import { createItem, listItems } from "~/features/content/items.server";

/**
 * GET /api/admin/content/:type: the items of a kind, in their order, with status and last change.
 * POST the fields of a new item: created as a draft at the end (201; 400 naming each field at fault).
 */
const endpoint = adminEndpoint(["GET", "HEAD", "POST"], async ({ request, params, admin }) => {
  const type = requireContentType(params.type);
  if (request.method !== "POST") return jsonOk({ items: (await listItems(type)).map(itemBody) });
  return jsonOk(itemBody(await createItem(type, await readJsonBody(request), authorOf(admin))), { status: 201 });
});

export const loader = endpoint;
export const action = endpoint;
