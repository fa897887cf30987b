import { and, eq, lte, sql } from "drizzle-orm";
import { AppError } from "~/.server/errors";
import { getDb } from "~/.server/db/client";
import { mentoringBookings, type MentoringBookingStatus } from "~/.server/db/tables";
import { withTransaction, type Transaction } from "~/.server/db/transaction";
import { getEnv } from "~/.server/env";
import { defineJob, getJobs } from "~/.server/jobs";
import { logger } from "~/.server/logger";
import { bookingMessages } from "./booking-schema";
import { fetchBusy } from "./caldav.server";
import { calendarSyncJob } from "./calendar-jobs.server";
import { freeSlots, isBookable, loadMentor, recentlyReadMentors, type Mentor } from "./mentors.server";
import { computeSlots, parseSlotId } from "./slots";
import type { Slot } from "./types";

/**
 * What the booking operations share (docs/mentoring.md): one booking per slot, kept by the database
 * (the exclusion constraint `mentoring_bookings_no_overlap`); of concurrent requests for one time, one
 * commits and the others get SlotTakenError with the next free times. A booking, its mails and its
 * calendar write are one transaction, as the forms' submissions are. Each operation has its file:
 * book-session, cancel-booking, reschedule-booking, approve-scholarship, release-held-booking,
 * mark-outcome (.server.ts).
 */
/** How many other times a "just taken" answer offers. */
const NEXT_SLOTS_OFFERED = 5;
/** Reading the mentor's calendar at booking time waits at most this long, then books on the last read. */
const CALENDAR_CHECK_MS = 4_000;
/** How long a new booking holds its time while the learner confirms their address (the link in their mail). */
export const HOLD_MINUTES = 30;
/** A held booking an admin releases: its learner booked a while ago and is not waiting at the screen, so a day. */
export const RELEASED_HOLD_HOURS = 24;
/** Upcoming bookings one learner address (case and `+tag` folded) may have with one mentor. */
export const UPCOMING_PER_LEARNER = 2;

export class SlotTakenError extends AppError {
  constructor(readonly nextSlots: Slot[]) {
    super("conflict", bookingMessages.slotTaken, { fields: { slotId: bookingMessages.slotTaken } });
    this.name = "SlotTakenError";
  }
}

export type BookingRow = typeof mentoringBookings.$inferSelect;

function hasCode(error: unknown, code: string): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === code) return true;
  }
  return false;
}

/** PostgreSQL's exclusion_violation: the time overlaps another booking of the mentor. */
export const isOverlap = (error: unknown) => hasCode(error, "23P01");

/**
 * Takes one mentor's booking lock for the rest of the transaction: changes of one mentor's times
 * go one after another (each a few milliseconds), so concurrent requests for one time never wait
 * on each other's uncommitted rows in a circle (a deadlock PostgreSQL takes a second to notice).
 * The exclusion constraint still decides who gets the time.
 */
export async function lockMentorTimes(tx: Transaction, mentorId: string): Promise<void> {
  await tx.db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`mentoring-times:${mentorId}`}, 0))`);
  // Holds past their time give it back before anything is decided about this mentor's times.
  await lapseExpiredHolds(tx.db, mentorId);
}

/**
 * Marks unconfirmed holds past their `confirm_by` lapsed, so their time is free (of one mentor, or
 * of all: the job each minute). Answers how many lapsed. The database's clock decides, as it does
 * for every reader of the hold.
 */
export async function lapseExpiredHolds(db: Transaction["db"] | ReturnType<typeof getDb> = getDb(), mentorId?: string): Promise<number> {
  const lapsed = await db
    .update(mentoringBookings)
    .set({ status: "lapsed" })
    .where(
      and(
        eq(mentoringBookings.status, "unconfirmed"),
        lte(mentoringBookings.confirmBy, sql`now()`),
        mentorId ? eq(mentoringBookings.mentorId, mentorId) : undefined,
      ),
    )
    .returning({ id: mentoringBookings.id });
  if (lapsed.length > 0)
    logger.info({ bookings: lapsed.map((row) => row.id) }, "Mentoring: unconfirmed holds lapsed; their times are free");
  return lapsed.length;
}

/**
 * Runs a transaction that inserts or moves a booking, again when PostgreSQL broke a deadlock by
 * ending it (40P01). Two requests for one time that both wait for the other's uncommitted row
 * (the exclusion constraint's check) deadlock; the one ended would otherwise have lost or won
 * like the rest, so it simply tries again (at most three times).
 */
export async function withBookingTransaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await withTransaction(work);
    } catch (error) {
      if (attempt >= 3 || !hasCode(error, "40P01")) throw error;
    }
  }
}

export function overlaps(a: { start: Date; end: Date }, b: { start: Date; end: Date }): boolean {
  return a.start < b.end && b.start < a.end;
}

/** The calendar UID of a booking's event: stable across changes, unique per site. */
export function bookingUid(id: string): string {
  const host = new URL(getEnv().PUBLIC_URL).hostname || "localhost";
  return `booking-${id}@${host}`;
}

export async function queueCalendarSync(bookingId: string, tx: Transaction, mentor: Mentor): Promise<void> {
  if (!mentor.calendar) return;
  await getJobs().send(calendarSyncJob, { bookingId }, { db: tx.jobsDb });
}

/** "Just taken" answers computed in the last moment, by time and length: the 49 who lost one race share one. */
const recentNextSlots = new Map<string, { at: number; slots: Promise<Slot[]> }>();
const NEXT_SLOTS_MAX_AGE_MS = 2_000;

/** The next free times of this length (any mentor) from `after`, for a "just taken" answer. */
export async function nextFreeSlots(after: Date, minutes: number, now = new Date()): Promise<Slot[]> {
  const key = `${after.getTime()}|${minutes}`;
  const at = Date.now();
  for (const [oldKey, entry] of recentNextSlots) if (at - entry.at > NEXT_SLOTS_MAX_AGE_MS) recentNextSlots.delete(oldKey);
  const recent = recentNextSlots.get(key);
  if (recent) return recent.slots;
  const slots = recentlyReadMentors()
    .then((mentors) => freeSlots({ from: after, minutes, now, days: 21, mentors: mentors.filter(isBookable) }))
    .then(({ slots: free }) => free.slice(0, NEXT_SLOTS_OFFERED));
  // Bounded: at most one entry per time and length asked in the last 2 seconds.
  recentNextSlots.set(key, { at, slots });
  slots.catch(() => recentNextSlots.delete(key));
  return slots;
}

/**
 * The slot an id names, if the mentor offers it at all (hours, lengths, notice, horizon); taken
 * or not is the database's question. Throws AppError `invalid` otherwise.
 */
export async function offeredSlot(slotId: string, now: Date): Promise<{ slot: Slot; mentor: Mentor }> {
  const parsed = parseSlotId(slotId);
  const mentor = parsed ? ((await recentlyReadMentors()).find((candidate) => candidate.profile.id === parsed.mentorId) ?? null) : null;
  if (!parsed || !mentor || !isBookable(mentor))
    throw new AppError("invalid", bookingMessages.slotUnknown, { fields: { slotId: bookingMessages.slotUnknown } });
  if (parsed.start.getTime() < now.getTime() + mentor.availability.minNoticeHours * 3_600_000)
    throw new AppError("invalid", bookingMessages.slotPast, { fields: { slotId: bookingMessages.slotPast } });
  const slot = computeSlots({
    mentorId: mentor.profile.id,
    availability: mentor.availability,
    busy: [],
    now,
    from: new Date(parsed.start.getTime() - 2 * 86_400_000),
    days: 5,
    minutes: parsed.minutes,
  }).find((candidate) => candidate.id === slotId);
  if (!slot) throw new AppError("invalid", bookingMessages.slotUnknown, { fields: { slotId: bookingMessages.slotUnknown } });
  return { slot, mentor };
}

/** Checks the mentor's own calendar for the slot now (bounded); on failure the last read decides. */
export async function calendarAllows(mentor: Mentor, occupied: { start: Date; end: Date }): Promise<boolean> {
  if (!mentor.calendar) return true;
  try {
    const busy = await Promise.race([
      fetchBusy(mentor.calendar, occupied.start, occupied.end, mentor.availability.timeZone),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error("calendar check timed out")), CALENDAR_CHECK_MS).unref()),
    ]);
    return !busy.some((interval) => overlaps(interval, occupied));
  } catch (error) {
    logger.warn(
      { err: error, mentorId: mentor.profile.id },
      "Mentoring: the mentor's calendar could not be read at booking time; using its last read",
    );
    return !mentor.calendarBusy.some((interval) => overlaps(interval, occupied));
  }
}

export async function loadBooking(bookingId: string, tx?: Transaction): Promise<BookingRow | null> {
  const db = tx?.db ?? getDb();
  const query = db.select().from(mentoringBookings).where(eq(mentoringBookings.id, bookingId)).limit(1);
  const [row] = tx ? await query.for("update") : await query;
  return row ?? null;
}

export async function mentorOf(row: BookingRow): Promise<Mentor> {
  const mentor = await loadMentor(row.mentorId);
  if (!mentor) throw new AppError("conflict", "This booking's mentor no longer takes bookings.");
  return mentor;
}

export type BookingView = {
  id: string;
  status: MentoringBookingStatus;
  /** Until when an unconfirmed booking holds its time. */
  confirmBy: string | null;
  /** The version the learner's links were signed for (grows with each change sent). */
  sequence: number;
  start: string;
  end: string;
  minutes: number;
  timeZone: string;
  name: string;
  email: string;
  goals: string;
  scholarshipReason: string | null;
  videoUrl: string;
  mentor: { id: string; name: string; timeZone: string };
  createdAt: string;
  holdReason: string | null;
};

export function toView(row: BookingRow, mentor: Pick<Mentor, "profile"> | null): BookingView {
  return {
    id: row.id,
    status: row.status,
    confirmBy: row.confirmBy?.toISOString() ?? null,
    sequence: row.sequence,
    start: row.startsAt.toISOString(),
    end: row.endsAt.toISOString(),
    minutes: Math.round((row.endsAt.getTime() - row.startsAt.getTime()) / 60_000),
    timeZone: row.timeZone,
    name: row.name,
    email: row.email,
    goals: row.goals,
    scholarshipReason: row.scholarshipReason,
    videoUrl: row.videoUrl,
    mentor: { id: row.mentorId, name: mentor?.profile.name ?? "A mentor", timeZone: mentor?.profile.timeZone ?? row.timeZone },
    createdAt: row.createdAt.toISOString(),
    holdReason: row.holdReason,
  };
}

export async function bookingView(bookingId: string): Promise<BookingView | null> {
  const row = await loadBooking(bookingId);
  return row ? toView(row, await loadMentor(row.mentorId)) : null;
}

export const lapseHoldsJob = defineJob({
  name: "mentoring-lapse-holds",
  // Every instance looks each minute (an update of what is due; two at once change nothing twice).
  localEverySeconds: () => 60,
  handler: async () => {
    await lapseExpiredHolds();
  },
});

/** The address as the per-learner limit counts it; the same expression as the `email_key` column. */
export const learnerKeyOf = (email: string) => sql`lower(regexp_replace(${email}::text, '[+][^@]*@', '@'))`;

/** Still ahead and not cancelled: what a learner's link may change. */
export function isChangeable(row: BookingRow, now: Date): boolean {
  return (row.status === "confirmed" || row.status === "pending") && row.startsAt > now;
}
