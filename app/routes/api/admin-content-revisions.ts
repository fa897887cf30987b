import { jsonOk } from "~/.server/api";
import { adminEndpoint } from "~/features/admin/admin-endpoint.server";
import { requireContentType } from "~/features/content/editor.server";
import { fieldChanges } from "~/features/content/field-diff";
import { listRevisions } from "~/features/content/items.server";

const SHOWN = 100;

/** GET /api/admin/content/:type/:id/revisions: the last 100, newest first, each with its fields and what it changed. */
const endpoint = adminEndpoint(["GET", "HEAD"], async ({ params }) => {
  const { revisions } = await listRevisions(requireContentType(params.type), params.id!, SHOWN + 1);
  return jsonOk({
    revisions: revisions.slice(0, SHOWN).map((revision, index) => ({
      id: revision.id,
      action: revision.action,
      author: revision.authorName,
      createdAt: revision.createdAt.toISOString(),
      fields: revision.fields,
      changes: revisions[index + 1] ? fieldChanges(revisions[index + 1]!.fields, revision.fields) : null,
    })),
  });
});

export const loader = endpoint;
export const action = endpoint;
