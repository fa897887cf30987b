import { jsonOk } from "~/.server/api";
import { AppError } from "~/.server/errors";
import { adminEndpoint } from "~/features/admin/admin-endpoint.server";
import { parseQuery } from "~/features/admin/schema";
import { listPeople } from "~/features/inbox/list-people.server";
import { mentorScopeOf } from "~/features/inbox/mentor-scope.server";
import { requirePersonId } from "~/features/inbox/people-endpoint.server";
import { loadPersonPage } from "~/features/inbox/person-timeline.server";
import { inboxQuerySchema } from "~/features/inbox/schema";

/**
 * GET /api/admin/people?q=&stage=&kind=&source=&owner=&held=&waiting=&page=   one page of people (docs/inbox.md, "The API")
 * GET /api/admin/people/<id>                                                 the person, their enquiries and timeline
 * (for a mentor: their own learners, and of each only the enquiries that are theirs)
 * (POST …/<id>/stage and …/<id>/notes are admin-person-stage.ts and admin-person-notes.ts.)
 */
const endpoint = adminEndpoint(["GET"], async ({ request, params, admin }) => {
  // A mentor's answers hold their own learners only; anyone else is not found (docs/admin.md, "Roles").
  const mentor = mentorScopeOf(admin);
  if (params.id) {
    const page = await loadPersonPage(requirePersonId(params), mentor);
    if (!page) throw new AppError("not_found", "No person with this id.");
    return jsonOk(page);
  }
  return jsonOk(await listPeople({ ...parseQuery(inboxQuerySchema, new URL(request.url)), mentor }));
});

export const loader = endpoint;
export const action = endpoint;
