import { randomUUID } from "node:crypto";
import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { leads, submissions } from "~/.server/db/tables";
import { setAppSecret } from "~/.server/secret";
import { countHeldItems, heldItemsPruneJob, pruneHeldItems } from "~/features/admin/held-items.server";
import { exportLeadsCsv, listLeads } from "~/features/admin/leads.server";
import { exportSubmissionsCsv, listSubmissions } from "~/features/admin/submissions.server";
import { setupTestDatabase } from "../support/database";

/**
 * Held items against a real PostgreSQL: the admin lists keep them out of the
 * inbox and its export unless the held filter is chosen, and the daily prune
 * deletes only held items older than 30 days.
 */
const database = setupTestDatabase();
setAppSecret("held-items-test-secret-".padEnd(40, "x"));

const DAY = 24 * 3600 * 1000;
const now = new Date();
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);

async function insertSubmission(name: string, options: { createdDaysAgo: number; heldDaysAgo?: number }) {
  const id = randomUUID();
  await database.current.db.insert(submissions).values({
    id,
    source: "contact",
    name,
    email: `${name.toLowerCase().replaceAll(" ", "-")}@example.com`,
    fields: { message: `Message from ${name}` },
    disclaimerAccepted: true,
    createdAt: daysAgo(options.createdDaysAgo),
    heldAt: options.heldDaysAgo === undefined ? null : daysAgo(options.heldDaysAgo),
    holdReason: options.heldDaysAgo === undefined ? null : "too-fast",
    fillMs: options.heldDaysAgo === undefined ? 45_000 : 600,
  });
  return id;
}

async function insertLead(name: string, options: { createdDaysAgo: number; heldDaysAgo?: number }) {
  const [row] = await database.current.db
    .insert(leads)
    .values({
      name,
      email: `${name.toLowerCase().replaceAll(" ", "-")}@example.com`,
      conversationId: randomUUID(),
      createdAt: daysAgo(options.createdDaysAgo),
      heldAt: options.heldDaysAgo === undefined ? null : daysAgo(options.heldDaysAgo),
      holdReason: options.heldDaysAgo === undefined ? null : "honeypot",
    })
    .returning({ id: leads.id });
  return row!.id;
}

describe("the admin lists", () => {
  it("show held items only under the held filter, in the list and in the CSV export", async () => {
    await insertSubmission("Inbox Person", { createdDaysAgo: 1 });
    await insertSubmission("Held Person", { createdDaysAgo: 1, heldDaysAgo: 1 });
    await insertLead("Inbox Lead", { createdDaysAgo: 1 });
    await insertLead("Held Lead", { createdDaysAgo: 1, heldDaysAgo: 1 });

    const inbox = await listSubmissions({ q: "person", page: 1, held: false });
    expect(inbox.submissions.map((row) => [row.name, row.hold])).toEqual([["Inbox Person", null]]);
    const held = await listSubmissions({ q: "person", page: 1, held: true });
    expect(held.submissions.map((row) => [row.name, row.hold])).toEqual([
      ["Held Person", { heldAt: daysAgo(1).toISOString(), reason: "too-fast", fillMs: 600 }],
    ]);
    const inboxCsv = await exportSubmissionsCsv({ q: "person", held: false });
    expect(inboxCsv.csv).toContain("Inbox Person");
    expect(inboxCsv.csv).not.toContain("Held Person");
    expect(inboxCsv.csv).not.toContain("hold_reason");
    const heldCsv = await exportSubmissionsCsv({ q: "person", held: true });
    expect(heldCsv.csv).not.toContain("Inbox Person");
    expect(heldCsv.csv).toMatch(/created_at,source,name,email,details,disclaimer_accepted,id,held_at,hold_reason,fill_ms/);
    expect(heldCsv.csv).toMatch(/Held Person.*,too-fast,600/);
    expect(heldCsv.filename).toMatch(/^submissions-held-\d{4}-\d{2}-\d{2}\.csv$/);

    expect((await listLeads({ q: "lead", page: 1, held: false })).leads.map((row) => row.name)).toEqual(["Inbox Lead"]);
    const heldLeads = await listLeads({ q: "lead", page: 1, held: true });
    expect(heldLeads.leads.map((row) => [row.name, row.hold?.reason])).toEqual([["Held Lead", "honeypot"]]);
    const leadsCsv = await exportLeadsCsv({ q: "lead", held: false });
    expect(leadsCsv.csv).toContain("Inbox Lead");
    expect(leadsCsv.csv).not.toContain("Held Lead");
    expect((await exportLeadsCsv({ q: "lead", held: true })).csv).toMatch(/Held Lead[\s\S]*,honeypot,/);

    expect(await countHeldItems()).toEqual({ submissions: 1, leads: 1 });
  });
});

describe("the daily prune", () => {
  it("deletes held items held for more than 30 days and nothing else", async () => {
    await database.current.db.delete(submissions);
    await database.current.db.delete(leads);
    const kept = [
      await insertSubmission("Held 29 Days", { createdDaysAgo: 29, heldDaysAgo: 29 }),
      await insertSubmission("Normal 90 Days", { createdDaysAgo: 90 }),
      // Held long ago, then released: a normal submission now.
      await insertSubmission("Released 60 Days", { createdDaysAgo: 60 }),
    ];
    const pruned = [
      await insertSubmission("Held 31 Days", { createdDaysAgo: 31, heldDaysAgo: 31 }),
      await insertSubmission("Held 300 Days", { createdDaysAgo: 300, heldDaysAgo: 300 }),
    ];
    const keptLeads = [
      await insertLead("Lead Held 29", { createdDaysAgo: 29, heldDaysAgo: 29 }),
      await insertLead("Lead Normal 90", { createdDaysAgo: 90 }),
    ];
    const prunedLeads = [await insertLead("Lead Held 31", { createdDaysAgo: 31, heldDaysAgo: 31 })];

    expect(await pruneHeldItems(now)).toEqual({ submissions: 2, leads: 1, bookings: 0 });
    const submissionIds = (await database.current.db.select({ id: submissions.id }).from(submissions)).map((row) => row.id);
    expect(submissionIds.sort()).toEqual([...kept].sort());
    const leadIds = (await database.current.db.select({ id: leads.id }).from(leads)).map((row) => row.id);
    expect(leadIds.sort()).toEqual([...keptLeads].sort());
    expect(await database.current.db.select().from(submissions).where(inArray(submissions.id, pruned))).toEqual([]);
    expect(await database.current.db.select().from(leads).where(inArray(leads.id, prunedLeads))).toEqual([]);

    // Run again a day later: the 29-day-old ones are now past 30 days.
    expect(await pruneHeldItems(new Date(now.getTime() + 2 * DAY))).toEqual({ submissions: 1, leads: 1, bookings: 0 });
  });

  it("runs as the daily held-items-prune job", async () => {
    await database.current.db.delete(submissions);
    await database.current.db.delete(leads);
    await insertSubmission("Job Held Recent", { createdDaysAgo: 1, heldDaysAgo: 1 });
    await insertSubmission("Job Held Ancient", { createdDaysAgo: 40, heldDaysAgo: 40 });
    await insertLead("Job Lead Ancient", { createdDaysAgo: 45, heldDaysAgo: 45 });
    expect(heldItemsPruneJob.schedule).toBe("50 3 * * *");
    expect(await heldItemsPruneJob.handler({}, undefined as never)).toEqual({ submissions: 1, leads: 1, bookings: 0 });
    const names = (await database.current.db.select({ name: submissions.name }).from(submissions)).map((row) => row.name);
    expect(names).toEqual(["Job Held Recent"]);
  });
});
