import { jsonOk, readJsonBody } from "~/.server/api";
import { adminEndpoint } from "~/features/admin/admin-endpoint.server";
import { audited } from "~/features/admin/record-admin-audit.server";
import { mentorSettings, saveAvailability } from "~/features/mentoring/mentors.server";

/**
 * GET and PUT /api/admin/mentoring/availability (docs/mentoring.md): the signed-in admin's own
 * hours as a mentor. PUT `{ timeZone, weekly: [{ day: 1-7, start: "HH:MM", end: "HH:MM" }],
 * sessionMinutes, bufferMinutes, minNoticeHours, horizonDays, overrides? }` replaces them (400
 * naming the first problem, nothing stored); the first PUT makes the admin a bookable mentor.
 */
export const loader = adminEndpoint(["GET", "HEAD"], async ({ admin }) => {
  const settings = await mentorSettings(admin.id);
  return jsonOk({ mentor: settings.exists, ...settings.availability });
});

export const action = adminEndpoint(["PUT"], async ({ request, admin, clientIp }) => {
  const body = await readJsonBody(request);
  const entry = { user: admin, action: "change-hours", target: admin.email, summary: "Availability saved (API)", clientIp } as const;
  return jsonOk(await audited(entry, () => saveAvailability(admin.id, body)));
});
