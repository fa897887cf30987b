import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enquiries, inboxMails, leads, submissions, userRoles, users } from "~/.server/db/tables";
import { resetEnvForTests } from "~/.server/env";
import { setJobs, startJobs, type Jobs } from "~/.server/jobs";
import { sendMailJob } from "~/.server/mail";
import { collectDigest, localDayAndHour, sendMorningDigests } from "~/features/inbox/morning-digest.server";
import { setupTestDatabase } from "../support/database";

/** The morning digest against a real database: what it lists, and that each admin gets one a day. */
const database = setupTestDatabase();
let jobs: Jobs;

// 08:30 in Oslo (winter time, UTC+1): after the default DIGEST_HOUR of 7.
const MORNING = new Date("2026-11-26T07:30:00Z");
const HOUR = 3_600_000;

beforeAll(async () => {
  process.env.PUBLIC_URL = "https://studio.example";
  delete process.env.DIGEST_HOUR;
  delete process.env.DIGEST_TIME_ZONE;
  resetEnvForTests();
  jobs = await startJobs({ url: database.current.url, definitions: [sendMailJob], work: false });
  setJobs(jobs);
});

afterAll(async () => {
  await jobs?.stop();
  setJobs(undefined);
  delete process.env.PUBLIC_URL;
  resetEnvForTests();
});

async function lead(name: string, waitingSince: Date | null, options: { held?: boolean; stage?: "won" | "contacted" } = {}) {
  const db = database.current.db;
  const [row] = await db
    .insert(leads)
    .values({
      email: `${name.toLowerCase().replace(/\W+/g, ".")}@example.com`,
      name,
      ...(options.held ? { heldAt: new Date(), holdReason: "honeypot" as const } : {}),
    })
    .returning();
  await db
    .update(enquiries)
    .set({ waitingSince, ...(options.stage ? { stage: options.stage } : {}) })
    .where(eq(enquiries.sourceId, row!.id));
  return row!;
}

async function mail(
  personId: string | null,
  subject: string,
  options: { direction?: "in" | "out"; readAt?: Date; autoReply?: string } = {},
) {
  await database.current.db.insert(inboxMails).values({
    personId,
    direction: options.direction ?? "in",
    messageId: `<${crypto.randomUUID()}@example.com>`,
    fromAddress: "someone@example.com",
    toAddress: "studio@example.com",
    subject,
    text: "Hello",
    readAt: options.readAt ?? null,
    autoReply: options.autoReply ?? null,
  });
}

async function queuedDigests() {
  const result = await database.current.db.execute<{ to: string; subject: string; html: string; text: string }>(
    sql`select data->>'to' as to, data->>'subject' as subject, data->>'html' as html, data->>'text' as text from pgboss.job where name = 'send-mail' and data->>'tag' = 'inbox-morning-digest'`,
  );
  return result.rows;
}

describe("the morning digest", () => {
  it("is not sent when nothing waits", async () => {
    await database.current.db.insert(users).values([
      { id: "admin-a", name: "Ada Admin", email: "ada@studio.example" },
      // An account without the admin role gets no digest.
      { id: "not-admin", name: "Nora", email: "nora@studio.example" },
    ]);
    await database.current.db.insert(userRoles).values({ userId: "admin-a", role: "owner" });
    expect(await sendMorningDigests(MORNING)).toMatchObject({ status: "nothing-waiting", sent: 0 });
    expect(await queuedDigests()).toEqual([]);
  });

  it("lists exactly the enquiries waiting over 24 h and the unread answers, nothing held or closed", async () => {
    const db = database.current.db;
    await db.insert(users).values({ id: "admin-b", name: "Bo Admin", email: "bo@studio.example" });
    await db.insert(userRoles).values({ userId: "admin-b", role: "owner" });
    const waiting = await lead("Wanda Waiting", new Date(MORNING.getTime() - 30 * HOUR));
    await lead("Recent Rita", new Date(MORNING.getTime() - 2 * HOUR));
    await lead("Held Henry", new Date(MORNING.getTime() - 30 * HOUR), { held: true });
    await lead("Won Wilma", new Date(MORNING.getTime() - 30 * HOUR), { stage: "won" });
    await lead("Answered Anna", null);
    const [contact] = await db
      .insert(submissions)
      .values({
        source: "contact",
        name: "Carl Contact",
        email: "carl@example.com",
        fields: { message: "Hi" },
        disclaimerAccepted: true,
        createdAt: new Date(MORNING.getTime() - 50 * HOUR),
      })
      .returning();
    await db
      .update(enquiries)
      .set({ waitingSince: new Date(MORNING.getTime() - 50 * HOUR), stage: "contacted" })
      .where(eq(enquiries.sourceId, contact!.id));

    await mail(waiting.personId, "Re: your question");
    await mail(waiting.personId, "Already read", { readAt: new Date() });
    await mail(waiting.personId, "Out of office", { autoReply: "auto-submitted" });
    await mail(waiting.personId, "Our own reply", { direction: "out" });
    await mail(null, "Unmatched mail");

    const digest = await collectDigest(MORNING);
    expect(digest.enquiries.map((entry) => [entry.who, entry.kind, entry.stage])).toEqual([
      ["Carl Contact", "contact form", "Contacted"],
      ["Wanda Waiting", "chat", "New"],
    ]);
    expect(digest.enquiriesTotal).toBe(2);
    expect(digest.answers.map((entry) => [entry.who, entry.subject])).toEqual([["Wanda Waiting", "Re: your question"]]);
    expect(digest.answersTotal).toBe(1);

    // Two instances at once, then a later run the same day: each admin gets one digest.
    const runs = await Promise.all([sendMorningDigests(MORNING), sendMorningDigests(MORNING)]);
    expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(2);
    expect(await sendMorningDigests(new Date(MORNING.getTime() + 3 * HOUR))).toMatchObject({ status: "sent", sent: 0 });
    const mails = await queuedDigests();
    expect(mails.map((entry) => entry.to).sort()).toEqual(["ada@studio.example", "bo@studio.example"]);
    const [first] = mails;
    expect(first!.subject).toBe("Inbox: 2 waiting for a reply, 1 unread");
    expect(first!.html).toContain(`https://studio.example/admin/inbox/people/${waiting.personId}`);
    expect(first!.html).toContain(`https://studio.example/admin/inbox/people/${contact!.personId}`);
    for (const name of ["Wanda Waiting", "Carl Contact", "Re: your question"]) expect(first!.text).toContain(name);
    for (const name of [
      "Recent Rita",
      "Held Henry",
      "Won Wilma",
      "Answered Anna",
      "Already read",
      "Out of office",
      "Unmatched mail",
      "Our own reply",
    ]) {
      expect(first!.text).not.toContain(name);
    }

    // The next local day it goes out again.
    const nextDay = await sendMorningDigests(new Date(MORNING.getTime() + 24 * HOUR));
    expect(nextDay).toMatchObject({ status: "sent", sent: 2, day: "2026-11-27" });
  });

  it("waits for DIGEST_HOUR in DIGEST_TIME_ZONE (summer time included)", async () => {
    expect(localDayAndHour(new Date("2026-11-26T05:59:00Z"), "Europe/Oslo")).toEqual({ day: "2026-11-26", hour: 6 });
    expect(localDayAndHour(new Date("2026-07-01T05:00:00Z"), "Europe/Oslo")).toEqual({ day: "2026-07-01", hour: 7 });
    expect(localDayAndHour(new Date("2026-11-26T23:30:00Z"), "Europe/Oslo")).toEqual({ day: "2026-11-27", hour: 0 });
    expect(await sendMorningDigests(new Date("2026-11-28T05:30:00Z"))).toMatchObject({ status: "not-yet", day: "2026-11-28", sent: 0 });
    process.env.DIGEST_TIME_ZONE = "UTC";
    process.env.DIGEST_HOUR = "5";
    resetEnvForTests();
    try {
      expect(await sendMorningDigests(new Date("2026-11-28T05:30:00Z"))).toMatchObject({ status: "sent", day: "2026-11-28", sent: 2 });
    } finally {
      delete process.env.DIGEST_TIME_ZONE;
      delete process.env.DIGEST_HOUR;
      resetEnvForTests();
    }
  });
});
