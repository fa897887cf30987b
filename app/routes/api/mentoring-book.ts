import { answerApi, invalidInput, jsonOk, postOnly, readJsonBody, requireMethod } from "~/.server/api";
import { AppError } from "~/.server/errors";
import { requestInfoContext } from "~/.server/request-context";
import { HONEYPOT_FIELD, STARTED_AT_FIELD } from "~/features/forms/schema";
import { bookingApiSchema } from "~/features/mentoring/booking-schema";
import { bookSession, learnerStatusOf } from "~/features/mentoring/book-session.server";
import { SlotTakenError } from "~/features/mentoring/bookings-shared.server";
import { isoInZone } from "~/features/mentoring/public-slots.server";
import type { Route } from "./+types/mentoring-book";

/**
 * POST /api/mentoring/book `{ slotId, name, email, goals, disclaimerAccepted, scholarship?: { reason },
 * timeZone? }` (docs/mentoring.md) → 201 `{ bookingId, status: "unconfirmed", confirmBy, start, end }`
 * (the learner confirms by the link mailed to them); 409 `{ error, slots }` when the time was just
 * taken (the next free times), `{ error, code: "conflict" }` past the per-learner limit; 400 `{ error, code, fields }` with each field's
 * message (docs/product.md, "Errors").
 * The forms' traps apply: a post without the page's start time is stored and held for review.
 */
export function action({ request, context }: Route.ActionArgs) {
  return answerApi(request, async () => {
    requireMethod(request, "POST");
    const body = await readJsonBody(request);
    const parsed = bookingApiSchema.safeParse(body);
    if (!parsed.success) throw invalidInput(parsed.error, "The booking is not valid.");
    const { timeZone = "UTC", scholarship, ...fields } = parsed.data;
    const raw = body as Record<string, unknown>;
    try {
      const result = await bookSession({
        values: { ...fields, timeZone, scholarshipReason: scholarship?.reason ?? null },
        request,
        clientIp: context.get(requestInfoContext).clientIp,
        trapFields: { honeypot: raw[HONEYPOT_FIELD], startToken: raw[STARTED_AT_FIELD] },
        requireToken: true,
      });
      const told = learnerStatusOf(result);
      return jsonOk(
        {
          bookingId: result.bookingId,
          status: told.status,
          confirmBy: told.confirmBy?.toISOString() ?? null,
          start: isoInZone(result.start, timeZone),
          end: isoInZone(result.end, timeZone),
        },
        { status: result.repeated ? 200 : 201 },
      );
    } catch (error) {
      if (!(error instanceof SlotTakenError)) throw error;
      const slots = error.nextSlots.map((slot) => ({
        id: slot.id,
        start: isoInZone(slot.start, timeZone),
        end: isoInZone(slot.end, timeZone),
        minutes: slot.minutes,
        mentor: { id: slot.mentorId },
      }));
      throw new AppError(error.code, error.message, { ...error.details, slots });
    }
  });
}

export const loader = postOnly;
