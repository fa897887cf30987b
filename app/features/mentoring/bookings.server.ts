import { randomUUID } from "node:crypto";
import { and, asc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { ApiError } from "~/.server/api";
import { getDb } from "~/.server/db/client";
import { mentoringBookings, OCCUPYING_STATUSES, type MentoringBookingStatus } from "~/.server/db/tables";
import { withTransaction, type Transaction } from "~/.server/db/transaction";
import { getEnv } from "~/.server/env";
import { checkAndSpendFormTraps, type FormTrapResult } from "~/.server/form-traps";
import { getJobs } from "~/.server/jobs";
import { logger } from "~/.server/logger";
import { consumeRateLimit, hashClientIp, refundRateLimit } from "~/.server/rate-limit";
import { recordConversion, visitFrom, type VisitRef } from "~/features/analytics/record-conversion.server";
import { formSubmitLimit } from "~/features/forms/submit-form.server";
import { queueBookingMails } from "./booking-mail-jobs.server";
import { bookingMessages, type BookingValues } from "./booking-schema";
import { fetchBusy } from "./caldav.server";
import { calendarSyncJob } from "./calendar-jobs.server";
import { freeSlots, isBookable, loadMentor, recentlyReadMentors, type Mentor } from "./mentors.server";
import { computeSlots, parseSlotId } from "./slots";
import type { Slot } from "./types";
import { videoLinkFor } from "./video-link.server";

/**
 * Booking, moving and cancelling mentoring sessions (docs/mentoring.md). The database keeps one
 * booking per slot (the exclusion constraint `mentoring_bookings_no_overlap`): of concurrent
 * requests for one time, one commits and the others get SlotTakenError with the next free times.
 * A booking, its mails and its calendar write are one transaction, as the forms' submissions are.
 */

/** How many other times a "just taken" answer offers. */
export const NEXT_SLOTS_OFFERED = 5;
/** Reading the mentor's calendar at booking time waits at most this long, then books on the last read. */
const CALENDAR_CHECK_MS = 4_000;

export class SlotTakenError extends ApiError {
  constructor(readonly nextSlots: Slot[]) {
    super(409, bookingMessages.slotTaken);
    this.name = "SlotTakenError";
  }
}

type BookingRow = typeof mentoringBookings.$inferSelect;

function hasCode(error: unknown, code: string): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === code) return true;
  }
  return false;
}

/** PostgreSQL's exclusion_violation: the time overlaps another booking of the mentor. */
const isOverlap = (error: unknown) => hasCode(error, "23P01");

/**
 * Takes one mentor's booking lock for the rest of the transaction: changes of one mentor's times
 * go one after another (each a few milliseconds), so concurrent requests for one time never wait
 * on each other's uncommitted rows in a circle (a deadlock PostgreSQL takes a second to notice).
 * The exclusion constraint still decides who gets the time.
 */
async function lockMentorTimes(tx: Transaction, mentorId: string): Promise<void> {
  await tx.db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`mentoring-times:${mentorId}`}, 0))`);
}

/**
 * Runs a transaction that inserts or moves a booking, again when PostgreSQL broke a deadlock by
 * ending it (40P01). Two requests for one time that both wait for the other's uncommitted row
 * (the exclusion constraint's check) deadlock; the one ended would otherwise have lost or won
 * like the rest, so it simply tries again (at most three times).
 */
async function withBookingTransaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await withTransaction(work);
    } catch (error) {
      if (attempt >= 3 || !hasCode(error, "40P01")) throw error;
    }
  }
}

function overlaps(a: { start: Date; end: Date }, b: { start: Date; end: Date }): boolean {
  return a.start < b.end && b.start < a.end;
}

/** The calendar UID of a booking's event: stable across changes, unique per site. */
function bookingUid(id: string): string {
  const host = new URL(getEnv().PUBLIC_URL).hostname || "localhost";
  return `booking-${id}@${host}`;
}

async function queueCalendarSync(bookingId: string, tx: Transaction, mentor: Mentor): Promise<void> {
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
 * or not is the database's question. Throws ApiError 400 otherwise.
 */
async function offeredSlot(slotId: string, now: Date): Promise<{ slot: Slot; mentor: Mentor }> {
  const parsed = parseSlotId(slotId);
  const mentor = parsed ? ((await recentlyReadMentors()).find((candidate) => candidate.profile.id === parsed.mentorId) ?? null) : null;
  if (!parsed || !mentor || !isBookable(mentor)) throw new ApiError(400, bookingMessages.slotUnknown);
  if (parsed.start.getTime() < now.getTime() + mentor.availability.minNoticeHours * 3_600_000)
    throw new ApiError(400, bookingMessages.slotPast);
  const slot = computeSlots({
    mentorId: mentor.profile.id,
    availability: mentor.availability,
    busy: [],
    now,
    from: new Date(parsed.start.getTime() - 2 * 86_400_000),
    days: 5,
    minutes: parsed.minutes,
  }).find((candidate) => candidate.id === slotId);
  if (!slot) throw new ApiError(400, bookingMessages.slotUnknown);
  return { slot, mentor };
}

/** Checks the mentor's own calendar for the slot now (bounded); on failure the last read decides. */
async function calendarAllows(mentor: Mentor, occupied: { start: Date; end: Date }): Promise<boolean> {
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

export type BookInput = {
  values: BookingValues;
  request: Request;
  clientIp: string;
  trapFields: { honeypot: unknown; startToken: unknown };
  requireToken: boolean;
  now?: Date;
};

export type BookResult = {
  bookingId: string;
  status: MentoringBookingStatus;
  start: Date;
  end: Date;
  mentorName: string;
  repeated: boolean;
};

/**
 * Bookings being made right now on this instance, by slot and e-mail. The same form posted twice
 * at once (a double click, a retry while the first post is still on its way) carries one start
 * token: racing, the second would find its token spent and be stored as a held booking, and its
 * answer, the one the page shows, would say "request" instead of "booked". It waits for the
 * first's answer instead. An entry lives only while its booking is being made.
 */
const bookingsInFlight = new Map<string, Promise<BookResult>>();

/**
 * Books a slot. Answers: the booking (confirmed, or pending a scholarship approval, or held
 * when it looks automated: stored without mail and without its slot, for an admin to decide);
 * ApiError 400 for a slot not offered; SlotTakenError (409) when the time is taken. The same
 * person sending the same slot again gets their booking back (a double submit stores nothing).
 */
export async function bookSession(input: BookInput): Promise<BookResult> {
  const key = `${input.values.slotId}|${input.values.email.trim().toLowerCase()}`;
  const running = bookingsInFlight.get(key);
  if (running) {
    const first = await running.catch(() => null);
    // The first post's booking, as a repeat; if it failed, this post is tried on its own.
    if (first) return { ...first, repeated: true };
  }
  const attempt = bookSessionOnce(input);
  bookingsInFlight.set(key, attempt);
  try {
    return await attempt;
  } finally {
    if (bookingsInFlight.get(key) === attempt) bookingsInFlight.delete(key);
  }
}

/**
 * The booking this person (by address) already has at this time of this mentor, as a repeat: a
 * double submit gets it back and stores nothing. `withHeld`: a held booking counts too (it
 * takes no slot, so only this lookup finds it).
 */
async function samePersonsBooking(
  mentor: Mentor,
  start: Date,
  email: string,
  { withHeld }: { withHeld: boolean },
): Promise<BookResult | null> {
  const [existing] = await getDb()
    .select({
      id: mentoringBookings.id,
      status: mentoringBookings.status,
      startsAt: mentoringBookings.startsAt,
      endsAt: mentoringBookings.endsAt,
    })
    .from(mentoringBookings)
    .where(
      and(
        eq(mentoringBookings.mentorId, mentor.profile.id),
        eq(mentoringBookings.startsAt, start),
        inArray(mentoringBookings.status, withHeld ? [...OCCUPYING_STATUSES, "held"] : [...OCCUPYING_STATUSES]),
        sql`lower(${mentoringBookings.email}) = lower(${email})`,
      ),
    )
    .limit(1);
  if (!existing) return null;
  return {
    bookingId: existing.id,
    status: existing.status,
    start: existing.startsAt,
    end: existing.endsAt,
    mentorName: mentor.profile.name,
    repeated: true,
  };
}

async function bookSessionOnce({ values, request, clientIp, trapFields, requireToken, now = new Date() }: BookInput): Promise<BookResult> {
  const { slot, mentor } = await offeredSlot(values.slotId, now);
  const occupied = { start: slot.start, end: new Date(slot.end.getTime() + mentor.availability.bufferMinutes * 60_000) };

  const traps: FormTrapResult = await checkAndSpendFormTraps(trapFields, { requireToken });
  const held = traps.holdReason !== null;
  // A post that would be held may be the same form sent again (its start token is spent): the
  // person's booking of this time, if there is one, is the answer. A post that is not held
  // finds a booking of the same person through the slot's constraint, below.
  if (held) {
    const existing = await samePersonsBooking(mentor, slot.start, values.email, { withHeld: true });
    if (existing) {
      await traps.giveBack?.().catch(() => undefined);
      return existing;
    }
  }
  const status: MentoringBookingStatus = held ? "held" : values.scholarshipReason ? "pending" : "confirmed";
  const ipHash = clientIp ? hashClientIp(clientIp) : null;
  const id = randomUUID();
  const row: BookingRow = {
    id,
    mentorId: mentor.profile.id,
    startsAt: slot.start,
    endsAt: slot.end,
    occupiedUntil: occupied.end,
    status,
    name: values.name,
    email: values.email,
    timeZone: values.timeZone,
    goals: values.goals,
    disclaimerAccepted: values.disclaimerAccepted,
    scholarshipReason: values.scholarshipReason,
    videoUrl: videoLinkFor(id, mentor.video),
    uid: bookingUid(id),
    sequence: 0,
    personId: null,
    ipHash,
    userAgent: request.headers.get("User-Agent")?.slice(0, 500) ?? null,
    holdReason: traps.holdReason,
    fillMs: traps.fillMs,
    reminder24hSentAt: null,
    reminder1hSentAt: null,
    followUpSentAt: null,
    calendarSyncedAt: null,
    cancelledAt: null,
    cancelledBy: null,
    createdAt: now,
    updatedAt: now,
  };
  let visit: VisitRef | undefined;
  let limitSpent = false;
  try {
    visit = await visitFrom(request, clientIp);
    await consumeRateLimit(formSubmitLimit, ipHash ?? "unknown");
    limitSpent = true;
    // The mentor's own calendar is asked only within the per-address limit (it is someone else's
    // server), and not for a held booking, which takes no time.
    if (!held && !(await calendarAllows(mentor, occupied))) throw new SlotTakenError(await nextFreeSlots(slot.start, slot.minutes, now));
    // Only the insert and its jobs hold the transaction's one connection: concurrent inserts of one
    // time wait on each other's row (the exclusion constraint), never on a second connection.
    await withBookingTransaction(async (tx) => {
      const { personId: _personId, ...insert } = row;
      await lockMentorTimes(tx, mentor.profile.id);
      await tx.db.insert(mentoringBookings).values(insert);
      if (status !== "held") {
        await queueBookingMails(tx, { bookingId: id, kind: status === "confirmed" ? "confirmation" : "pending" });
        await queueCalendarSync(id, tx, mentor);
      }
    });
  } catch (error) {
    await traps.giveBack?.().catch(() => undefined);
    // Nothing stored: the attempt costs the person nothing (49 people who lost a race spend no point).
    if (limitSpent) await refundRateLimit(formSubmitLimit, ipHash ?? "unknown").catch(() => undefined);
    if (isOverlap(error)) {
      const existing = await samePersonsBooking(mentor, slot.start, values.email, { withHeld: false });
      if (existing) return existing;
      throw new SlotTakenError(await nextFreeSlots(slot.start, slot.minutes, now));
    }
    throw error;
  }
  if (held)
    logger.warn(
      { bookingId: id, reason: traps.holdReason, fillMs: traps.fillMs, ipHash },
      "Mentoring booking held for review: it looks automated; no mail sent",
    );
  else logger.info({ bookingId: id, status }, "Mentoring booking stored");
  // Recorded after the answer: the booking is stored, its analytics need not hold up the learner.
  void recordConversion({ kind: "booking", entityId: id, visit });
  return { bookingId: id, status, start: slot.start, end: slot.end, mentorName: mentor.profile.name, repeated: false };
}

async function loadBooking(bookingId: string, tx?: Transaction): Promise<BookingRow | null> {
  const db = tx?.db ?? getDb();
  const query = db.select().from(mentoringBookings).where(eq(mentoringBookings.id, bookingId)).limit(1);
  const [row] = tx ? await query.for("update") : await query;
  return row ?? null;
}

async function mentorOf(row: BookingRow): Promise<Mentor> {
  const mentor = await loadMentor(row.mentorId);
  if (!mentor) throw new ApiError(409, "This booking's mentor no longer takes bookings.");
  return mentor;
}

export type BookingView = {
  id: string;
  status: MentoringBookingStatus;
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

function toView(row: BookingRow, mentor: Pick<Mentor, "profile"> | null): BookingView {
  return {
    id: row.id,
    status: row.status,
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

/** Still ahead and not cancelled: what a learner's link may change. */
function isChangeable(row: BookingRow, now: Date): boolean {
  return (row.status === "confirmed" || row.status === "pending") && row.startsAt > now;
}

/**
 * Cancels a session (by the learner through their link, or by an admin): the slot is free again,
 * both sides get a CANCEL invite, the mentor's calendar drops the event.
 */
export async function cancelBooking(
  bookingId: string,
  by: "learner" | "mentor",
  options: { expectedSequence?: number; now?: Date } = {},
): Promise<BookingView> {
  const now = options.now ?? new Date();
  return withTransaction(async (tx) => {
    const row = await loadBooking(bookingId, tx);
    if (!row || !isChangeable(row, now) || (options.expectedSequence !== undefined && row.sequence !== options.expectedSequence)) {
      throw new ApiError(
        by === "learner" ? 410 : 409,
        by === "learner" ? bookingMessages.bookingNotFound : "Only a pending or confirmed session that has not started can be cancelled.",
      );
    }
    const mentor = await mentorOf(row);
    const [updated] = await tx.db
      .update(mentoringBookings)
      .set({ status: "cancelled", cancelledAt: now, cancelledBy: by, sequence: row.sequence + 1 })
      .where(eq(mentoringBookings.id, row.id))
      .returning();
    await queueBookingMails(tx, { bookingId: row.id, kind: "cancellation", by });
    await queueCalendarSync(row.id, tx, mentor);
    return toView(updated!, mentor);
  });
}

/**
 * Moves a session to another free time of the same mentor: same calendar event (UID), a higher
 * SEQUENCE, reminders due again. SlotTakenError when the new time is taken.
 */
export async function rescheduleBooking(
  bookingId: string,
  newSlotId: string,
  by: "learner" | "mentor",
  options: { expectedSequence?: number; now?: Date } = {},
): Promise<BookingView> {
  const now = options.now ?? new Date();
  const { slot, mentor } = await offeredSlot(newSlotId, now);
  try {
    return await withBookingTransaction(async (tx) => {
      const row = await loadBooking(bookingId, tx);
      if (!row || !isChangeable(row, now) || (options.expectedSequence !== undefined && row.sequence !== options.expectedSequence)) {
        throw new ApiError(
          by === "learner" ? 410 : 409,
          by === "learner" ? bookingMessages.bookingNotFound : "Only a pending or confirmed session that has not started can be moved.",
        );
      }
      if (row.mentorId !== mentor.profile.id) throw new ApiError(400, "Pick a new time with the same mentor.");
      await lockMentorTimes(tx, mentor.profile.id);
      const [updated] = await tx.db
        .update(mentoringBookings)
        .set({
          startsAt: slot.start,
          endsAt: slot.end,
          occupiedUntil: new Date(slot.end.getTime() + mentor.availability.bufferMinutes * 60_000),
          sequence: row.sequence + 1,
          reminder24hSentAt: null,
          reminder1hSentAt: null,
        })
        .where(eq(mentoringBookings.id, row.id))
        .returning();
      if (updated!.status === "confirmed")
        await queueBookingMails(tx, { bookingId: row.id, kind: "reschedule", previousStart: row.startsAt.toISOString() });
      await queueCalendarSync(row.id, tx, mentor);
      return toView(updated!, mentor);
    });
  } catch (error) {
    if (isOverlap(error)) throw new SlotTakenError(await nextFreeSlots(slot.start, slot.minutes, now));
    throw error;
  }
}

/** A mentor approves a scholarship request: the session is confirmed and the invites go out. */
export async function approveScholarship(bookingId: string, now = new Date()): Promise<BookingView> {
  return withTransaction(async (tx) => {
    const row = await loadBooking(bookingId, tx);
    if (!row || row.status !== "pending" || row.startsAt <= now)
      throw new ApiError(409, "Only a pending request for a session still ahead can be approved.");
    const mentor = await mentorOf(row);
    const [updated] = await tx.db
      .update(mentoringBookings)
      .set({ status: "confirmed" })
      .where(eq(mentoringBookings.id, row.id))
      .returning();
    await queueBookingMails(tx, { bookingId: row.id, kind: "confirmation" });
    return toView(updated!, mentor);
  });
}

/**
 * An admin releases a held booking (it was a person): it takes its slot now if the slot is still
 * free (confirmed, or pending with a scholarship request, with its mails); if the time is taken
 * meanwhile, 409 and it stays held, for the admin to offer another time by mail.
 */
export async function releaseHeldBooking(bookingId: string): Promise<BookingView> {
  try {
    return await withBookingTransaction(async (tx) => {
      const row = await loadBooking(bookingId, tx);
      if (!row || row.status !== "held") throw new ApiError(404, "No held booking with this id.");
      const mentor = await mentorOf(row);
      await lockMentorTimes(tx, mentor.profile.id);
      const status = row.scholarshipReason ? "pending" : "confirmed";
      const [updated] = await tx.db
        .update(mentoringBookings)
        .set({ status, holdReason: null })
        .where(eq(mentoringBookings.id, row.id))
        .returning();
      await queueBookingMails(tx, { bookingId: row.id, kind: status === "confirmed" ? "confirmation" : "pending" });
      await queueCalendarSync(row.id, tx, mentor);
      return toView(updated!, mentor);
    });
  } catch (error) {
    if (isOverlap(error))
      throw new ApiError(409, "Its time has been booked by someone else meanwhile: reply to the learner to offer another time.");
    throw error;
  }
}

/** The mentor records how a session went; done sends the follow-up mail (once). */
export async function markOutcome(bookingId: string, outcome: "done" | "no_show", now = new Date()): Promise<BookingView> {
  return withTransaction(async (tx) => {
    const row = await loadBooking(bookingId, tx);
    if (!row || !["confirmed", "done", "no_show"].includes(row.status) || row.startsAt > now) {
      throw new ApiError(409, "Only a confirmed session that has started can be marked done or no-show.");
    }
    const mentor = await mentorOf(row);
    const sendFollowUp = outcome === "done" && row.followUpSentAt === null;
    const [updated] = await tx.db
      .update(mentoringBookings)
      .set({ status: outcome, ...(sendFollowUp ? { followUpSentAt: now } : {}) })
      .where(eq(mentoringBookings.id, row.id))
      .returning();
    if (sendFollowUp) await queueBookingMails(tx, { bookingId: row.id, kind: "follow-up" });
    return toView(updated!, mentor);
  });
}

/** The admin's agenda: bookings from `from` to `to` (every status), in time order. */
export async function agenda(from: Date, to: Date): Promise<BookingView[]> {
  const rows = await getDb()
    .select()
    .from(mentoringBookings)
    .where(and(gte(mentoringBookings.startsAt, from), lt(mentoringBookings.startsAt, to)))
    .orderBy(asc(mentoringBookings.startsAt))
    .limit(1000);
  const mentors = new Map<string, Mentor | null>();
  for (const row of rows) if (!mentors.has(row.mentorId)) mentors.set(row.mentorId, await loadMentor(row.mentorId));
  return rows.map((row) => toView(row, mentors.get(row.mentorId) ?? null));
}

/** What waits for a mentor's decision: scholarship requests ahead, and held bookings. */
export async function awaitingDecision(now = new Date()): Promise<BookingView[]> {
  const rows = await getDb()
    .select()
    .from(mentoringBookings)
    .where(
      sql`(${mentoringBookings.status} = 'pending' and ${mentoringBookings.startsAt} > ${now}) or ${mentoringBookings.status} = 'held'`,
    )
    .orderBy(asc(mentoringBookings.startsAt))
    .limit(200);
  const mentors = new Map<string, Mentor | null>();
  for (const row of rows) if (!mentors.has(row.mentorId)) mentors.set(row.mentorId, await loadMentor(row.mentorId));
  return rows.map((row) => toView(row, mentors.get(row.mentorId) ?? null));
}
