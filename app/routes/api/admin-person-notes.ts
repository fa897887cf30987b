import { jsonOk, parseOr400, postOnly, readJsonBody } from "~/.server/api";
import { adminEndpoint } from "~/features/admin/admin-endpoint.server";
import { actorOf } from "~/features/inbox/inbox-form-action.server";
import { requirePersonId } from "~/features/inbox/people-endpoint.server";
import { addNote } from "~/features/inbox/pipeline-changes.server";
import { noteSchema } from "~/features/inbox/schema";

/**
 * POST /api/admin/people/<id>/notes `{text, enquiryId?}` (docs/inbox.md, "The API"): a note on the
 * person's timeline, with who and when. 201 `{id}`; 400 empty or over the length cap; 404 no such person.
 */
export const action = adminEndpoint(["POST"], async ({ request, params, admin, clientIp }) => {
  const personId = requirePersonId(params);
  const input = parseOr400(noteSchema, await readJsonBody(request));
  const { id } = await addNote({ personId, text: input.text, enquiryId: input.enquiryId, actor: actorOf(admin, clientIp) });
  return jsonOk({ id, personId }, { status: 201 });
});

export const loader = postOnly;
