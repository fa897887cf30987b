import { jsonOk, parseOr400, postOnly, readJsonBody } from "~/.server/api";
import { adminEndpoint } from "~/features/admin/admin-endpoint.server";
import { actorOf } from "~/features/inbox/inbox-form-action.server";
import { requirePersonId } from "~/features/inbox/people-endpoint.server";
import { setStage } from "~/features/inbox/pipeline-changes.server";
import { stageChangeSchema } from "~/features/inbox/schema";

/**
 * POST /api/admin/people/<id>/stage `{enquiryId, stage, value?, currency?}` (docs/inbox.md, "The API"):
 * moves one of this person's enquiries. 404 for an enquiry of someone else; 400 when Won comes
 * without a value and currency, or the stage is not one of the enquiry's pipeline.
 */
export const action = adminEndpoint(["POST"], async ({ request, params, admin, clientIp }) => {
  const personId = requirePersonId(params);
  const input = parseOr400(stageChangeSchema, await readJsonBody(request));
  const result = await setStage({ ...input, personId, actor: actorOf(admin, clientIp) });
  return jsonOk({ enquiryId: input.enquiryId, stage: result.to, previousStage: result.from, changed: result.changed });
});

export const loader = postOnly;
