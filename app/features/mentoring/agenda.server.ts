import { DateTime } from "luxon";
import { agenda, awaitingDecision, type BookingView } from "./bookings.server";
import { DEFAULT_TIME_ZONE, freeSlots, loadMentor } from "./mentors.server";
import { isValidTimeZone } from "./slots";
import { toOption, type SlotOption } from "./mentoring-page.server";

/**
 * The admin's agenda (docs/mentoring.md): a day or a week of bookings in the signed-in mentor's
 * time zone, what waits for a decision, and for one booking being moved, its free times.
 */
export type AgendaView = "day" | "week";

export type AgendaData = {
  view: AgendaView;
  /** When the page was made: what is ahead and what is past. */
  now: string;
  timeZone: string;
  date: string;
  from: string;
  days: { day: string; bookings: BookingView[] }[];
  previous: string;
  next: string;
  awaiting: BookingView[];
  reschedule: { booking: BookingView; options: SlotOption[] } | null;
};

export async function agendaData(url: URL, adminId: string, now = new Date()): Promise<AgendaData> {
  const mentor = await loadMentor(adminId);
  const zoneParam = url.searchParams.get("tz");
  const timeZone = zoneParam && isValidTimeZone(zoneParam) ? zoneParam : (mentor?.profile.timeZone ?? DEFAULT_TIME_ZONE);
  const view: AgendaView = url.searchParams.get("view") === "day" ? "day" : "week";
  const dateParam = url.searchParams.get("date") ?? "";
  const parsed = /^\d{4}-\d{2}-\d{2}$/.test(dateParam) ? DateTime.fromISO(dateParam, { zone: timeZone }) : null;
  const anchor = (parsed?.isValid ? parsed : DateTime.fromJSDate(now, { zone: timeZone })).startOf("day");
  const start = view === "week" ? anchor.startOf("week") : anchor;
  const length = view === "week" ? 7 : 1;
  const end = start.plus({ days: length });
  const bookings = await agenda(start.toJSDate(), end.toJSDate());
  const days = Array.from({ length }, (_, index) => {
    const day = start.plus({ days: index });
    const key = day.toISODate()!;
    return { day: key, bookings: bookings.filter((booking) => DateTime.fromISO(booking.start, { zone: timeZone }).toISODate() === key) };
  });
  const rescheduleId = url.searchParams.get("move");
  let reschedule: AgendaData["reschedule"] = null;
  if (rescheduleId) {
    const booking = [...bookings, ...(await awaitingDecision(now))].find((candidate) => candidate.id === rescheduleId);
    const bookingMentor = booking ? await loadMentor(booking.mentor.id) : null;
    if (booking && bookingMentor) {
      const { slots } = await freeSlots({ mentors: [bookingMentor], minutes: booking.minutes, now, days: 21 });
      reschedule = { booking, options: slots.slice(0, 30).map(toOption) };
    }
  }
  return {
    view,
    now: now.toISOString(),
    timeZone,
    date: anchor.toISODate()!,
    from: start.toISODate()!,
    days,
    previous: start.minus({ days: length }).toISODate()!,
    next: end.toISODate()!,
    awaiting: await awaitingDecision(now),
    reschedule,
  };
}
