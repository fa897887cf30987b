import { STARTED_AT_FIELD } from "~/features/forms/definitions";

/** The booking form's answer when its post never reached us (offline): what was typed comes back with the message. */
export const BOOKING_NOT_SENT = "Your booking could not be sent: check your connection and try again.";

export function bookingFailedOnTheWay(form: FormData) {
  const values: Record<string, string> = {};
  for (const [key, value] of form.entries()) if (typeof value === "string" && key !== STARTED_AT_FIELD) values[key] = value;
  const startToken = form.get(STARTED_AT_FIELD);
  return {
    form: "booking" as const,
    outcome: "failed" as const,
    message: BOOKING_NOT_SENT,
    errors: {} as Record<string, string>,
    values,
    nextSlots: [],
    chosenSlot: null,
    startToken: typeof startToken === "string" ? startToken : null,
  };
}
