import { randomUUID } from "node:crypto";
import { and, count, eq, gt, inArray, ne, sql } from "drizzle-orm";
import { AppError } from "~/.server/errors";
import { getDb } from "~/.server/db/client";
import { mentoringBookings, OCCUPYING_STATUSES, type MentoringBookingStatus } from "~/.server/db/tables";
import { checkAndSpendFormTraps, type FormTrapResult } from "~/.server/form-traps";
import { logger } from "~/.server/logger";
import { consumeRateLimit, hashClientIp, refundRateLimit } from "~/.server/rate-limit";
import { recordConversion, visitFrom, type VisitRef } from "~/features/analytics/record-conversion.server";
import { formSubmitLimit } from "~/features/forms/submit-form.server";
import { queueBookingMails } from "./booking-mail-jobs.server";
import { type Mentor } from "./mentors.server";
import { videoLinkFor } from "./video-link.server";
import { bookingMessages, type BookingValues } from "./booking-schema";
import {
  type BookingRow,
  HOLD_MINUTES,
  SlotTakenError,
  UPCOMING_PER_LEARNER,
  bookingUid,
  calendarAllows,
  isOverlap,
  learnerKeyOf,
  lockMentorTimes,
  nextFreeSlots,
  offeredSlot,
  withBookingTransaction,
} from "./bookings-shared.server";
import type { Transaction } from "~/.server/db/transaction";

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
  /** Until when an unconfirmed booking holds its time (a held one answers as if it did). */
  confirmBy: Date | null;
  start: Date;
  end: Date;
  mentorName: string;
  createdAt: Date;
  repeated: boolean;
};

/**
 * What the learner (the page, the API) is told of a booking: a held one is answered as one waiting
 * for its confirmation mail (true for it: the mail comes once an admin releases it, and no hint to a bot).
 */
export function learnerStatusOf(result: BookResult): { status: "unconfirmed" | "confirmed" | "pending"; confirmBy: Date | null } {
  if (result.status === "confirmed" || result.status === "pending") return { status: result.status, confirmBy: null };
  return { status: "unconfirmed", confirmBy: result.confirmBy ?? new Date(result.createdAt.getTime() + HOLD_MINUTES * 60_000) };
}

/**
 * Bookings being made right now on this instance, by slot and e-mail. The same form posted twice
 * at once (a double click, a retry while the first post is still on its way) carries one start
 * token: racing, the second would find its token spent and be stored as a held booking, and its
 * answer, the one the page shows, would say "request" instead of "booked". It waits for the
 * first's answer instead. An entry lives only while its booking is being made.
 */
const bookingsInFlight = new Map<string, Promise<BookResult>>();

/**
 * Books a slot. Answers: the booking, unconfirmed (it holds the time for HOLD_MINUTES while the
 * learner confirms their address by the link mailed to them; confirm-booking.server.ts), or held
 * when it looks automated (stored without mail and without its slot, for an admin to decide);
 * AppError `invalid` for a slot not offered, `conflict` past UPCOMING_PER_LEARNER; SlotTakenError
 * (409) when the time is taken. The same person sending the same slot again gets their booking
 * back (a double submit stores nothing).
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
      confirmBy: mentoringBookings.confirmBy,
      createdAt: mentoringBookings.createdAt,
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
    confirmBy: existing.confirmBy,
    createdAt: existing.createdAt,
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
  const status: MentoringBookingStatus = held ? "held" : "unconfirmed";
  const confirmBy = new Date(Date.now() + HOLD_MINUTES * 60_000);
  const ipHash = clientIp ? hashClientIp(clientIp) : null;
  const id = randomUUID();
  // The person and the address key are the database's to fill (triggers, a generated column).
  const row: Omit<BookingRow, "personId" | "emailKey"> = {
    id,
    mentorId: mentor.profile.id,
    startsAt: slot.start,
    endsAt: slot.end,
    occupiedUntil: occupied.end,
    status,
    confirmBy: held ? null : confirmBy,
    name: values.name,
    email: values.email,
    timeZone: values.timeZone,
    goals: values.goals,
    disclaimerAccepted: values.disclaimerAccepted,
    scholarshipReason: values.scholarshipReason,
    videoUrl: videoLinkFor(id, mentor.video),
    uid: bookingUid(id),
    sequence: 0,
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
      await lockMentorTimes(tx, mentor.profile.id);
      if (!held) await refuseOverLimit(tx, mentor, slot.start, values.email);
      await tx.db.insert(mentoringBookings).values(row);
      // The learner is asked to confirm their address; the mentor hears of it once they have.
      if (!held) await queueBookingMails(tx, { bookingId: id, kind: "confirm-address" });
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
  return {
    bookingId: id,
    status,
    confirmBy: held ? null : confirmBy,
    createdAt: now,
    start: slot.start,
    end: slot.end,
    mentorName: mentor.profile.name,
    repeated: false,
  };
}

/**
 * AppError `conflict` when this learner address (case and `+tag` folded) already has
 * UPCOMING_PER_LEARNER upcoming bookings with this mentor. A booking of the same time is left to
 * the insert, which answers a double submit with the booking it repeats. Runs under the mentor's
 * lock, so two requests of one learner cannot both pass.
 */
async function refuseOverLimit(tx: Transaction, mentor: Mentor, start: Date, email: string): Promise<void> {
  const [upcoming] = await tx.db
    .select({ n: count() })
    .from(mentoringBookings)
    .where(
      and(
        eq(mentoringBookings.mentorId, mentor.profile.id),
        eq(mentoringBookings.emailKey, learnerKeyOf(email)),
        inArray(mentoringBookings.status, ["unconfirmed", "pending", "confirmed"]),
        gt(mentoringBookings.startsAt, sql`now()`),
        ne(mentoringBookings.startsAt, start),
      ),
    );
  if ((upcoming?.n ?? 0) >= UPCOMING_PER_LEARNER)
    throw new AppError("conflict", bookingMessages.tooManyUpcoming, { fields: { email: bookingMessages.tooManyUpcoming } });
}
