import { DateTime } from "luxon";
import { AppError } from "~/.server/errors";
import { bookingMessages } from "./booking-schema";
import { freeSlots, type Mentor } from "./mentors.server";
import { isValidTimeZone } from "./slots";
import type { Slot } from "./types";

/** The most days one slots request may ask for (the longest horizon a mentor may set is longer; page through). */
export const MAX_DAYS_PER_REQUEST = 60;

export type PublicSlot = { id: string; start: string; end: string; minutes: number; mentor: { id: string; name: string } };

/** An instant as ISO 8601 with the offset of `timeZone`: `2026-12-03T10:00:00+01:00`. */
export function isoInZone(date: Date, timeZone: string): string {
  return DateTime.fromJSDate(date, { zone: timeZone }).toISO({ suppressMilliseconds: true }) ?? date.toISOString();
}

export function toPublicSlot(slot: Slot, mentors: Mentor[], timeZone: string): PublicSlot {
  const mentor = mentors.find((candidate) => candidate.profile.id === slot.mentorId);
  return {
    id: slot.id,
    start: isoInZone(slot.start, timeZone),
    end: isoInZone(slot.end, timeZone),
    minutes: slot.minutes,
    mentor: { id: slot.mentorId, name: mentor?.profile.name ?? "" },
  };
}

/** The query of GET /api/mentoring/slots, checked: AppError `invalid` naming the bad parameter. */
export function parseSlotsQuery(url: URL, now = new Date()): { from: Date; days: number; timeZone: string; minutes: number | undefined } {
  const timeZone = url.searchParams.get("tz") ?? "UTC";
  if (!isValidTimeZone(timeZone)) throw new AppError("invalid", bookingMessages.timeZoneUnknown);
  const fromText = url.searchParams.get("from");
  let from = now;
  if (fromText !== null) {
    const day = /^\d{4}-\d{2}-\d{2}$/.test(fromText) ? DateTime.fromISO(fromText, { zone: timeZone }) : null;
    if (!day?.isValid) throw new AppError("invalid", "from must be a date, YYYY-MM-DD");
    from = day.startOf("day").toJSDate();
  }
  const daysText = url.searchParams.get("days") ?? "14";
  const days = /^\d{1,3}$/.test(daysText) ? Number(daysText) : NaN;
  if (!(days >= 1 && days <= MAX_DAYS_PER_REQUEST))
    throw new AppError("invalid", `days must be a whole number from 1 to ${MAX_DAYS_PER_REQUEST}`);
  const minutesText = url.searchParams.get("minutes");
  const minutes = minutesText === null ? undefined : /^\d{1,3}$/.test(minutesText) ? Number(minutesText) : NaN;
  if (minutes !== undefined && !(minutes >= 5 && minutes <= 480))
    throw new AppError("invalid", "minutes must be a session length in minutes, e.g. 60");
  return { from, days, timeZone, minutes };
}

/** Free slots from `from` for `days` days (the days counted in the visitor's zone). */
export async function publicSlots({
  from,
  days,
  timeZone,
  minutes,
  now = new Date(),
}: {
  from: Date;
  days: number;
  timeZone: string;
  minutes?: number;
  now?: Date;
}) {
  const until = DateTime.fromJSDate(from, { zone: timeZone }).startOf("day").plus({ days }).toJSDate();
  // One more day of the mentors' calendar covers visitors whose day starts before the mentor's.
  const { slots, mentors } = await freeSlots({ from: new Date(from.getTime() - 86_400_000), days: days + 2, minutes, now });
  const inRange = slots.filter((slot) => slot.start >= from && slot.start < until);
  return { slots: inRange, mentors };
}
