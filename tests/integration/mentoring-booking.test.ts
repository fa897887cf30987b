import ICAL from "ical.js";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/.server/db/client";
import { analyticsConversions, enquiries, mentoringBookings, mentoringMentors, users } from "~/.server/db/tables";
import { createFormStartToken, minFillMs } from "~/.server/form-traps";
import { bookingMailsJob } from "~/features/mentoring/booking-mail-jobs.server";
import { setAppSecret } from "~/.server/secret";
import { pruneHeldItems } from "~/features/admin/held-items.server";
import { agendaData } from "~/features/mentoring/agenda.server";
import { approveScholarship } from "~/features/mentoring/approve-scholarship.server";
import { cancelBooking } from "~/features/mentoring/cancel-booking.server";
import { markOutcome } from "~/features/mentoring/mark-outcome.server";
import { fetchBusy, putBookingEvent } from "~/features/mentoring/caldav.server";
import { calendarSyncJob, refreshCalendars } from "~/features/mentoring/calendar-jobs.server";
import { bookingLinks } from "~/features/mentoring/booking-links.server";
import { handleManageAction } from "~/features/mentoring/manage-booking.server";
import { lapseExpiredHolds } from "~/features/mentoring/bookings-shared.server";
import { releaseHeldBooking } from "~/features/mentoring/release-held-booking.server";
import { saveAvailability, saveCalendarConnection } from "~/features/mentoring/mentors.server";
import { sendDueReminders } from "~/features/mentoring/reminders.server";
import { loadPersonPage } from "~/features/inbox/person-timeline.server";
import { action as bookApi } from "~/routes/api/mentoring-book";
import { loader as slotsApi } from "~/routes/api/mentoring-slots";
import { setupTestDatabase } from "../support/database";
import { addEverydayMentor } from "../support/mentor";
import { setupTestMail } from "../support/mail-queue";
import { routeArgs } from "../support/route-args";
import { startRadicale, type TestRadicale } from "../support/radicale";
import { startSmtpServer } from "../support/smtp-server";
import { waitUntil } from "../support/wait-until";

/**
 * Mentoring booking end to end in one process (docs/mentoring.md): the slots and booking
 * endpoints, the database's one-booking-per-slot rule under 50 concurrent requests, the mails
 * with their calendar invites through a real SMTP server, the learner's link, reminders, and the
 * booking on the person's timeline and in the analytics.
 */
const database = setupTestDatabase();
setAppSecret("mentoring-test-secret-mentoring-test-secret");

const MENTOR = { id: "mentor-maya", email: "maya@nordlys.test", name: "Maya Okafor-Lund" };
const smtp = setupTestMail(
  startSmtpServer,
  {
    MAIL_TO_STUDIO: "studio@nordlys.test",
    // Radicale listens on 127.0.0.1: the calendar's address guard lets it in with this setting.
    NEWS_ALLOW_PRIVATE_HOSTS: "1",
  },
  { database, more: [bookingMailsJob, calendarSyncJob].map((job) => ({ ...job, pollingIntervalSeconds: 0.5 })) },
);

beforeAll(async () => {
  await getDb().insert(users).values(MENTOR);
  // Every day 08:00-20:00 in Oslo, 60-minute sessions, 15 minutes between, bookable from now.
  await saveAvailability(
    MENTOR.id,
    {
      timeZone: "Europe/Oslo",
      weekly: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: "08:00", end: "20:00" })),
      sessionMinutes: [30, 60],
      bufferMinutes: 15,
      minNoticeHours: 2,
      horizonDays: 30,
    },
    { profileName: MENTOR.name },
  );
});

let ipCounter = 1;
const nextIp = () => `203.0.113.${(ipCounter++ % 250) + 1}`;
let tokenSeq = 0;
const startedAt = () => createFormStartToken(Date.now() - minFillMs() - 1000 - tokenSeq++);

type PublicSlot = { id: string; start: string; end: string; minutes: number; mentor: { id: string; name: string } };

async function getSlots(query: string) {
  const response = await slotsApi(routeArgs(new Request(`http://localhost/api/mentoring/slots?${query}`), { clientIp: "127.0.0.1" }));
  return { status: response.status, body: (await response.json()) as { slots: PublicSlot[]; error?: string } };
}

async function book(body: Record<string, unknown>, options: { ip?: string; noToken?: boolean } = {}) {
  const request = new Request("http://localhost/api/mentoring/book", {
    method: "POST",
    headers: { "Content-Type": "application/json", "User-Agent": "booking-test/1.0" },
    body: JSON.stringify(options.noToken ? body : { formStartedAt: startedAt(), ...body }),
  });
  const response = await bookApi(routeArgs(request, { clientIp: options.ip ?? nextIp() }));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const learner = (n: number | string) => ({
  name: `Learner ${n}`,
  email: `learner-${n}@example.test`,
  goals: "Build a retrieval app for my thesis.",
  disclaimerAccepted: true,
  timeZone: "Europe/Oslo",
});
/** The enquiries of a booking (none until it is confirmed or released). */
const enquiriesOf = (bookingId: unknown) =>
  getDb()
    .select()
    .from(enquiries)
    .where(eq(enquiries.sourceId, String(bookingId)));
const bookingCount = async () => (await getDb().select({ n: count() }).from(mentoringBookings))[0]!.n;

/** The next free 60-minute slots, from the public endpoint. */
async function freeSlots(tz = "Europe/Oslo", days = 14) {
  const { body } = await getSlots(`days=${days}&tz=${encodeURIComponent(tz)}&minutes=60`);
  return body.slots;
}

/** The link of the mail that asks `to` to confirm their booking (waits for it). */
async function confirmLinkFor(to: string): Promise<string> {
  const mail = await waitUntil(
    () => smtp.current.to(to).find((sent) => sent.parsed.subject?.startsWith("Please confirm:")),
    20_000,
    `the confirm mail to ${to}`,
  );
  const link = /https:\/\/nordlys\.test\/mentoring\/booking\?token=[A-Za-z0-9_-]+#confirm/.exec(mail.parsed.text ?? "")?.[0];
  if (!link) throw new Error(`no confirm link in the mail to ${to}`);
  return link;
}

/** The learner presses "Confirm my session" on the page their mail's link opens. */
async function confirmFromMail(to: string) {
  const link = await confirmLinkFor(to);
  const answer = await handleManageAction(new Request(link.replace(/#.*$/, ""), { method: "POST" }), formOf({ intent: "confirm" }));
  return answer;
}

function invitesOf(to: string) {
  return smtp.current.to(to).flatMap((mail) => {
    const calendar = mail.parsed.attachments.find(
      (attachment) => attachment.contentType.startsWith("text/calendar") || attachment.filename?.endsWith(".ics"),
    );
    const text = calendar?.content.toString("utf8") ?? (mail.raw.toString("utf8").includes("BEGIN:VCALENDAR") ? null : null);
    return text ? [{ mail, component: new ICAL.Component(ICAL.parse(text)) }] : [];
  });
}

describe("free slots", () => {
  it("lists times with the visitor's offset and the mentor; 400 for an unknown zone or too many days", async () => {
    const slots = await freeSlots("Asia/Kolkata");
    expect(slots.length).toBeGreaterThan(10);
    expect(slots[0]!.start).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+05:30$/);
    expect(slots[0]!.mentor.name).toBe(MENTOR.name);
    expect(Date.parse(slots[0]!.start)).toBeGreaterThan(Date.now() + 2 * 3_600_000 - 1000);
    expect((await getSlots("tz=Mars/Olympus")).status).toBe(400);
    expect((await getSlots("tz=UTC&days=400")).status).toBe(400);
    expect((await getSlots("tz=UTC&from=2026-13-45")).status).toBe(400);
  });
});

describe("booking a slot", () => {
  it("50 concurrent requests for one slot give exactly one booking and 49 'just taken' answers with the next free times", async () => {
    const [slot] = (await freeSlots()).slice(3, 4);
    const before = await bookingCount();
    const answers = await Promise.all(Array.from({ length: 50 }, (_, index) => book({ slotId: slot!.id, ...learner(`race-${index}`) })));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    const taken = answers.find((answer) => answer.status === 409)!.body;
    expect(taken.error).toBe("This time was just taken — here are the next free times.");
    expect((taken.slots as PublicSlot[]).length).toBeGreaterThan(0);
    expect((taken.slots as PublicSlot[]).map((free) => free.id)).not.toContain(slot!.id);
    expect(await bookingCount()).toBe(before + 1);
    expect((await freeSlots()).map((free) => free.id)).not.toContain(slot!.id);
  });

  it("holds the time until the learner confirms by the mailed link; then a calendar invite to both, and the booking reaches the inbox and the analytics", async () => {
    const slot = (await freeSlots())[6]!;
    const answer = await book({ slotId: slot.id, ...learner("invite"), timeZone: "Asia/Kolkata" });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ status: "unconfirmed" });
    const confirmBy = Date.parse(String(answer.body.confirmBy));
    expect(confirmBy).toBeGreaterThan(Date.now() + 29 * 60_000);
    expect(confirmBy).toBeLessThanOrEqual(Date.now() + 30 * 60_000);
    expect(String(answer.body.start)).toMatch(/\+05:30$/);
    const bookingId = String(answer.body.bookingId);
    // Held: nobody else may take the time. Unconfirmed: the mentor has heard nothing, and it is nobody's enquiry yet.
    expect((await freeSlots()).map((free) => free.id)).not.toContain(slot.id);
    await confirmLinkFor("learner-invite@example.test");
    expect(smtp.current.to(MENTOR.email).filter((mail) => mail.parsed.text?.includes("Learner invite"))).toHaveLength(0);
    expect(invitesOf("learner-invite@example.test")).toHaveLength(0);
    expect(await enquiriesOf(bookingId)).toHaveLength(0);

    expect((await confirmFromMail("learner-invite@example.test")).body).toMatchObject({
      outcome: "confirmed",
      booking: { status: "confirmed" },
    });
    await waitUntil(
      () => invitesOf("learner-invite@example.test").length >= 1 && invitesOf(MENTOR.email).length >= 1,
      20_000,
      "both invites",
    );
    const { mail, component } = invitesOf("learner-invite@example.test")[0]!;
    expect(component.getFirstPropertyValue("method")).toBe("REQUEST");
    const event = new ICAL.Event(component.getFirstSubcomponent("vevent")!);
    expect(event.startDate.toJSDate().toISOString()).toBe(new Date(slot.start).toISOString());
    expect(event.location).toMatch(/^https:\/\/meet\.jit\.si\/Nordlys-[0-9a-f]{32}$/);
    expect(mail.parsed.text).toContain(event.location);
    expect(mail.parsed.text).toContain("https://nordlys.test/mentoring/booking?token=");
    // The agenda says what became of each of the booking's mails, in the mail server's words.
    const shown = await waitUntil(
      async () => {
        const mails = (await agendaData(new URL(`https://nordlys.test/admin/mentoring?date=${slot.start.slice(0, 10)}`), MENTOR.id)).mails[
          bookingId
        ];
        return mails?.length === 3 && mails.every((sent) => sent.status === "sent") && mails;
      },
      20_000,
      "the three mails shown as sent on the agenda",
    );
    expect(shown.map((sent) => sent.tag).sort()).toEqual([
      "booking-confirm-address",
      "booking-confirmation",
      "booking-mentor-notification",
    ]);
    expect(shown[0]!.detail).toMatch(/^250\b/);

    const [enquiry] = await getDb()
      .select()
      .from(enquiries)
      .where(and(eq(enquiries.kind, "booking"), eq(enquiries.sourceId, bookingId)));
    expect(enquiry?.stage).toBe("scheduled");
    const page = await loadPersonPage(enquiry!.personId);
    expect(page?.timeline.some((entry) => entry.type === "booking" && entry.bookingId === bookingId)).toBe(true);
    const [conversion] = await getDb()
      .select()
      .from(analyticsConversions)
      .where(and(eq(analyticsConversions.kind, "booking"), eq(analyticsConversions.entityId, bookingId)));
    expect(conversion).toBeDefined();
  });

  it("a double submit gives the same booking back and stores nothing more", async () => {
    const slot = (await freeSlots())[8]!;
    const first = await book({ slotId: slot.id, ...learner("double") });
    const before = await bookingCount();
    const second = await book({ slotId: slot.id, ...learner("double") });
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect(second.body.bookingId).toBe(first.body.bookingId);
    expect(await bookingCount()).toBe(before);
  });

  it("the same form posted twice at once (one start token) stores one booking and answers both with it", async () => {
    const slot = (await freeSlots())[9]!;
    const before = await bookingCount();
    const body = { formStartedAt: startedAt(), slotId: slot.id, ...learner("twice-at-once") };
    const ip = nextIp();
    const [first, second] = await Promise.all([book(body, { ip }), book(body, { ip })]);
    expect([first.status, second.status].sort()).toEqual([200, 201]);
    expect(second.body.bookingId).toBe(first.body.bookingId);
    expect(first.body.status).toBe("unconfirmed");
    expect(second.body.status).toBe("unconfirmed");
    expect(await bookingCount()).toBe(before + 1);
  });

  it("the same form posted again later (its start token spent) gets its booking back and stores nothing", async () => {
    const slot = (await freeSlots())[11]!;
    const body = { formStartedAt: startedAt(), slotId: slot.id, ...learner("back-button") };
    const first = await book(body);
    const before = await bookingCount();
    const again = await book(body);
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ bookingId: first.body.bookingId, status: "unconfirmed" });
    expect(await bookingCount()).toBe(before);
  });

  it("bad input gets a clear error, stores nothing and consumes no slot", async () => {
    const slot = (await freeSlots())[10]!;
    const before = await bookingCount();
    const [mentorId, stamp, minutes] = [slot.id.slice(0, slot.id.indexOf(".")), slot.id.split(".").at(-2)!, slot.id.split(".").at(-1)!];
    const cases: Array<[Record<string, unknown>, number, RegExp]> = [
      [{ slotId: `${mentorId}.20200101T0900Z.60`, ...learner("past") }, 400, /passed|too soon/],
      [{ slotId: `${mentorId}.${stamp.slice(0, 9)}0300Z.60`, ...learner("night") }, 400, /not one we offer/],
      [{ slotId: `${mentorId}.${stamp}.45`, ...learner("length") }, 400, /not one we offer/],
      [{ slotId: `someone-else.${stamp}.${minutes}`, ...learner("mentor") }, 400, /not one we offer/],
      [{ slotId: "garbage", ...learner("garbage") }, 400, /not one we offer/],
      [{ slotId: slot.id, ...learner("tz"), timeZone: "Mars/Olympus" }, 400, /Unknown time zone/],
      [{ slotId: slot.id, ...learner("long"), name: "x".repeat(101) }, 400, /100 characters or fewer/],
      [{ slotId: slot.id, ...learner("disclaimer"), disclaimerAccepted: false }, 400, /acknowledge the terms/],
      [{ slotId: slot.id, ...learner("scholarship"), scholarship: { reason: "" } }, 400, /scholarship/],
    ];
    for (const [body, status, message] of cases) {
      const answer = await book(body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(String(answer.body.error)).toMatch(message);
    }
    const fields = (await book({ slotId: slot.id, ...learner("fields"), email: "nope" })).body.fields as Record<string, string>;
    expect(fields.email).toBe("Valid email required");
    expect(await bookingCount()).toBe(before);
    expect((await freeSlots()).map((free) => free.id)).toContain(slot.id);
  });

  it("a scholarship request keeps its slot until a mentor approves it; then the invites go out", async () => {
    const slot = (await freeSlots())[12]!;
    const answer = await book({ slotId: slot.id, ...learner("scholar"), scholarship: { reason: "I study informatics at UiO." } });
    expect(answer.body.status).toBe("unconfirmed");
    expect((await confirmFromMail("learner-scholar@example.test")).body).toMatchObject({ booking: { status: "pending" } });
    expect((await freeSlots()).map((free) => free.id)).not.toContain(slot.id);
    await waitUntil(() => smtp.current.to("learner-scholar@example.test").length >= 2, 20_000, "the pending mail");
    expect(invitesOf("learner-scholar@example.test")).toHaveLength(0);
    await approveScholarship(String(answer.body.bookingId));
    await waitUntil(() => invitesOf("learner-scholar@example.test").length >= 1, 20_000, "the invite after approval");
  });

  it("a booking that looks automated is held: stored, no mail, and its slot stays free", async () => {
    const slot = (await freeSlots())[14]!;
    const answer = await book({ slotId: slot.id, ...learner("bot") }, { noToken: true });
    expect(answer.status).toBe(201);
    // Answered as any booking is: no hint to a bot.
    expect(answer.body.status).toBe("unconfirmed");
    const [row] = await getDb()
      .select()
      .from(mentoringBookings)
      .where(eq(mentoringBookings.id, String(answer.body.bookingId)));
    expect(row?.status).toBe("held");
    expect((await freeSlots()).map((free) => free.id)).toContain(slot.id);
    expect(smtp.current.to("learner-bot@example.test")).toHaveLength(0);
    // Not released within 30 days: pruned with its enquiry, as held forms are; the others stay.
    const before = await bookingCount();
    expect(await pruneHeldItems(new Date(Date.now() + 31 * 86_400_000))).toMatchObject({ bookings: 1 });
    expect(await bookingCount()).toBe(before - 1);
    expect(await enquiriesOf(answer.body.bookingId)).toHaveLength(0);
  });
});

describe("the hold", () => {
  const statusOf = async (id: unknown) =>
    (
      await getDb()
        .select()
        .from(mentoringBookings)
        .where(eq(mentoringBookings.id, String(id)))
    )[0]?.status;
  /** The hold's 30 minutes pass (the database's clock decides, so its deadline is moved back). */
  const expire = (id: unknown) =>
    getDb()
      .update(mentoringBookings)
      .set({ confirmBy: new Date(Date.now() - 1000) })
      .where(eq(mentoringBookings.id, String(id)));

  it("an unconfirmed hold frees its time after 30 minutes for the next learner; confirming it then says so", async () => {
    const slot = (await freeSlots())[22]!;
    const first = await book({ slotId: slot.id, ...learner("slow") });
    await confirmLinkFor("learner-slow@example.test");
    expect((await book({ slotId: slot.id, ...learner("second") })).status).toBe(409);
    await expire(first.body.bookingId);
    // Free at once for readers, before anything marks it lapsed; the next booking of the time lapses it.
    expect((await freeSlots()).map((free) => free.id)).toContain(slot.id);
    const second = await book({ slotId: slot.id, ...learner("second") });
    expect(second.status).toBe(201);
    expect(await statusOf(first.body.bookingId)).toBe("lapsed");
    const late = await confirmFromMail("learner-slow@example.test");
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({
      outcome: "failed",
      message: "This time was not confirmed within 30 minutes and someone else has booked it since. Please choose another time.",
    });
    expect(await statusOf(first.body.bookingId)).toBe("lapsed");
    // Lapsed, the hold was never an enquiry; the mentor never heard of it.
    expect(await enquiriesOf(first.body.bookingId)).toHaveLength(0);
  });

  it("the job each minute lapses what is due; a lapsed hold whose time is still free is booked by a late confirmation", async () => {
    const slot = (await freeSlots())[24]!;
    const answer = await book({ slotId: slot.id, ...learner("late") });
    await confirmLinkFor("learner-late@example.test");
    await expire(answer.body.bookingId);
    expect(await lapseExpiredHolds()).toBeGreaterThanOrEqual(1);
    expect(await statusOf(answer.body.bookingId)).toBe("lapsed");
    expect((await confirmFromMail("learner-late@example.test")).body).toMatchObject({
      outcome: "confirmed",
      booking: { status: "confirmed" },
    });
    expect((await freeSlots()).map((free) => free.id)).not.toContain(slot.id);
    await waitUntil(() => invitesOf("learner-late@example.test").length >= 1, 20_000, "the invite");
  });

  it("allows 2 upcoming bookings per learner address with one mentor, letter case and +tags folded", async () => {
    const slots = await freeSlots();
    const as = (email: string) => ({ ...learner("cap"), email });
    expect((await book({ slotId: slots[26]!.id, ...as("Cap.Learner@Example.test") })).status).toBe(201);
    expect((await book({ slotId: slots[28]!.id, ...as("cap.learner+second@example.test") })).status).toBe(201);
    const third = await book({ slotId: slots[30]!.id, ...as("CAP.LEARNER+third@EXAMPLE.TEST") });
    expect(third.status).toBe(409);
    expect(third.body).toMatchObject({
      code: "conflict",
      fields: {
        email:
          "You already have 2 upcoming sessions with this mentor under this e-mail address. Attend or cancel one (the link is in its e-mail) before booking another.",
      },
    });
    expect((await freeSlots()).map((free) => free.id)).toContain(slots[30]!.id);
    // Another address is another learner; a hold that lapsed no longer counts.
    expect((await book({ slotId: slots[30]!.id, ...as("cap.learner2@example.test") })).status).toBe(201);
    const [firstHold] = await getDb().select().from(mentoringBookings).where(eq(mentoringBookings.email, "Cap.Learner@Example.test"));
    await expire(firstHold!.id);
    expect((await book({ slotId: slots[32]!.id, ...as("cap.learner+fourth@example.test") })).status).toBe(201);
  });

  it("a held booking an admin releases waits a day for its learner, who is asked by mail like anyone", async () => {
    const slot = (await freeSlots())[34]!;
    const answer = await book({ slotId: slot.id, ...learner("released") }, { noToken: true });
    const released = await releaseHeldBooking(String(answer.body.bookingId));
    expect(released.status).toBe("unconfirmed");
    expect(Date.parse(released.confirmBy!)).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    expect((await freeSlots()).map((free) => free.id)).not.toContain(slot.id);
    expect((await confirmFromMail("learner-released@example.test")).body).toMatchObject({ booking: { status: "confirmed" } });
    const [enquiry] = await enquiriesOf(answer.body.bookingId);
    expect(enquiry).toMatchObject({ stage: "scheduled", heldAt: null });
  });
});

describe("the learner's link, reminders and after", () => {
  it("moves the session with an updated invite (same UID, higher SEQUENCE), then cancels it with METHOD:CANCEL; old links stop working", async () => {
    const slots = await freeSlots();
    const answer = await book({ slotId: slots[16]!.id, ...learner("mover") });
    const bookingId = String(answer.body.bookingId);
    await confirmFromMail("learner-mover@example.test");
    await waitUntil(() => invitesOf("learner-mover@example.test").length >= 1, 20_000, "the first invite");
    const [row] = await getDb().select().from(mentoringBookings).where(eq(mentoringBookings.id, bookingId));
    const firstToken = new URL(
      bookingLinks("https://nordlys.test", { id: bookingId, sequence: 0, end: row!.endsAt }).manageUrl,
    ).searchParams.get("token");

    const manageRequest = (token: string | null) =>
      new Request(`https://nordlys.test/mentoring/booking?token=${token}`, { method: "POST" });
    const target = slots[20]!;
    const moved = await handleManageAction(manageRequest(firstToken), formOf({ intent: "reschedule", slotId: target.id }));
    expect(moved.status).toBe(200);
    await waitUntil(() => invitesOf("learner-mover@example.test").length >= 2, 20_000, "the updated invite");
    const updated = new ICAL.Event(invitesOf("learner-mover@example.test")[1]!.component.getFirstSubcomponent("vevent")!);
    const original = new ICAL.Event(invitesOf("learner-mover@example.test")[0]!.component.getFirstSubcomponent("vevent")!);
    expect(updated.uid).toBe(original.uid);
    expect(updated.sequence).toBe(1);
    expect(updated.startDate.toJSDate().toISOString()).toBe(new Date(target.start).toISOString());

    // The first mail's link belonged to the old version of the booking.
    expect((await handleManageAction(manageRequest(firstToken), formOf({ intent: "cancel" }))).status).toBe(410);
    const secondToken = new URL(
      bookingLinks("https://nordlys.test", { id: bookingId, sequence: 1, end: new Date(target.end) }).manageUrl,
    ).searchParams.get("token");
    expect((await handleManageAction(manageRequest(secondToken), formOf({ intent: "cancel" }))).status).toBe(200);
    await waitUntil(() => invitesOf("learner-mover@example.test").length >= 3, 20_000, "the cancellation");
    const cancel = invitesOf("learner-mover@example.test")[2]!.component;
    expect(cancel.getFirstPropertyValue("method")).toBe("CANCEL");
    expect((await freeSlots()).map((free) => free.id)).toContain(target.id);
  });

  it("sends each reminder exactly once, however many instances look at the same moment", async () => {
    const slot = (await freeSlots("Europe/Oslo", 30)).at(-1)!;
    const answer = await book({ slotId: slot.id, ...learner("remind") });
    await confirmFromMail("learner-remind@example.test");
    const start = new Date(slot.start);
    // Four instances at once, 23 hours before: one 24-hour reminder.
    const claimed = await Promise.all([1, 2, 3, 4].map(() => sendDueReminders(new Date(start.getTime() - 23 * 3_600_000))));
    expect(claimed.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await sendDueReminders(new Date(start.getTime() - 22 * 3_600_000))).toBe(0);
    expect(await sendDueReminders(new Date(start.getTime() - 50 * 60_000))).toBe(1);
    expect(await sendDueReminders(new Date(start.getTime() - 40 * 60_000))).toBe(0);
    await waitUntil(
      () =>
        smtp.current.to("learner-remind@example.test").filter((mail) => /^(Tomorrow|In one hour):/.test(mail.parsed.subject ?? ""))
          .length >= 2,
      20_000,
      "two reminders",
    );
    // After the session, the mentor marks it done: a short follow-up, once.
    const after = new Date(start.getTime() + 2 * 3_600_000);
    await markOutcome(String(answer.body.bookingId), "done", after);
    await markOutcome(String(answer.body.bookingId), "done", after);
    await waitUntil(() => smtp.current.to("learner-remind@example.test").length >= 5, 20_000, "the follow-up");
    const [enquiry] = await getDb()
      .select()
      .from(enquiries)
      .where(and(eq(enquiries.kind, "booking"), eq(enquiries.sourceId, String(answer.body.bookingId))));
    expect(enquiry?.stage).toBe("done");
  });
});

describe("the mentor's own calendar (CalDAV, a real Radicale)", () => {
  const CAL_MENTOR = { id: "mentor-aksel", email: "aksel@nordlys.test", name: "Aksel Bakke" };
  let radicale: TestRadicale;

  beforeAll(async () => {
    radicale = await startRadicale();
    await addEverydayMentor(CAL_MENTOR);
    await saveCalendarConnection(CAL_MENTOR.id, { url: radicale.url, username: radicale.username, password: radicale.password });
  });
  afterAll(async () => {
    await radicale?.stop();
  });

  const hisSlots = async () => (await freeSlots("Europe/Oslo", 14)).filter((slot) => slot.mentor.id === CAL_MENTOR.id);
  const busyEvent = (uid: string, start: string, end: string) =>
    [
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//test//EN",
      "BEGIN:VEVENT",
      `UID:${uid}`,
      "DTSTAMP:20260101T000000Z",
      `DTSTART:${utcStamp(start)}`,
      `DTEND:${utcStamp(end)}`,
      "SUMMARY:Dentist",
      "END:VEVENT",
      "END:VCALENDAR",
      "",
    ].join("\r\n");
  const utcStamp = (iso: string) => new Date(iso).toISOString().replace(/[-:]|\.\d+/g, "");
  const calendar = () => ({ url: radicale.calendarUrl, username: radicale.username, password: radicale.password });

  it("keeps the password sealed in the database and reads busy times out of the free slots", async () => {
    const [row] = await getDb().select().from(mentoringMentors).where(eq(mentoringMentors.userId, CAL_MENTOR.id));
    expect(row?.caldavPasswordSealed).toBeTruthy();
    expect(row?.caldavPasswordSealed).not.toContain(radicale.password);
    const target = (await hisSlots())[4]!;
    await putBookingEvent(calendar(), { uid: "dentist-1", ics: busyEvent("dentist-1", target.start, target.end) });
    expect(await refreshCalendars()).toBeGreaterThanOrEqual(1);
    expect((await hisSlots()).map((slot) => slot.id)).not.toContain(target.id);
  });

  it("checks the calendar again at booking time: a time it made busy since the last read is 'just taken'", async () => {
    const target = (await hisSlots())[7]!;
    await putBookingEvent(calendar(), { uid: "dentist-2", ics: busyEvent("dentist-2", target.start, target.end) });
    const answer = await book({ slotId: target.id, ...learner("calendar-race") });
    expect(answer.status).toBe(409);
    expect(
      await getDb().select().from(mentoringBookings).where(eq(mentoringBookings.email, "learner-calendar-race@example.test")),
    ).toHaveLength(0);
  });

  it("writes each booking into the mentor's calendar, and takes it out when cancelled", async () => {
    const target = (await hisSlots())[9]!;
    const answer = await book({ slotId: target.id, ...learner("calendar-write") });
    expect(answer.status).toBe(201);
    const bookingId = String(answer.body.bookingId);
    const busyAt = async () =>
      (await fetchBusy(calendar(), new Date(target.start), new Date(target.end), "Europe/Oslo")).map((interval) =>
        interval.start.toISOString(),
      );
    // Nothing reaches the mentor's calendar before the learner confirms.
    await confirmLinkFor("learner-calendar-write@example.test");
    expect(await busyAt()).toEqual([]);
    await confirmFromMail("learner-calendar-write@example.test");
    // The calendar job writes it (the worker of this file's queue).
    await waitUntil(async () => (await busyAt()).includes(new Date(target.start).toISOString()), 20_000, "the booking in the calendar");
    await cancelBooking(bookingId, "mentor");
    await waitUntil(async () => (await busyAt()).length === 0, 20_000, "the booking gone from the calendar");
  });
});

function formOf(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return form;
}
