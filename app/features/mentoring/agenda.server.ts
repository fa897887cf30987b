import { and, asc, eq, gte, inArray, lt, ne, sql } from "drizzle-orm";
import { DateTime } from "luxon";
import { getDb } from "~/.server/db/client";
import { mailDeliveries, mentoringBookings, type MailDeliveryStatus } from "~/.server/db/tables";
import { toView, type BookingView } from "./bookings-shared.server";
import { toOption, type SlotOption } from "./mentoring-page.server";
import { DEFAULT_TIME_ZONE, freeSlots, loadMentor, type Mentor } from "./mentors.server";
import { isValidTimeZone } from "./slots";

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
  days: { day: string; bookings: AgendaBooking[] }[];
  previous: string;
  next: string;
  awaiting: AgendaBooking[];
  reschedule: { booking: BookingView; options: SlotOption[] } | null;
  /** What became of each shown booking's mails, oldest first (by booking id). */
  mails: Record<string, BookingMail[]>;
};

/** A booking as the agenda shows it: with its learner's person in the inbox (their page's link). */
export type AgendaBooking = BookingView & { personId: string | null };

/** The rows as the agenda shows them, each with its mentor's name. */
async function agendaViews(rows: (typeof mentoringBookings.$inferSelect)[]): Promise<AgendaBooking[]> {
  const mentors = new Map<string, Mentor | null>();
  for (const row of rows) if (!mentors.has(row.mentorId)) mentors.set(row.mentorId, await loadMentor(row.mentorId));
  return rows.map((row) => ({ ...toView(row, mentors.get(row.mentorId) ?? null), personId: row.personId }));
}

export type BookingMail = { tag: string; status: MailDeliveryStatus; detail: string | null; at: string };

/** The mails queued for these bookings and their fate (mail_deliveries under `booking:<id>`). */
async function bookingMails(ids: string[]): Promise<Record<string, BookingMail[]>> {
  if (ids.length === 0) return {};
  const rows = await getDb()
    .select({
      ref: mailDeliveries.ref,
      tag: mailDeliveries.tag,
      status: mailDeliveries.status,
      detail: mailDeliveries.detail,
      at: mailDeliveries.updatedAt,
    })
    .from(mailDeliveries)
    .where(
      inArray(
        mailDeliveries.ref,
        ids.map((id) => `booking:${id}`),
      ),
    )
    .orderBy(asc(mailDeliveries.updatedAt))
    .limit(2000);
  const byBooking: Record<string, BookingMail[]> = {};
  for (const row of rows) {
    const id = row.ref!.slice("booking:".length);
    (byBooking[id] ??= []).push({ tag: row.tag, status: row.status, detail: row.detail, at: row.at.toISOString() });
  }
  return byBooking;
}

/**
 * The agenda page's data. `onlyMentor`: a mentor who is not an owner sees their own sessions and
 * decisions only (docs/admin.md, "Roles"); an owner sees every mentor's.
 */
export async function agendaData(url: URL, adminId: string, now = new Date(), onlyMentor?: string): Promise<AgendaData> {
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
  const bookings = await agenda(start.toJSDate(), end.toJSDate(), onlyMentor);
  const days = Array.from({ length }, (_, index) => {
    const day = start.plus({ days: index });
    const key = day.toISODate()!;
    return { day: key, bookings: bookings.filter((booking) => DateTime.fromISO(booking.start, { zone: timeZone }).toISODate() === key) };
  });
  const rescheduleId = url.searchParams.get("move");
  let reschedule: AgendaData["reschedule"] = null;
  if (rescheduleId) {
    const booking = [...bookings, ...(await awaitingDecision(now, onlyMentor))].find((candidate) => candidate.id === rescheduleId);
    const bookingMentor = booking ? await loadMentor(booking.mentor.id) : null;
    if (booking && bookingMentor) {
      const { slots } = await freeSlots({ mentors: [bookingMentor], minutes: booking.minutes, now, days: 21 });
      reschedule = { booking, options: slots.slice(0, 30).map(toOption) };
    }
  }
  const awaiting = await awaitingDecision(now, onlyMentor);
  return {
    view,
    now: now.toISOString(),
    timeZone,
    date: anchor.toISODate()!,
    from: start.toISODate()!,
    days,
    previous: start.minus({ days: length }).toISODate()!,
    next: end.toISODate()!,
    awaiting,
    reschedule,
    mails: await bookingMails([...bookings, ...awaiting].map((booking) => booking.id)),
  };
}

/** The admin's agenda: bookings from `from` to `to` (every status but a lapsed hold, which never was a booking), in time order. */
export async function agenda(from: Date, to: Date, mentorId?: string): Promise<AgendaBooking[]> {
  const rows = await getDb()
    .select()
    .from(mentoringBookings)
    .where(
      and(
        gte(mentoringBookings.startsAt, from),
        lt(mentoringBookings.startsAt, to),
        ne(mentoringBookings.status, "lapsed"),
        mentorId ? eq(mentoringBookings.mentorId, mentorId) : undefined,
      ),
    )
    .orderBy(asc(mentoringBookings.startsAt))
    .limit(1000);
  return agendaViews(rows);
}

/** What waits for a mentor's decision: scholarship requests ahead, and held bookings. */
export async function awaitingDecision(now = new Date(), mentorId?: string): Promise<AgendaBooking[]> {
  const rows = await getDb()
    .select()
    .from(mentoringBookings)
    .where(
      and(
        sql`((${mentoringBookings.status} = 'pending' and ${mentoringBookings.startsAt} > ${now}) or ${mentoringBookings.status} = 'held')`,
        mentorId ? eq(mentoringBookings.mentorId, mentorId) : undefined,
      ),
    )
    .orderBy(asc(mentoringBookings.startsAt))
    .limit(200);
  return agendaViews(rows);
}
