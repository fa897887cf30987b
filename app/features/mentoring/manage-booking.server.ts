import { AppError, answerError } from "~/.server/errors";
import { verifyBookingToken } from "./booking-links.server";
import { bookingMessages } from "./booking-schema";
import { bookingView, SlotTakenError, type BookingView } from "./bookings-shared.server";
import { cancelBooking } from "./cancel-booking.server";
import { confirmBooking } from "./confirm-booking.server";
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
  if (!booking || !["unconfirmed", "lapsed", "confirmed", "pending"].includes(booking.status) || new Date(booking.start) <= now)
    return null;
  return { booking, sequence: claims.sequence };
}

export async function managePageData(token: string | null, now = new Date()): Promise<ManagePageData> {
  const found = await verified(token, now);
  if (!found || found.booking.sequence !== found.sequence) return { state: "invalid" };
  const mentor = await loadMentor(found.booking.mentor.id);
  // An unconfirmed booking's page offers only its confirmation.
  const options =
    mentor && !awaitsConfirmation(found.booking)
      ? (await freeSlots({ mentors: [mentor], minutes: found.booking.minutes, now, days: 21 })).slots.slice(0, 24).map(toOption)
      : [];
  return { state: "ok", booking: found.booking, options, token: token! };
}

/** Waiting for its learner to confirm it (lapsed: too late, but the time may still be free). */
const awaitsConfirmation = (booking: Pick<BookingView, "status">) => booking.status === "unconfirmed" || booking.status === "lapsed";

export type ManageActionData =
  { outcome: "confirmed" | "cancelled" | "moved"; booking: BookingView } | { outcome: "failed"; message: string; nextSlots: SlotOption[] };

/** The learner's confirmation, cancel or move, from the page's form; a refusal is answered as errors.ts says, with other free times when the time was taken. */
export async function handleManageAction(
  request: Request,
  form: FormData,
  now = new Date(),
): Promise<{ status: number; headers?: Record<string, string>; body: ManageActionData }> {
  try {
    return { status: 200, body: await manageBooking(new URL(request.url).searchParams.get("token"), form, now) };
  } catch (error) {
    const nextSlots = error instanceof SlotTakenError ? error.nextSlots.map(toOption) : [];
    const { status, headers, body } = answerError(error, request);
    return { status, headers, body: { outcome: "failed", message: body.error, nextSlots } };
  }
}

async function manageBooking(token: string | null, form: FormData, now: Date): Promise<ManageActionData> {
  const found = await verified(token, now);
  if (!found) throw new AppError("gone", bookingMessages.bookingNotFound);
  const intent = form.get("intent");
  if (intent === "confirm") {
    return { outcome: "confirmed", booking: await confirmBooking(found.booking.id, { expectedSequence: found.sequence, now }) };
  }
  if (intent === "cancel") {
    return { outcome: "cancelled", booking: await cancelBooking(found.booking.id, "learner", { expectedSequence: found.sequence, now }) };
  }
  if (intent === "reschedule") {
    const slotId = form.get("slotId");
    if (typeof slotId !== "string" || !slotId)
      throw new AppError("invalid", bookingMessages.slotRequired, { fields: { slotId: bookingMessages.slotRequired } });
    return {
      outcome: "moved",
      booking: await rescheduleBooking(found.booking.id, slotId, "learner", { expectedSequence: found.sequence, now }),
    };
  }
  throw new AppError("invalid", "That request was not understood.");
}
