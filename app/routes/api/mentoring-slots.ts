import { answerApi, jsonOk, requireMethod } from "~/.server/api";
import { parseSlotsQuery, publicSlots, toPublicSlot } from "~/features/mentoring/public-slots.server";
import type { Route } from "./+types/mentoring-slots";

/**
 * GET /api/mentoring/slots?from=YYYY-MM-DD&days=N&tz=Area/City[&minutes=60] (docs/mentoring.md):
 * `{ slots: [{ id, start, end, minutes, mentor: { id, name } }] }`, times in ISO 8601 with the
 * offset of `tz`. 400 naming the parameter for an unknown zone, a bad date or too many days.
 */
export function loader({ request }: Route.LoaderArgs) {
  return answerApi(request, async () => {
    requireMethod(request, "GET", "HEAD");
    const query = parseSlotsQuery(new URL(request.url));
    const { slots, mentors } = await publicSlots(query);
    return jsonOk({ timeZone: query.timeZone, slots: slots.map((slot) => toPublicSlot(slot, mentors, query.timeZone)) });
  });
}

export function action({ request }: Route.ActionArgs) {
  return answerApi(request, async () => {
    requireMethod(request, "GET", "HEAD");
    return jsonOk({});
  });
}
