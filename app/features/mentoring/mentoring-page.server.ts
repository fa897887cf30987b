import { parseWithZod } from "@conform-to/zod/v4";
import { DateTime } from "luxon";
import { data, type RouterContextProvider } from "react-router";
import { isDatabaseUnavailable } from "~/.server/db/client";
import { answerError } from "~/.server/errors";
import { createFormStartToken } from "~/.server/form-traps";
import { logger } from "~/.server/logger";
import { requestInfoContext } from "~/.server/request-context";
import { HONEYPOT_FIELD, STARTED_AT_FIELD } from "~/features/forms/definitions";
import { bookingFormSchema } from "./booking-schema";
import { bookSession, learnerStatusOf } from "./book-session.server";
import { SlotTakenError } from "./bookings-shared.server";
import { freeSlots, loadBookableMentors, type Mentor } from "./mentors.server";
import { isValidTimeZone, parseSlotId } from "./slots";
import type { Slot } from "./types";

/**
 * What /mentoring shows when mentors take bookings (docs/mentoring.md): the days with free times
 * in the visitor's time zone (the browser's, or the one chosen in the form without JavaScript),
 * the chosen day's times, and the booking form. Everything is in the URL (?tz, ?minutes, ?day),
 * so the page works as links and a plain GET form.
 */

export const DEFAULT_VISITOR_ZONE = "Europe/Oslo";
/** Days listed at once: the next three weeks that have a free time. */
const DAYS_SHOWN = 21;

export type SlotOption = { id: string; start: string; end: string; minutes: number; mentorId: string };
export type DayOption = { day: string; count: number };
export type BookingPageData = {
  timeZone: string;
  /** True when the zone came from the address (the browser's, or a visitor's choice). */
  zoneChosen: boolean;
  minutes: number;
  lengths: number[];
  days: DayOption[];
  day: string | null;
  slots: SlotOption[];
  mentors: { id: string; name: string; role: string; portrait: string; timeZone: string }[];
  startToken: string;
  /** The database did not answer: no days or times, and the section says so (the forms still post). */
  unavailable?: true;
};

export function toOption(slot: Slot): SlotOption {
  return { id: slot.id, start: slot.start.toISOString(), end: slot.end.toISOString(), minutes: slot.minutes, mentorId: slot.mentorId };
}

function dayIn(date: Date, timeZone: string): string {
  return DateTime.fromJSDate(date, { zone: timeZone }).toISODate() ?? "";
}

/** The bookable mentors this instance last read: the page names them while the database is away. */
let lastBookableMentors: Mentor[] = [];

/** The zone and session length the address asks for, among the lengths the mentors offer. */
function pageChoices(url: URL, mentors: Mentor[]) {
  const tzParam = url.searchParams.get("tz");
  const zoneChosen = tzParam !== null && isValidTimeZone(tzParam);
  const timeZone = zoneChosen ? tzParam : DEFAULT_VISITOR_ZONE;
  const lengths = [...new Set(mentors.flatMap((mentor) => mentor.availability.sessionMinutes))].sort((a, b) => a - b);
  const minutesParam = Number(url.searchParams.get("minutes"));
  const minutes = lengths.includes(minutesParam) ? minutesParam : lengths.includes(60) ? 60 : (lengths[0] ?? 60);
  return { timeZone, zoneChosen, lengths, minutes };
}

function mentorProfiles(mentors: Mentor[]): BookingPageData["mentors"] {
  return mentors.map((mentor) => ({
    id: mentor.profile.id,
    name: mentor.profile.name,
    role: mentor.profile.role,
    portrait: mentor.profile.portrait,
    timeZone: mentor.profile.timeZone,
  }));
}

/**
 * The booking section's data for /mentoring; while the database does not answer, the section
 * without times (`unavailable`), so the page and both forms' answers (503, with what was typed)
 * still show instead of the error page. `null`: no mentor takes bookings, or none was ever read.
 */
export async function bookingPageDataOrUnavailable(url: URL): Promise<BookingPageData | null> {
  try {
    return await bookingPageData(url);
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    logger.warn({ err: error }, "Mentoring page without free times: database unavailable");
    return {
      ...pageChoices(url, lastBookableMentors),
      days: [],
      day: null,
      slots: [],
      mentors: mentorProfiles(lastBookableMentors),
      startToken: createFormStartToken(),
      unavailable: true,
    };
  }
}

export async function bookingPageData(url: URL, now = new Date(), bookable?: Mentor[]): Promise<BookingPageData | null> {
  const mentors = bookable ?? (await loadBookableMentors());
  if (!bookable) lastBookableMentors = mentors;
  if (mentors.length === 0) return null;
  const { timeZone, zoneChosen, lengths, minutes } = pageChoices(url, mentors);
  const { slots } = await freeSlots({ minutes, now, mentors, days: DAYS_SHOWN + 1 });
  const byDay = new Map<string, Slot[]>();
  for (const slot of slots) {
    const key = dayIn(slot.start, timeZone);
    const list = byDay.get(key) ?? [];
    list.push(slot);
    byDay.set(key, list);
  }
  const days = [...byDay.entries()].slice(0, DAYS_SHOWN).map(([day, list]) => ({ day, count: list.length }));
  const dayParam = url.searchParams.get("day");
  const day = dayParam && byDay.has(dayParam) ? dayParam : (days[0]?.day ?? null);
  return {
    timeZone,
    zoneChosen,
    minutes,
    lengths,
    days,
    day,
    slots: day ? (byDay.get(day) ?? []).map(toOption) : [],
    mentors: mentorProfiles(mentors),
    startToken: createFormStartToken(),
  };
}

export type BookingActionData =
  | {
      form: "booking";
      outcome: "booked";
      status: "unconfirmed" | "confirmed" | "pending";
      /** Until when an unconfirmed booking holds its time. */
      confirmBy: string | null;
      start: string;
      end: string;
      mentorName: string;
      email: string;
      timeZone: string;
    }
  | {
      form: "booking";
      outcome: "rejected" | "failed" | "taken";
      message: string | null;
      errors: Record<string, string>;
      values: Record<string, string>;
      nextSlots: SlotOption[];
      /** The time the visitor chose, when it was not booked for a reason other than being taken: shown again even when the page has no times to list. */
      chosenSlot?: SlotOption | null;
      startToken: string | null;
    };

/** The posted slot id as an option (mentor, start, length come from the id itself), or null when it names no slot. */
function chosenSlotOption(slotId: string | undefined): SlotOption | null {
  const parsed = slotId ? parseSlotId(slotId) : null;
  if (!parsed || !slotId) return null;
  return {
    id: slotId,
    start: parsed.start.toISOString(),
    end: new Date(parsed.start.getTime() + parsed.minutes * 60_000).toISOString(),
    minutes: parsed.minutes,
    mentorId: parsed.mentorId,
  };
}

/**
 * The booking form's post on /mentoring: the same answer with or without JavaScript. Its outcomes
 * have their own names (and `form: "booking"`), apart from the request form's on the same page.
 */
export async function handleBookingAction(formData: FormData, request: Request, context: Readonly<RouterContextProvider>) {
  const { clientIp } = context.get(requestInfoContext);
  const startToken = formData.get(STARTED_AT_FIELD);
  const keptToken = typeof startToken === "string" ? startToken : null;
  const values: Record<string, string> = {};
  for (const key of ["slotId", "name", "email", "goals", "scholarshipReason", "tz", "scholarship", "disclaimerAccepted"]) {
    const value = formData.get(key);
    if (typeof value === "string") values[key] = value;
  }
  const submission = parseWithZod(formData, { schema: bookingFormSchema });
  if (submission.status !== "success") {
    const errors: Record<string, string> = {};
    for (const [key, messages] of Object.entries(submission.error ?? {})) if (messages?.[0]) errors[key] = messages[0];
    return data<BookingActionData>(
      {
        form: "booking",
        outcome: "rejected",
        message: Object.values(errors)[0] ?? null,
        errors,
        values,
        nextSlots: [],
        startToken: keptToken,
      },
      { status: 400 },
    );
  }
  const { tz, scholarship, scholarshipReason, ...fields } = submission.value;
  try {
    const result = await bookSession({
      values: { ...fields, timeZone: tz, scholarshipReason: scholarship ? (scholarshipReason ?? null) : null },
      request,
      clientIp,
      trapFields: { honeypot: formData.get(HONEYPOT_FIELD), startToken },
      requireToken: true,
    });
    const told = learnerStatusOf(result);
    return data<BookingActionData>({
      form: "booking",
      outcome: "booked",
      status: told.status,
      confirmBy: told.confirmBy?.toISOString() ?? null,
      start: result.start.toISOString(),
      end: result.end.toISOString(),
      mentorName: result.mentorName,
      email: fields.email,
      timeZone: tz,
    });
  } catch (error) {
    if (error instanceof SlotTakenError) {
      return data<BookingActionData>(
        {
          form: "booking",
          outcome: "taken",
          message: error.message,
          errors: { slotId: error.message },
          values: { ...values, slotId: "" },
          nextSlots: error.nextSlots.map(toOption),
          startToken: keptToken,
        },
        { status: 409 },
      );
    }
    const { status, headers, body } = answerError(error, request, { internal: "Your booking could not be stored. Please try again." });
    const message = body.error;
    const errors = body.fields ?? {};
    return data<BookingActionData>(
      {
        form: "booking",
        outcome: "failed",
        message,
        errors,
        values,
        nextSlots: [],
        chosenSlot: chosenSlotOption(values.slotId),
        startToken: keptToken,
      },
      { status, headers },
    );
  }
}
