import { ApiError } from "~/.server/api";
import { isDatabaseUnavailable } from "~/.server/db/client";
import { UNAVAILABLE_MESSAGE } from "~/.server/page-errors";
import { verifyBookingToken } from "./booking-links.server";
import { bookingMessages } from "./booking-schema";
import { bookingView, SlotTakenError, type BookingView } from "./bookings-shared.server";
import { cancelBooking } from "./cancel-booking.server";
import { rescheduleBooking } from "./reschedule-booking.server";
import { freeSlots, loadMentor } from "./mentors.server";
import { toOption, type SlotOption } from "./mentoring-page.server";

/**
 * The learner's page for one booking (/mentoring/booking?token=…, docs/mentoring.md): the link
 * from their mails, signed for this booking and the "manage" purpose, valid until the session
 * ends and only for the booking's current version (a move sends new links).
 */

export type ManagePageData = { state: "invalid" } | { state: "ok"; booking: BookingView; options: SlotOption[]; token: string };

async function verified(token: string | null, now: Date): Promise<{ booking: BookingView; sequence: number } | null> {
  const claims = verifyBookingToken(token, "manage", now);
  if (!claims) return null;
  const booking = await bookingView(claims.bookingId);
  if (!booking || (booking.status !== "confirmed" && booking.status !== "pending") || new Date(booking.start) <= now) return null;
  return { booking, sequence: claims.sequence };
}

export async function managePageData(token: string | null, now = new Date()): Promise<ManagePageData> {
  const found = await verified(token, now);
  if (!found || found.booking.sequence !== found.sequence) return { state: "invalid" };
  const mentor = await loadMentor(found.booking.mentor.id);
  const options = mentor
    ? (await freeSlots({ mentors: [mentor], minutes: found.booking.minutes, now, days: 21 })).slots.slice(0, 24).map(toOption)
    : [];
  return { state: "ok", booking: found.booking, options, token: token! };
}

export type ManageActionData =
  { outcome: "cancelled" | "moved"; booking: BookingView } | { outcome: "failed"; message: string; nextSlots: SlotOption[] };

export async function handleManageAction(
  token: string | null,
  form: FormData,
  now = new Date(),
): Promise<{ status: number; body: ManageActionData }> {
  try {
    const found = await verified(token, now);
    if (!found) return { status: 410, body: { outcome: "failed", message: bookingMessages.bookingNotFound, nextSlots: [] } };
    const intent = form.get("intent");
    if (intent === "cancel") {
      return {
        status: 200,
        body: {
          outcome: "cancelled",
          booking: await cancelBooking(found.booking.id, "learner", { expectedSequence: found.sequence, now }),
        },
      };
    }
    if (intent === "reschedule") {
      const slotId = form.get("slotId");
      if (typeof slotId !== "string" || !slotId)
        return { status: 400, body: { outcome: "failed", message: bookingMessages.slotRequired, nextSlots: [] } };
      return {
        status: 200,
        body: {
          outcome: "moved",
          booking: await rescheduleBooking(found.booking.id, slotId, "learner", { expectedSequence: found.sequence, now }),
        },
      };
    }
    return { status: 400, body: { outcome: "failed", message: "That request was not understood.", nextSlots: [] } };
  } catch (error) {
    if (error instanceof SlotTakenError)
      return { status: 409, body: { outcome: "failed", message: error.message, nextSlots: error.nextSlots.map(toOption) } };
    if (error instanceof ApiError) return { status: error.status, body: { outcome: "failed", message: error.message, nextSlots: [] } };
    if (isDatabaseUnavailable(error)) return { status: 503, body: { outcome: "failed", message: UNAVAILABLE_MESSAGE, nextSlots: [] } };
    throw error;
  }
}
