import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAuditLog, analyticsConversions, mentoringBookings, newsletterSubscriptions, people, users } from "~/.server/db/tables";
import { setJobs, startJobs, getJobs, type Jobs } from "~/.server/jobs";
import { queueMail, sendMailJob } from "~/.server/mail";
import { setAppSecret } from "~/.server/secret";
import { quietLeadJob } from "~/features/chat/lead-notification.server";
import { erasePerson, exportPersonData, findPersonIdByEmail } from "~/features/inbox/person-data.server";
import { eraseSubscriber } from "~/features/newsletter/subscriber-data.server";
import { subscribeToNewsletter } from "~/features/newsletter/subscribe-to-newsletter.server";
import { setupTestDatabase } from "../support/database";
import { countRowsOfEveryTable, seedPerson, tablesMentioning, type SeededPerson } from "../support/person-seed";

/**
 * GDPR per person (docs/inbox.md, "Personal data (export and erase)") against a real
 * PostgreSQL with pg-boss's tables: the export holds everything of one person and nothing of
 * another; the erasure removes everything of that person only, in every table, queued mails
 * included; an address that only subscribed can be erased and sign up again from scratch.
 */
const database = setupTestDatabase();
setAppSecret("person-data-test-secret-".padEnd(40, "x"));

let jobs: Jobs;
beforeAll(async () => {
  // The queues exist (mails can be queued) but no worker runs: queued mails stay queued.
  jobs = await startJobs({ url: database.current.url, definitions: [sendMailJob, quietLeadJob], work: false, schedules: false });
  setJobs(jobs);
});
afterAll(async () => {
  await jobs?.stop();
  setJobs(undefined);
});

const later = () => new Date(Date.now() + 3600_000);
const mail = (to: unknown, replyTo?: unknown) =>
  ({ to, replyTo, subject: "s", html: "<p>h</p>", text: "t", tag: "test" }) as Parameters<typeof queueMail>[0];

async function queuedFor(address: string) {
  const { rows } = await database.current.db.execute<{ n: number }>(
    sql`select count(*)::int as n from pgboss.job where name = 'send-mail' and state in ('created', 'retry') and strpos(lower(data::text), ${address}) > 0`,
  );
  return rows[0]!.n;
}

describe("a person's data", () => {
  let alpha: SeededPerson;
  let bravo: SeededPerson;
  let alphaBookingId: string;

  beforeAll(async () => {
    alpha = await seedPerson(database.current.db, "alpha");
    bravo = await seedPerson(database.current.db, "bravo");
    // A mentoring session alpha booked, with the visit it came from (docs/mentoring.md).
    const db = database.current.db;
    await db.insert(users).values({ id: "mentor-of-alpha", name: "Maya", email: "maya@studio.test" });
    const startsAt = new Date(Date.now() + 7 * 86_400_000);
    const [booking] = await db
      .insert(mentoringBookings)
      .values({
        mentorId: "mentor-of-alpha",
        startsAt,
        endsAt: new Date(startsAt.getTime() + 3_600_000),
        occupiedUntil: new Date(startsAt.getTime() + 4_500_000),
        status: "confirmed",
        name: "Alpha",
        email: alpha.email,
        timeZone: "Europe/Oslo",
        goals: `Learn to build a ${alpha.word}`,
        disclaimerAccepted: true,
        videoUrl: "https://meet.jit.si/Nordlys-0123456789abcdef0123456789abcdef",
        uid: "booking-alpha@studio.test",
      })
      .returning();
    alphaBookingId = booking!.id;
    await db.insert(analyticsConversions).values({ kind: "booking", entityId: alphaBookingId, day: "2026-11-20", entryPath: "/mentoring" });
    // Mails still queued: to them (bare, named, in a list), on their behalf (Reply-To), and the chat's quiet-lead check.
    await queueMail(mail(alpha.email), { startAfter: later() });
    await queueMail(mail({ name: "Alpha", address: "ALPHA@example.com" }), { startAfter: later() });
    await queueMail(mail("studio@studio.test", { name: "Alpha", address: alpha.email }), { startAfter: later() });
    await getJobs().send(quietLeadJob, { leadId: alpha.leadIds[0]! }, { startAfter: later() });
    await queueMail(mail(bravo.email), { startAfter: later() });
  });

  it("is one person across sources written in different case and spacing", async () => {
    expect(await findPersonIdByEmail("  ALPHA@example.COM ")).toBe(alpha.personId);
    const [row] = await database.current.db.select().from(people).where(eq(people.id, alpha.personId));
    expect(row!.emailKey).toBe("alpha@example.com");
  });

  it("exports everything of the person and nothing of another", async () => {
    const exported = await exportPersonData(alpha.personId);
    expect(exported).not.toBeNull();
    const data = exported!;
    expect(data.person).toMatchObject({ id: alpha.personId, email: "alpha@example.com" });
    expect(data.leads.map((lead) => lead.id).sort()).toEqual([...alpha.leadIds].sort());
    expect(data.leads.find((lead) => lead.id === alpha.leadIds[0])!.transcript).toEqual([
      { role: "user", content: `Can you build a ${alpha.word} for clinics?` },
      { role: "assistant", content: "Yes, we can." },
    ]);
    expect(data.leads.find((lead) => lead.id === alpha.leadIds[1])!.holdReason).toBe("honeypot");
    expect(data.submissions).toEqual([
      expect.objectContaining({ id: alpha.submissionId, source: "apply", fields: { idea: `An idea about ${alpha.word}` } }),
    ]);
    expect(data.subscription).toMatchObject({
      id: alpha.subscriptionId,
      status: "confirmed",
      deliveries: [expect.objectContaining({ status: "sent", attempts: 1 })],
    });
    expect(data.bookings).toEqual([
      expect.objectContaining({ id: alphaBookingId, status: "confirmed", goals: `Learn to build a ${alpha.word}` }),
    ]);
    expect(data.enquiries).toHaveLength(4);
    expect(data.enquiries.find((e) => e.sourceId === alphaBookingId)).toMatchObject({ kind: "booking", stage: "scheduled" });
    expect(data.enquiries.find((e) => e.sourceId === alpha.submissionId)).toMatchObject({
      kind: "apply",
      stage: "won",
      owner: "Owner of alpha",
      value: { minor: 1_250_000, currency: "NOK" },
    });
    expect(data.enquiries.find((e) => e.sourceId === alpha.leadIds[1])).toMatchObject({
      kind: "lead",
      stage: "new",
      heldAt: expect.any(String),
    });
    expect(data.events.map((event) => [event.kind, event.body, event.actor])).toEqual(
      expect.arrayContaining([
        ["stage", "New → Won", "Owner of alpha"],
        ["note", `Called alpha about the ${alpha.word}`, "Owner of alpha"],
      ]),
    );
    expect(data.mails.map((m) => [m.direction, m.subject]).sort()).toEqual([
      ["in", "Another thing"],
      ["in", "Re: About your idea"],
      ["out", "About your idea"],
    ]);
    expect(data.mails.find((m) => m.subject === "Re: About your idea")!.attachments).toEqual([
      { id: expect.any(String), filename: "alpha-brief.pdf", contentType: "application/pdf", sizeBytes: 4, stored: true },
    ]);
    expect(data.visits.map((visit) => visit.kind).sort()).toEqual(["apply", "booking", "lead", "subscriber"]);
    expect(data.visits[0]).toMatchObject({ entryPath: "/services", utmCampaign: "alpha-campaign", referrerHost: "www.google.com" });

    const text = JSON.stringify(data);
    expect(text).not.toContain("bravo");
    expect(text).not.toContain(bravo.personId);
    expect(text).not.toContain("%PDF"); // attachment metadata only
    expect(await exportPersonData("00000000-0000-4000-8000-000000000000")).toBeNull();
  });

  it("erases everything of that person only, in every table, and writes an audit row without the address", async () => {
    const db = database.current.db;
    const bravoBefore = await exportPersonData(bravo.personId);
    const { rows: alphaEvents } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from webhook_events where payload -> 'person' ->> 'id' = ${alpha.personId}`,
    );
    expect(alphaEvents[0]!.n).toBeGreaterThan(0);
    expect(await queuedFor("alpha@example.com")).toBe(3);
    const before = await countRowsOfEveryTable(db);

    const counts = await erasePerson(alpha.personId, { user: { id: null, email: "admin@studio.test" }, clientIp: "203.0.113.9" });
    expect(counts).toEqual({
      leads: 2,
      submissions: 1,
      bookings: 1,
      subscriptions: 1,
      deliveries: 1,
      enquiries: 4,
      events: 2,
      mails: 3,
      attachments: 1,
      conversions: 4,
      chatReplies: 1,
      webhookEvents: alphaEvents[0]!.n,
      webhookDeliveries: 1,
      queuedJobs: 4,
    });

    const after = await countRowsOfEveryTable(db);
    const changed = Object.fromEntries(
      Object.keys(before)
        .filter((t) => before[t] !== after[t])
        .map((t) => [t, after[t]! - before[t]!]),
    );
    expect(changed).toEqual({
      people: -1,
      leads: -2,
      submissions: -1,
      mentoring_bookings: -1,
      newsletter_subscriptions: -1,
      newsletter_deliveries: -1,
      enquiries: -4,
      inbox_events: -2,
      inbox_mails: -3,
      inbox_attachments: -1,
      analytics_conversions: -4,
      chat_replies: -1,
      webhook_events: -alphaEvents[0]!.n,
      webhook_deliveries: -1,
      "pgboss.job": -4,
      admin_audit_log: 1,
    });
    // Nothing anywhere still names them: not the address, not the person's id (but the audit row's target).
    expect(await tablesMentioning(db, "alpha@example.com")).toEqual([]);
    expect(await tablesMentioning(db, alpha.word)).toEqual([]);
    expect(await tablesMentioning(db, alpha.personId, ['public."admin_audit_log"'])).toEqual([]);
    const [audit] = await db.select().from(adminAuditLog).where(eq(adminAuditLog.action, "erase-person"));
    expect(audit).toMatchObject({ target: alpha.personId, userEmail: "admin@studio.test", ip: "203.0.113.9", ipHash: expect.any(String) });

    // The other person is exactly as before.
    const bravoAfter = await exportPersonData(bravo.personId);
    expect({ ...bravoAfter, exportedAt: "" }).toEqual({ ...bravoBefore, exportedAt: "" });
    expect(await queuedFor("bravo@example.com")).toBe(1);
    expect(await erasePerson(alpha.personId)).toBeNull();
  });
});

describe("a person who only subscribed", () => {
  it("is erased with the queued confirmation mail, and the address can sign up again from scratch", async () => {
    const db = database.current.db;
    expect(await subscribeToNewsletter({ email: "carla@example.com", source: "home", clientIp: "203.0.113.20" })).toEqual({
      status: "subscribed",
    });
    const personId = await findPersonIdByEmail("carla@example.com");
    expect(personId).not.toBeNull();
    expect(await queuedFor("carla@example.com")).toBe(1);
    const exported = await exportPersonData(personId!);
    expect(exported).toMatchObject({
      leads: [],
      submissions: [],
      enquiries: [],
      mails: [],
      subscription: { status: "pending", deliveries: [] },
    });

    expect(await erasePerson(personId!)).toMatchObject({ subscriptions: 1, queuedJobs: 1, leads: 0 });
    expect(await findPersonIdByEmail("carla@example.com")).toBeNull();
    expect(await queuedFor("carla@example.com")).toBe(0);
    expect(await tablesMentioning(db, "carla@example.com")).toEqual([]);

    // Signing up again: a new person and a new pending subscription, a confirmation mail on its way.
    expect(await subscribeToNewsletter({ email: "carla@example.com", source: "ai-news", clientIp: "203.0.113.21" })).toEqual({
      status: "subscribed",
    });
    const again = await findPersonIdByEmail("carla@example.com");
    expect(again).not.toBeNull();
    expect(again).not.toBe(personId);
    const [row] = await db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.personId, again!));
    expect(row).toMatchObject({ confirmed: false, source: "ai-news", unsubscribedAt: null });
    expect(await queuedFor("carla@example.com")).toBe(1);
  });

  it("the newsletter's own erase takes the person too when the subscription was all there was, and only the subscription otherwise", async () => {
    const db = database.current.db;
    await db.insert(newsletterSubscriptions).values({ email: "dora@example.com", confirmed: true, confirmedAt: new Date() });
    const dora = await findPersonIdByEmail("dora@example.com");
    expect(await eraseSubscriber("DORA@example.com")).toMatchObject({ erased: true, personErased: true });
    expect(await findPersonIdByEmail("dora@example.com")).toBeNull();
    expect(await tablesMentioning(db, dora!)).toEqual([]);

    const eve = await seedPerson(db, "echo");
    expect(await eraseSubscriber(eve.email)).toMatchObject({ erased: true, personErased: false });
    const left = await exportPersonData(eve.personId);
    expect(left).toMatchObject({ subscription: null });
    expect(left!.leads).toHaveLength(2);
  });
});
