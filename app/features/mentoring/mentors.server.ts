import { and, eq, gt, inArray, lt, ne, or, sql } from "drizzle-orm";
import { AppError } from "~/.server/errors";
import { withTransaction } from "~/.server/db/transaction";
import { getDb } from "~/.server/db/client";
import { mentoringBookings, mentoringMentors, OCCUPYING_STATUSES, users, type MentorVideoSetting } from "~/.server/db/tables";
import { openText, sealText } from "~/.server/sealed-text";
import { pictureSrc } from "~/lib/picture-src";
import { CONTENT_TYPES } from "~/features/content/content-types";
import { publishedNow } from "~/features/content/live.server";
import { availabilityInputSchema, type AvailabilityInput } from "./booking-schema";
import type { CalendarConnection } from "./caldav.server";
import { computeSlots, validateAvailability } from "./slots";
import type { Availability, BusyInterval, MentorProfile, Slot } from "./types";

/**
 * The mentors (admins with availability) as the booking needs them: their public profile, hours,
 * the times already taken, and their own calendar's busy times (docs/mentoring.md).
 */

export const CALENDAR_PASSWORD_PURPOSE = "mentoring-caldav-password";
export const DEFAULT_TIME_ZONE = "Europe/Oslo";

export type Mentor = {
  profile: MentorProfile;
  availability: Availability;
  video: MentorVideoSetting;
  active: boolean;
  calendar: CalendarConnection | null;
  calendarBusy: BusyInterval[];
  calendarReadAt: Date | null;
  calendarError: string | null;
};

/** The founder whose public profile a mentor shows: by name, else the one who leads mentoring. */
export function founderProfile(profileName: string) {
  const published = publishedNow().people;
  const founders = published.length > 0 ? published : CONTENT_TYPES.people.initial;
  const mentoringLead = founders.find((founder) => /mentoring/i.test(founder.role)) ?? founders[0]!;
  return founders.find((founder) => founder.name === profileName) ?? mentoringLead;
}

type MentorRow = typeof mentoringMentors.$inferSelect & { email: string };

function toMentor(row: MentorRow): Mentor {
  const founder = founderProfile(row.profileName);
  const password = row.caldavPasswordSealed ? openText(CALENDAR_PASSWORD_PURPOSE, row.caldavPasswordSealed) : null;
  return {
    profile: {
      id: row.userId,
      name: founder.name,
      role: founder.role,
      portrait: pictureSrc(founder.portrait),
      email: row.email,
      timeZone: row.timeZone,
    },
    availability: {
      timeZone: row.timeZone,
      weekly: row.weekly,
      overrides: row.overrides,
      sessionMinutes: row.sessionMinutes,
      bufferMinutes: row.bufferMinutes,
      minNoticeHours: row.minNoticeHours,
      horizonDays: row.horizonDays,
    },
    video: row.video,
    active: row.active,
    calendar:
      row.caldavUrl && row.caldavUsername && password !== null ? { url: row.caldavUrl, username: row.caldavUsername, password } : null,
    calendarBusy: (row.caldavBusy ?? []).map((interval) => ({ start: new Date(interval.start), end: new Date(interval.end) })),
    calendarReadAt: row.caldavReadAt,
    calendarError: row.caldavError,
  };
}

const mentorColumns = { mentor: mentoringMentors, email: users.email };

/** Every mentor with a row, bookable or not (the admin's list). */
export async function loadMentors(): Promise<Mentor[]> {
  const rows = await getDb().select(mentorColumns).from(mentoringMentors).innerJoin(users, eq(users.id, mentoringMentors.userId));
  return rows.map(({ mentor, email }) => toMentor({ ...mentor, email }));
}

/**
 * How long the booking path reuses the mentors it read. Fifty people booking at once need the
 * mentors fifty times within a second; a change of hours reaches the booking path of another
 * instance this much later (its own instance forgets at once). Pages, the API's slot list and the
 * admin read fresh.
 */
export const BOOKING_MENTORS_MAX_AGE_MS = 5_000;
let recentMentors: { at: number; mentors: Promise<Mentor[]> } | null = null;

/** The mentors as read within the last few seconds (one read shared by concurrent bookings). */
export function recentlyReadMentors(now = Date.now()): Promise<Mentor[]> {
  if (!recentMentors || now - recentMentors.at > BOOKING_MENTORS_MAX_AGE_MS) {
    const mentors = loadMentors();
    recentMentors = { at: now, mentors };
    // A failed read is not kept: the next booking reads again.
    mentors.catch(() => {
      if (recentMentors?.mentors === mentors) recentMentors = null;
    });
  }
  return recentMentors.mentors;
}

/** After a change of a mentor on this instance. */
function forgetRecentMentors(): void {
  recentMentors = null;
}

export async function loadMentor(userId: string): Promise<Mentor | null> {
  const [row] = await getDb()
    .select(mentorColumns)
    .from(mentoringMentors)
    .innerJoin(users, eq(users.id, mentoringMentors.userId))
    .where(eq(mentoringMentors.userId, userId))
    .limit(1);
  return row ? toMentor({ ...row.mentor, email: row.email }) : null;
}

/** A mentor learners can book: switched on, with weekly hours or an override with hours. */
export function isBookable(mentor: Mentor): boolean {
  return (
    mentor.active && (mentor.availability.weekly.length > 0 || mentor.availability.overrides.some((override) => override.hours.length > 0))
  );
}

export async function loadBookableMentors(): Promise<Mentor[]> {
  return (await loadMentors()).filter(isBookable);
}

/** Times the mentors' bookings occupy (session plus buffer) that end after `from` and start before `to`. */
export async function occupiedTimes(mentorIds: string[], from: Date, to: Date): Promise<Map<string, BusyInterval[]>> {
  const byMentor = new Map<string, BusyInterval[]>(mentorIds.map((id) => [id, []]));
  if (mentorIds.length === 0) return byMentor;
  const rows = await getDb()
    .select({ mentorId: mentoringBookings.mentorId, start: mentoringBookings.startsAt, end: mentoringBookings.occupiedUntil })
    .from(mentoringBookings)
    .where(
      and(
        inArray(mentoringBookings.mentorId, mentorIds),
        inArray(mentoringBookings.status, [...OCCUPYING_STATUSES]),
        // A hold past its time is free, even before it is marked lapsed.
        or(ne(mentoringBookings.status, "unconfirmed"), gt(mentoringBookings.confirmBy, sql`now()`)),
        gt(mentoringBookings.occupiedUntil, from),
        lt(mentoringBookings.startsAt, to),
      ),
    );
  for (const row of rows) byMentor.get(row.mentorId)?.push({ start: row.start, end: row.end });
  return byMentor;
}

export type FreeSlotsQuery = { from?: Date; days?: number; minutes?: number; now?: Date; mentors?: Mentor[] };

/** The free slots of every bookable mentor, merged in time order. */
export async function freeSlots({ from, days, minutes, now = new Date(), mentors }: FreeSlotsQuery = {}): Promise<{
  slots: Slot[];
  mentors: Mentor[];
}> {
  const bookable = mentors ?? (await loadBookableMentors());
  if (bookable.length === 0) return { slots: [], mentors: [] };
  const start = from && from > now ? from : now;
  const maxHorizon = Math.max(...bookable.map((mentor) => mentor.availability.horizonDays));
  const until = new Date(start.getTime() + ((days ?? maxHorizon) + 1) * 86_400_000);
  const taken = await occupiedTimes(
    bookable.map((mentor) => mentor.profile.id),
    start,
    until,
  );
  const slots = bookable.flatMap((mentor) =>
    computeSlots({
      mentorId: mentor.profile.id,
      availability: mentor.availability,
      busy: [...(taken.get(mentor.profile.id) ?? []), ...mentor.calendarBusy],
      now,
      from: start,
      days,
      minutes,
    }),
  );
  slots.sort((a, b) => a.start.getTime() - b.start.getTime() || a.minutes - b.minutes || a.mentorId.localeCompare(b.mentorId));
  return { slots, mentors: bookable };
}

/** The signed-in admin's mentoring settings, with defaults when they have none yet. */
export async function mentorSettings(userId: string) {
  const mentor = await loadMentor(userId);
  return {
    exists: mentor !== null,
    profileName: mentor?.profile.name ?? founderProfile("").name,
    availability: mentor?.availability ?? {
      timeZone: DEFAULT_TIME_ZONE,
      weekly: [],
      overrides: [],
      sessionMinutes: [30, 60],
      bufferMinutes: 15,
      minNoticeHours: 24,
      horizonDays: 60,
    },
    video: mentor?.video ?? ({ kind: "jitsi" } as MentorVideoSetting),
    active: mentor?.active ?? true,
    calendar: mentor?.calendar ? { url: mentor.calendar.url, username: mentor.calendar.username } : null,
    calendarReadAt: mentor?.calendarReadAt ?? null,
    calendarError: mentor?.calendarError ?? null,
  };
}

/**
 * Stores a mentor's availability (creating their mentor row): the body as the API takes it,
 * checked as a whole; throws AppError `invalid` naming the first problem, storing nothing.
 */
export async function saveAvailability(userId: string, body: unknown, options: { profileName?: string } = {}): Promise<Availability> {
  const parsed = availabilityInputSchema.safeParse(body);
  if (!parsed.success) throw new AppError("invalid", parsed.error.issues[0]?.message ?? "The availability is not valid.");
  const input: AvailabilityInput = parsed.data;
  const availability: Availability = {
    timeZone: input.timeZone,
    weekly: input.weekly.map((block) => ({ ...block, day: block.day as Availability["weekly"][number]["day"] })),
    overrides: input.overrides ?? (await loadMentor(userId))?.availability.overrides ?? [],
    sessionMinutes: input.sessionMinutes,
    bufferMinutes: input.bufferMinutes,
    minNoticeHours: input.minNoticeHours,
    horizonDays: input.horizonDays,
  };
  const problems = validateAvailability(availability);
  if (problems.length > 0) throw new AppError("invalid", problems[0]!);
  const values = {
    timeZone: availability.timeZone,
    weekly: availability.weekly,
    overrides: availability.overrides,
    sessionMinutes: availability.sessionMinutes,
    bufferMinutes: availability.bufferMinutes,
    minNoticeHours: availability.minNoticeHours,
    horizonDays: availability.horizonDays,
    ...(options.profileName ? { profileName: founderProfile(options.profileName).name } : {}),
  };
  await withTransaction((tx) =>
    tx.db
      .insert(mentoringMentors)
      .values({ userId, profileName: founderProfile(options.profileName ?? "").name, ...values })
      .onConflictDoUpdate({ target: mentoringMentors.userId, set: { ...values, updatedAt: sql`now()` } }),
  );
  forgetRecentMentors();
  return availability;
}

/** Stores (or, with null, removes) the mentor's CalDAV calendar; the password is sealed. */
export async function saveCalendarConnection(userId: string, connection: CalendarConnection | null): Promise<void> {
  const values = connection
    ? {
        caldavUrl: connection.url,
        caldavUsername: connection.username,
        caldavPasswordSealed: sealText(CALENDAR_PASSWORD_PURPOSE, connection.password),
        caldavBusy: null,
        caldavReadAt: null,
        caldavError: null,
      }
    : { caldavUrl: null, caldavUsername: null, caldavPasswordSealed: null, caldavBusy: null, caldavReadAt: null, caldavError: null };
  // In a transaction, so the audit entry of the change (when it has one) commits with it.
  await withTransaction(async (tx) => {
    const updated = await tx.db
      .update(mentoringMentors)
      .set(values)
      .where(eq(mentoringMentors.userId, userId))
      .returning({ id: mentoringMentors.userId });
    if (updated.length === 0) throw new AppError("invalid", "Set your weekly hours first; then connect a calendar.");
  });
  forgetRecentMentors();
}

/** Records what the last read of a mentor's calendar gave. */
export async function storeCalendarBusy(
  userId: string,
  result: { busy: BusyInterval[] } | { error: string },
  at = new Date(),
): Promise<void> {
  await getDb()
    .update(mentoringMentors)
    .set(
      "busy" in result
        ? {
            caldavBusy: result.busy.map((interval) => ({ start: interval.start.toISOString(), end: interval.end.toISOString() })),
            caldavReadAt: at,
            caldavError: null,
          }
        : { caldavError: result.error, caldavReadAt: at },
    )
    .where(eq(mentoringMentors.userId, userId));
  forgetRecentMentors();
}

export type MentorProfileInput = { profileName: string; video: MentorVideoSetting; active: boolean };

/** The mentor's public profile, video setting and whether they take bookings (after their hours exist). */
export async function saveMentorProfile(userId: string, input: MentorProfileInput): Promise<void> {
  if (input.video.kind === "fixed") {
    let url: URL | null;
    try {
      url = new URL(input.video.url);
    } catch {
      url = null;
    }
    if (!url || url.protocol !== "https:" || input.video.url.length > 500)
      throw new AppError("invalid", "The meeting link must be an https:// address, e.g. your Zoom or Google Meet link");
  }
  await withTransaction(async (tx) => {
    const updated = await tx.db
      .update(mentoringMentors)
      .set({ profileName: founderProfile(input.profileName).name, video: input.video, active: input.active })
      .where(eq(mentoringMentors.userId, userId))
      .returning({ id: mentoringMentors.userId });
    if (updated.length === 0) throw new AppError("invalid", "Set your weekly hours first.");
  });
  forgetRecentMentors();
}
