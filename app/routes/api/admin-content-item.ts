import { jsonOk } from "~/.server/api";
import { adminEndpoint } from "~/features/admin/admin-endpoint.server";
import { itemBody } from "~/features/content/content-api.server";
import { requireContentType } from "~/features/content/editor.server";
import { getItem } from "~/features/content/items.server";

/** GET /api/admin/content/:type/:id: `{published, draft, status, scheduledAt, previewUrl, …}`. */
const endpoint = adminEndpoint(["GET", "HEAD"], async ({ params }) =>
  jsonOk(itemBody(await getItem(requireContentType(params.type), params.id!))),
);

export const loader = endpoint;
export const action = endpoint;
