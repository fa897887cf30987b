import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { analyticsConversions, analyticsDaily, enquiries, leads, submissions, users } from "~/.server/db/tables";
import { setAppSecret } from "~/.server/secret";
import { exportLeadsCsv } from "~/features/admin/leads.server";
import { exportSubmissionsCsv } from "~/features/admin/submissions.server";
import { dashboardCsv, loadDashboard, type Dashboard } from "~/features/analytics/dashboard.server";
import { addDays } from "~/features/analytics/rollup.server";
import { utcDay } from "~/lib/utc-day";
import { setupTestDatabase } from "../support/database";

/**
 * The dashboard's inbox figures with known data (docs/analytics.md, "Enquiries and replies"):
 * time to first reply per week (median and 90th percentile with one and with ten replies),
 * enquiries still waiting, enquiries by stage, won value by source and campaign in two
 * currencies that are never added together, the funnel, and the CSV exports' new columns.
 */
const database = setupTestDatabase();
setAppSecret("inbox-dashboard-test-secret-".padEnd(40, "x"));

const HOUR = 3600_000;
const now = new Date();
const today = utcDay(now);
/** Monday (UTC) of the week `weeksAgo` weeks before this one, at 09:00. */
function mondayOf(weeksAgo: number): Date {
  const monday = new Date(`${today}T09:00:00Z`);
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7) - 7 * weeksAgo);
  return monday;
}
const weekOf = (date: Date) => date.toISOString().slice(0, 10);

type Made = { id: string; enquiryId: string };

async function contact(
  email: string,
  createdAt: Date,
  options: { source?: "apply" | "contact" | "mentoring"; held?: boolean } = {},
): Promise<Made> {
  const db = database.current.db;
  const source = options.source ?? "contact";
  const [row] = await db
    .insert(submissions)
    .values({
      source,
      name: email.split("@")[0]!,
      email,
      fields: { message: "hello" },
      disclaimerAccepted: true,
      createdAt,
      heldAt: options.held ? createdAt : null,
      holdReason: options.held ? "too-fast" : null,
    })
    .returning({ id: submissions.id });
  const [enquiry] = await db.select({ id: enquiries.id }).from(enquiries).where(eq(enquiries.sourceId, row!.id));
  return { id: row!.id, enquiryId: enquiry!.id };
}

async function chatLead(email: string, createdAt: Date): Promise<Made> {
  const db = database.current.db;
  const [row] = await db.insert(leads).values({ name: "Chat", email, conversationId: randomUUID(), createdAt }).returning({ id: leads.id });
  const [enquiry] = await db.select({ id: enquiries.id }).from(enquiries).where(eq(enquiries.sourceId, row!.id));
  return { id: row!.id, enquiryId: enquiry!.id };
}

async function replied(made: Made, createdAt: Date, hours: number) {
  const at = new Date(createdAt.getTime() + hours * HOUR);
  await database.current.db
    .update(enquiries)
    .set({ firstReplyAt: at, lastReplyAt: at, waitingSince: null })
    .where(eq(enquiries.id, made.enquiryId));
}

async function won(made: Made, value: { minor: number; currency: string } | null, ownerId?: string) {
  await database.current.db
    .update(enquiries)
    .set({
      stage: "won",
      stageChangedAt: now,
      valueMinor: value?.minor ?? null,
      currency: value?.currency ?? null,
      ownerId: ownerId ?? null,
    })
    .where(eq(enquiries.id, made.enquiryId));
}

async function cameFrom(kind: "lead" | "contact" | "apply", made: Made, visit: { source?: string; referrer?: string; campaign?: string }) {
  await database.current.db.insert(analyticsConversions).values({
    kind,
    entityId: made.id,
    occurredAt: now,
    day: today,
    entryPath: "/services",
    referrerHost: visit.referrer ?? null,
    utmSource: visit.source ?? null,
    utmCampaign: visit.campaign ?? null,
    attributedBy: "cookie",
  });
}

let dashboard: Dashboard;
const single = mondayOf(3);
const ten = mondayOf(2);
const mixed = mondayOf(1);

beforeAll(async () => {
  const db = database.current.db;
  // Week 3 ago: one enquiry, replied after 4 hours.
  await replied(await contact("one@example.com", single), single, 4);
  // Week 2 ago: ten, replied after 1, 2, … 10 hours.
  for (let hours = 1; hours <= 10; hours += 1) {
    const at = new Date(ten.getTime() + hours * 60_000);
    await replied(await contact(`ten-${hours}@example.com`, at), at, hours);
  }
  // Last week: one never replied (waiting), one answered outside the site (not waiting), one held (left out).
  await contact("waiting@example.com", mixed);
  const outside = await contact("outside@example.com", mixed);
  await db.update(enquiries).set({ waitingSince: null }).where(eq(enquiries.id, outside.enquiryId));
  await contact("held@example.com", mixed, { held: true });

  // Won this range: two in NOK and one in EUR from Google's autumn campaign, one in EUR direct, one with no visit, one without a value.
  await db.insert(users).values({ id: "owner-1", name: "Ingrid Owner", email: "ingrid@studio.test" });
  const nokA = await chatLead("nok-a@example.com", mixed);
  await won(nokA, { minor: 1_250_000, currency: "NOK" }, "owner-1");
  await cameFrom("lead", nokA, { source: "google", referrer: "www.google.com", campaign: "autumn" });
  const nokB = await contact("nok-b@example.com", mixed, { source: "apply" });
  await replied(nokB, mixed, 2);
  await won(nokB, { minor: 250_050, currency: "NOK" });
  await cameFrom("apply", nokB, { source: "google", campaign: "autumn" });
  const eurA = await contact("eur-a@example.com", mixed);
  await replied(eurA, mixed, 30);
  await won(eurA, { minor: 99_999, currency: "EUR" });
  await cameFrom("contact", eurA, { source: "google", campaign: "autumn" });
  const eurB = await contact("eur-b@example.com", mixed);
  await won(eurB, { minor: 50_000, currency: "EUR" });
  await cameFrom("contact", eurB, {});
  await won(await contact("nowhere@example.com", mixed), { minor: 1_000, currency: "EUR" });
  await won(await contact("novalue@example.com", mixed), null);
  // A mentoring request, scheduled.
  const mentoring = await contact("mentee@example.com", mixed, { source: "mentoring" });
  await db.update(enquiries).set({ stage: "scheduled" }).where(eq(enquiries.id, mentoring.enquiryId));

  await db.insert(analyticsDaily).values({ day: addDays(today, -3), dimension: "total", value: "", views: 900, visitors: 400 });
  dashboard = await loadDashboard(30, now);
});

const rowFor = (table: Dashboard["tables"][keyof Dashboard["tables"]], key: string, value: string) =>
  table.rows.filter((row) => row[key] === value);

describe("time to first reply", () => {
  it("is the value itself with one reply, and interpolated percentiles with ten", () => {
    const weeks = dashboard.tables["reply-times"];
    expect(rowFor(weeks, "week", weekOf(single))).toEqual([
      { week: weekOf(single), enquiries: 1, replied: 1, medianHours: 4, p90Hours: 4, waiting: 0 },
    ]);
    // 1 … 10 hours: the median halfway between 5 and 6, the 90th percentile a tenth of the way from 9 to 10.
    expect(rowFor(weeks, "week", weekOf(ten))).toEqual([
      { week: weekOf(ten), enquiries: 10, replied: 10, medianHours: 5.5, p90Hours: 9.1, waiting: 0 },
    ]);
  });

  it("counts an enquiry never replied as still waiting, and leaves held ones out", () => {
    const [week] = rowFor(dashboard.tables["reply-times"], "week", weekOf(mixed));
    // Waiting, answered outside, six won and the mentoring request: 9 not held. Replied: nokB (2 h) and eurA (30 h).
    // Still waiting: everyone not replied but the one answered outside.
    expect(week).toMatchObject({ enquiries: 9, replied: 2, medianHours: 16, p90Hours: 27.2, waiting: 6 });
    expect(dashboard.replies).toMatch(/over 13 replied enquiries\. Still waiting: 6\.$/);
  });
});

describe("enquiries by stage and the funnel", () => {
  it("counts enquiries of the range by their stage now, mentoring apart", () => {
    const stages = Object.fromEntries(dashboard.tables.stages.rows.map((row) => [row.stage, row.enquiries]));
    expect(stages).toMatchObject({ New: 13, Won: 6, Lost: 0, "Mentoring: Requested": 0, "Mentoring: Scheduled": 1 });
  });

  it("goes from visitors to enquiries (a share of visitors), replied and won (shares of enquiries)", () => {
    expect(dashboard.tables.funnel.rows).toEqual([
      { step: "Visitors", count: 400, share: null },
      { step: "Enquiries", count: 20, share: 5 },
      { step: "Replied", count: 13, share: 65 },
      { step: "Won", count: 6, share: 30 },
    ]);
  });
});

describe("won value", () => {
  it("sums each currency on its own, by source and by campaign", () => {
    expect(dashboard.tables["won-by-source"].rows).toEqual([
      { source: "Direct / none", currency: "EUR", won: 1, value: "500.00" },
      { source: "google", currency: "EUR", won: 1, value: "999.99" },
      { source: "google", currency: "NOK", won: 2, value: "15000.50" },
      { source: "Not linked to a visit", currency: "EUR", won: 1, value: "10.00" },
      { source: "Not linked to a visit", currency: "No value set", won: 1, value: null },
    ]);
    expect(dashboard.tables["won-by-campaign"].rows).toEqual([
      { campaign: "autumn", currency: "EUR", won: 1, value: "999.99" },
      { campaign: "autumn", currency: "NOK", won: 2, value: "15000.50" },
      { campaign: "No campaign", currency: "EUR", won: 1, value: "500.00" },
      { campaign: "Not linked to a visit", currency: "EUR", won: 1, value: "10.00" },
      { campaign: "Not linked to a visit", currency: "No value set", won: 1, value: null },
    ]);
  });

  it("is in the analytics CSV, and the leads' and submissions' CSVs carry stage, owner, value and currency", async () => {
    const { csv } = await dashboardCsv(30, "won-by-source", now);
    expect(csv).toContain("Source,Currency,Won,Value");
    expect(csv).toContain("google,NOK,2,15000.50");
    for (const table of ["reply-times", "stages", "won-by-campaign", "funnel"] as const) {
      expect((await dashboardCsv(30, table, now)).csv.split("\n").length).toBeGreaterThan(2);
    }

    const leadsCsv = (await exportLeadsCsv({ q: "nok-a", held: false })).csv;
    expect(leadsCsv.split("\n")[0]).toMatch(/,id,stage,owner,value,currency$/);
    expect(leadsCsv).toMatch(/,won,Ingrid Owner,12500\.00,NOK\r?\n/);
    const submissionsCsv = (await exportSubmissionsCsv({ q: "", held: false })).csv;
    expect(submissionsCsv.split("\n")[0]).toMatch(/,id,stage,owner,value,currency$/);
    expect(submissionsCsv).toMatch(/,won,,999\.99,EUR\r?\n/);
    expect(submissionsCsv).toMatch(/mentee@example\.com.*,scheduled,,,\r?\n/);
  });
});
