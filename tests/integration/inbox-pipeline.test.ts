import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  adminAuditLog,
  analyticsConversions,
  enquiries,
  inboxEvents,
  inboxMails,
  leads,
  newsletterSubscriptions,
  people,
  submissions,
  userRoles,
  users,
  webhookEvents,
} from "~/.server/db/tables";
import { listOwners, listPeople, loadBoard } from "~/features/inbox/list-people.server";
import { loadPersonPage } from "~/features/inbox/person-timeline.server";
import { addNote, setOwner, setStage, setValue } from "~/features/inbox/pipeline-changes.server";
import { inboxQuerySchema, prefixTsQuery, stageChangeSchema } from "~/features/inbox/schema";
import { setupTestDatabase } from "../support/database";

/**
 * The inbox's operations against a real PostgreSQL with migration 0012's triggers: the list's
 * filters and search, the board, stage/value/owner changes and notes with their events, and a
 * person page that shows only that person's things.
 */
const database = setupTestDatabase();
const HOUR = 3600 * 1000;
const actor = { id: "admin-inbox-1", name: "Ingrid Admin" };
const query = (input: Record<string, string> = {}) => inboxQuerySchema.parse(input);

let anna: { personId: string; enquiryId: string };
let bjorn: { personId: string; enquiryId: string };
let carla: { personId: string; enquiryId: string };

async function enquiryOf(kind: string, sourceId: string) {
  const [row] = await database.current.db.select().from(enquiries).where(eq(enquiries.sourceId, sourceId));
  expect(row?.kind).toBe(kind);
  return { personId: row!.personId, enquiryId: row!.id };
}

/** Stores a form submission (its disclaimer accepted); returns its person and enquiry. */
async function submitted(values: Omit<typeof submissions.$inferInsert, "id" | "disclaimerAccepted">) {
  const id = randomUUID();
  await database.current.db.insert(submissions).values({ id, disclaimerAccepted: true, ...values });
  return enquiryOf(values.source, id);
}

beforeAll(async () => {
  const db = database.current.db;
  await db.insert(users).values([
    { id: actor.id, name: actor.name, email: "ingrid@example.com" },
    { id: "not-admin", name: "Not Admin", email: "user@example.com" },
  ]);
  await db.insert(userRoles).values({ userId: actor.id, role: "owner" });

  const [lead] = await db
    .insert(leads)
    .values({
      name: "Anna Nilsen",
      email: " Anna.Nilsen@Example.com ",
      company: "Fjord AS",
      message: "We are moving our office to Bergen next spring",
      conversationId: randomUUID(),
      conversationContext: {
        messages: [
          { role: "user", content: "Can you build us a booking assistant?" },
          { role: "assistant", content: "Yes, **gladly**. See [our services](/services)." },
        ],
      },
    })
    .returning();
  anna = await enquiryOf("lead", lead!.id);
  await db.insert(analyticsConversions).values({
    kind: "lead",
    entityId: lead!.id,
    day: new Date().toISOString().slice(0, 10),
    entryPath: "/services",
    referrerHost: "www.linkedin.com",
    utmSource: "linkedin",
    utmCampaign: "autumn-launch",
  });

  bjorn = await submitted({
    source: "contact",
    name: "Bjørn Dahl",
    email: "bjorn@example.com",
    fields: { message: "Secret project Polarlys, please keep quiet", company: "Dahl Data" },
    createdAt: new Date(Date.now() - 48 * HOUR),
  });
  // Waiting since the submission (two days ago): the "waiting over 24 h" filter finds it.

  carla = await submitted({
    source: "mentoring",
    name: "Carla Mentee",
    email: "carla@example.com",
    fields: { goals: "Learn prompt design" },
  });
  await db.update(enquiries).set({ waitingSince: new Date() }).where(eq(enquiries.id, carla.enquiryId));

  // A held chat (a bot): out of the inbox unless the held filter is on.
  await db
    .insert(leads)
    .values({ name: "Held Bot", email: "bot@example.com", conversationId: randomUUID(), heldAt: new Date(), holdReason: "honeypot" });
  // Newsletter only.
  await db
    .insert(newsletterSubscriptions)
    .values({ email: "reader@example.com", source: "home", confirmed: true, confirmedAt: new Date() });
}, 60_000);

describe("the list", () => {
  it("lists people by latest activity, one per address, with their enquiries", async () => {
    const result = await listPeople(query());
    const emails = result.people.map((person) => person.email);
    expect(emails).toContain("Anna.Nilsen@Example.com");
    expect(emails).toContain("reader@example.com");
    expect(emails).not.toContain("bot@example.com");
    const annaRow = result.people.find((person) => person.id === anna.personId)!;
    expect(annaRow.enquiries).toMatchObject([{ kind: "lead", stage: "new", source: "linkedin" }]);
    expect(result.total).toBe(4);
  });

  it("filters by stage, kind, source, owner, held and waiting", async () => {
    const ids = async (input: Record<string, string>) => (await listPeople(query(input))).people.map((person) => person.id);
    expect(await ids({ kind: "contact" })).toEqual([bjorn.personId]);
    expect(await ids({ kind: "mentoring" })).toEqual([carla.personId]);
    expect(await ids({ stage: "requested" })).toEqual([carla.personId]);
    expect(await ids({ source: "LinkedIn" })).toEqual([anna.personId]);
    expect(await ids({ source: "www.linkedin.com" })).toEqual([anna.personId]);
    expect(await ids({ waiting: "1" })).toEqual([bjorn.personId]);
    expect((await listPeople(query({ held: "1" }))).people.map((person) => person.email)).toEqual(["bot@example.com"]);
    expect((await listPeople(query({ kind: "newsletter" }))).people.map((person) => person.email)).toEqual(["reader@example.com"]);
    expect(await ids({ owner: actor.id })).toEqual([]);
    await setOwner({ enquiryId: bjorn.enquiryId, ownerId: actor.id, actor });
    expect(await ids({ owner: actor.id })).toEqual([bjorn.personId]);
    expect(await ids({ owner: "none", kind: "contact" })).toEqual([]);
  });

  it("searches names, addresses, messages, transcripts, form fields, notes and mails by word prefix", async () => {
    const found = async (q: string) => (await listPeople(query({ q }))).people.map((person) => person.id);
    expect(await found("Bergen")).toEqual([anna.personId]);
    expect(await found("berg")).toEqual([anna.personId]);
    expect(await found("booking assistant")).toEqual([anna.personId]);
    expect(await found("polarlys")).toEqual([bjorn.personId]);
    expect(await found("anna.nilsen@example.com")).toEqual([anna.personId]);
    expect(await found("Bjørn")).toEqual([bjorn.personId]);
    await addNote({ personId: bjorn.personId, text: "Met him at the Tromsø meetup", actor });
    expect(await found("tromsø")).toEqual([bjorn.personId]);
    await database.current.db.insert(inboxMails).values({
      personId: carla.personId,
      enquiryId: carla.enquiryId,
      direction: "in",
      messageId: `<${randomUUID()}@example.com>`,
      fromAddress: "carla@example.com",
      toAddress: "studio@example.com",
      subject: "Re: mentoring",
      text: "Thursdays suit me, greetings from Svalbard",
    });
    expect(await found("svalbard")).toEqual([carla.personId]);
    // tsquery syntax in the input is only text: no error, no match.
    for (const hostile of ["a & | !", "')(:*", "\\", "<->", "berg:* | anna"]) {
      await expect(listPeople(query({ q: hostile }))).resolves.toBeDefined();
    }
    expect(await found("!!!")).toEqual([]);
    expect(prefixTsQuery("Berg & Anna | !x")).toBe("berg:* & anna:* & x:*");
  });
});

describe("the board", () => {
  it("has a column per stage with counts and the newest cards; mentoring has its own stages", async () => {
    const sales = await loadBoard(query({ view: "board" }));
    expect(sales.map((column) => column.stage)).toEqual(["new", "contacted", "qualified", "proposal", "won", "lost"]);
    const newColumn = sales.find((column) => column.stage === "new")!;
    expect(newColumn.count).toBe(2);
    expect(newColumn.cards.map((card) => card.personId).sort()).toEqual([anna.personId, bjorn.personId].sort());
    const mentoring = await loadBoard(query({ view: "board", pipeline: "mentoring" }));
    expect(mentoring.map((column) => [column.stage, column.count])).toEqual([
      ["requested", 1],
      ["scheduled", 0],
      ["done", 0],
      ["lost", 0],
    ]);
    const searched = await loadBoard(query({ view: "board", q: "bergen" }));
    expect(searched.flatMap((column) => column.cards.map((card) => card.personId))).toEqual([anna.personId]);
  });
});

describe("changes", () => {
  it("moves an enquiry, writes the event with who, and the stage_changed webhook event in the same transaction", async () => {
    const before = await database.current.db.select().from(webhookEvents).where(eq(webhookEvents.type, "enquiry.stage_changed"));
    const result = await setStage({ enquiryId: anna.enquiryId, personId: anna.personId, stage: "contacted", value: null, actor });
    expect(result).toMatchObject({ changed: true, from: "new", to: "contacted" });
    const events = await database.current.db.select().from(inboxEvents).where(eq(inboxEvents.enquiryId, anna.enquiryId));
    expect(events).toMatchObject([{ kind: "stage", actorId: actor.id, actorName: actor.name, body: "New → Contacted" }]);
    const after = await database.current.db.select().from(webhookEvents).where(eq(webhookEvents.type, "enquiry.stage_changed"));
    expect(after.length).toBe(before.length + 1);
    // And the audit log, in the same transaction: who, what and before and after.
    const audited = await database.current.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, "inbox-stage"));
    expect(audited).toMatchObject([{ userId: actor.id, target: `person ${anna.personId}`, summary: "New → Contacted" }]);
    // The same stage again changes nothing.
    expect((await setStage({ enquiryId: anna.enquiryId, stage: "contacted", value: null, actor })).changed).toBe(false);
  });

  it("needs a value and currency for Won", async () => {
    const parsed = stageChangeSchema.safeParse({ enquiryId: anna.enquiryId, stage: "won" });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: ["value"], message: "Won needs the deal's value and currency" });
    expect(
      stageChangeSchema.safeParse({ enquiryId: anna.enquiryId, stage: "won", value: "12 500,50", currency: "nok" }).data,
    ).toMatchObject({
      value: { valueMinor: 1250050, currency: "NOK" },
    });
    expect(stageChangeSchema.safeParse({ enquiryId: anna.enquiryId, stage: "won", value: 5000, currency: "JPY" }).data?.value).toEqual({
      valueMinor: 5000,
      currency: "JPY",
    });
    expect(stageChangeSchema.safeParse({ enquiryId: anna.enquiryId, stage: "won", value: "-3", currency: "NOK" }).success).toBe(false);
    expect(stageChangeSchema.safeParse({ enquiryId: anna.enquiryId, stage: "won", value: "100", currency: "kroner" }).success).toBe(false);
    await expect(setStage({ enquiryId: anna.enquiryId, stage: "won", value: null, actor })).rejects.toMatchObject({
      code: "invalid",
      details: { fields: { value: "Won needs the deal's value and currency" } },
    });
    await setStage({ enquiryId: anna.enquiryId, stage: "won", value: { valueMinor: 1250050, currency: "NOK" }, actor });
    const [row] = await database.current.db.select().from(enquiries).where(eq(enquiries.id, anna.enquiryId));
    expect(row).toMatchObject({ stage: "won", valueMinor: 1250050, currency: "NOK" });
    await setValue({ enquiryId: anna.enquiryId, value: { valueMinor: 900000, currency: "EUR" }, actor });
    const [event] = await database.current.db.select().from(inboxEvents).where(eq(inboxEvents.kind, "value"));
    expect(event?.body).toBe("Value: NOK 12,500.50 → EUR 9,000.00");
  });

  it("refuses another person's enquiry, a stage of the other pipeline and an owner who is not an admin", async () => {
    await expect(
      setStage({ enquiryId: bjorn.enquiryId, personId: anna.personId, stage: "lost", value: null, actor }),
    ).rejects.toMatchObject({ code: "not_found" });
    await expect(setStage({ enquiryId: randomUUID(), stage: "lost", value: null, actor })).rejects.toMatchObject({ code: "not_found" });
    await expect(setStage({ enquiryId: carla.enquiryId, stage: "qualified", value: null, actor })).rejects.toMatchObject({
      code: "invalid",
      details: { fields: { stage: expect.any(String) } },
    });
    await expect(setStage({ enquiryId: bjorn.enquiryId, stage: "scheduled", value: null, actor })).rejects.toMatchObject({
      code: "invalid",
    });
    await expect(setOwner({ enquiryId: bjorn.enquiryId, ownerId: "not-admin", actor })).rejects.toMatchObject({ code: "invalid" });
    await expect(addNote({ personId: randomUUID(), text: "x", actor })).rejects.toMatchObject({ code: "not_found" });
    await expect(addNote({ personId: anna.personId, enquiryId: bjorn.enquiryId, text: "x", actor })).rejects.toMatchObject({
      code: "not_found",
    });
    const [row] = await database.current.db.select().from(enquiries).where(eq(enquiries.id, bjorn.enquiryId));
    expect(row?.stage).toBe("new");
    expect(await listOwners()).toEqual([{ id: actor.id, name: actor.name, email: "ingrid@example.com", mentorOnly: false }]);
  });
});

describe("the person page", () => {
  it("shows one timeline of this person's visits, chat, notes, changes and mails, newest first, with who", async () => {
    await addNote({ personId: anna.personId, text: "Anna prefers calls in the morning", actor });
    const page = (await loadPersonPage(anna.personId))!;
    expect(page.person.email).toBe("Anna.Nilsen@Example.com");
    const types = page.timeline.map((entry) => entry.type);
    expect(types).toEqual(expect.arrayContaining(["visit", "chat", "event"]));
    const visit = page.timeline.find((entry) => entry.type === "visit");
    expect(visit).toMatchObject({ entryPath: "/services", referrerHost: "www.linkedin.com", utmCampaign: "autumn-launch" });
    const chat = page.timeline.find((entry) => entry.type === "chat");
    expect(chat).toMatchObject({ messages: [{ role: "user" }, { role: "assistant" }] });
    const times = page.timeline.map((entry) => entry.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(page.timeline.filter((entry) => entry.type === "event").every((entry) => entry.who === actor.name)).toBe(true);
  });

  it("never shows another person's things", async () => {
    const pages = await Promise.all([anna, bjorn, carla].map((person) => loadPersonPage(person.personId)));
    const text = pages.map((page) => JSON.stringify(page));
    expect(text[0]).toContain("Bergen");
    expect(text[0]).not.toMatch(/Polarlys|Tromsø|Svalbard|bjorn@|carla@/);
    expect(text[1]).toMatch(/Polarlys/);
    expect(text[1]).toMatch(/Tromsø/);
    expect(text[1]).not.toMatch(/Bergen|Svalbard|Anna|linkedin|carla@/);
    expect(text[2]).toMatch(/Svalbard/);
    expect(text[2]).not.toMatch(/Bergen|Polarlys|Tromsø|Anna|bjorn@/);
    expect(await loadPersonPage(randomUUID())).toBeNull();
    // Every enquiry and event on a page is that person's.
    for (const [index, person] of [anna, bjorn, carla].entries()) {
      expect(pages[index]!.enquiries.every((enquiry) => enquiry.personId === person.personId)).toBe(true);
    }
    const [{ count } = { count: 0 }] = await database.current.db.select({ count: sql<number>`count(*)::int` }).from(people);
    expect(count).toBe(5);
  });
});

// Last in the file: it adds a thousand enquiries to the "new" column.
describe("a column past a thousand enquiries", () => {
  it("counts up to 1,000 and says so, and still shows the newest cards", async () => {
    await database.current.db.execute(sql`
      insert into submissions (id, source, name, email, fields, disclaimer_accepted)
      select gen_random_uuid(), 'contact', 'Visitor ' || i, 'visitor' || i || '@example.com', '{"message": "Hello"}'::jsonb, true
        from generate_series(1, 1000) i`);
    const sales = await loadBoard(query({ view: "board" }));
    const newColumn = sales.find((column) => column.stage === "new")!;
    expect([newColumn.count, newColumn.countIsCapped, newColumn.cards.length]).toEqual([1000, true, 20]);
    const won = sales.find((column) => column.stage === "won")!;
    expect(won.countIsCapped).toBe(false);
    const mentoring = await loadBoard(query({ view: "board", pipeline: "mentoring" }));
    expect(mentoring.map((column) => [column.stage, column.count, column.countIsCapped])).toContainEqual(["requested", 1, false]);
  });
});
