import { and, count, eq, inArray, isNotNull, isNull, lt, type AnyColumn } from "drizzle-orm";
import { getDb } from "~/.server/db/client";
import { enquiries, leads, mentoringBookings, submissions } from "~/.server/db/tables";
import type { Transaction } from "~/.server/db/transaction";
import { AppError } from "~/.server/errors";
import { defineJob } from "~/.server/jobs";
import { logger } from "~/.server/logger";
import type { HoldReason } from "~/lib/form-traps";
import { csvColumns } from "./csv.server";

/**
 * Held items: form submissions and chat leads that looked automated, stored
 * but not delivered until an admin releases them (docs/admin.md, "Held items";
 * docs/decisions/0100-hold-what-looks-automated.md).
 */

/** Held items older than this are deleted by the daily prune. */
export const HELD_RETENTION_DAYS = 30;

/** The inbox (normal items) or the held items of a list. */
export function heldFilter(heldAt: AnyColumn, held: boolean) {
  return held ? isNotNull(heldAt) : isNull(heldAt);
}

/** How a list row shows its hold: null for a normal item. */
export type HoldInfo = { heldAt: string; reason: HoldReason; fillMs: number | null } | null;

export function holdInfo(row: { heldAt: Date | null; holdReason: HoldReason | null; fillMs: number | null }): HoldInfo {
  return row.heldAt && row.holdReason ? { heldAt: row.heldAt.toISOString(), reason: row.holdReason, fillMs: row.fillMs } : null;
}

/** What a list shows of any lead or submission: its id, who sent it, when, and its hold. */
export function heldRecordRow<N extends string | null>(row: {
  id: string;
  name: N;
  email: string;
  createdAt: Date;
  heldAt: Date | null;
  holdReason: HoldReason | null;
  fillMs: number | null;
}) {
  return { id: row.id, name: row.name, email: row.email, createdAt: row.createdAt.toISOString(), hold: holdInfo(row) };
}

/** The extra columns of a held list's CSV export. */
export const heldCsvColumns = csvColumns("heldAt", "holdReason", "fillMs");

/**
 * Clears a held lead's or submission's hold in `tx` and answers the row as it is now: conflict when
 * it is not held (already released), not_found when there is no such row.
 */
export async function clearHold<T extends typeof leads | typeof submissions>(
  tx: Transaction,
  table: T,
  id: string,
  noun: "lead" | "submission",
): Promise<T["$inferSelect"]> {
  // Drizzle's builders do not type-check over a type parameter, but over the union of both tables.
  const held: typeof leads | typeof submissions = table;
  const [released] = await tx.db
    .update(held)
    .set({ heldAt: null, holdReason: null })
    .where(and(eq(held.id, id), isNotNull(held.heldAt)))
    .returning();
  if (released) return released as T["$inferSelect"];
  const [existing] = await tx.db.select({ id: held.id }).from(held).where(eq(held.id, id));
  throw existing
    ? new AppError("conflict", `This ${noun} is not held (already released).`)
    : new AppError("not_found", `No ${noun} with this id.`);
}

/** Held submissions and leads waiting for review, for the admin navigation and the lists' filters. */
export async function countHeldItems(): Promise<{ submissions: number; leads: number }> {
  const db = getDb();
  const [[heldSubmissions], [heldLeads]] = await Promise.all([
    db.select({ n: count() }).from(submissions).where(isNotNull(submissions.heldAt)),
    db.select({ n: count() }).from(leads).where(isNotNull(leads.heldAt)),
  ]);
  return { submissions: heldSubmissions?.n ?? 0, leads: heldLeads?.n ?? 0 };
}

/**
 * Deletes held submissions, leads and mentoring bookings held for longer than HELD_RETENTION_DAYS
 * (a held booking holds no time, docs/mentoring.md); released and normal items stay.
 */
export async function pruneHeldItems(now = new Date()): Promise<{ submissions: number; leads: number; bookings: number }> {
  const before = new Date(now.getTime() - HELD_RETENTION_DAYS * 24 * 3600 * 1000);
  const db = getDb();
  const prunedSubmissions = await db.delete(submissions).where(lt(submissions.heldAt, before)).returning({ id: submissions.id });
  const prunedLeads = await db.delete(leads).where(lt(leads.heldAt, before)).returning({ id: leads.id });
  const prunedBookings = await db
    .delete(mentoringBookings)
    .where(and(eq(mentoringBookings.status, "held"), lt(mentoringBookings.createdAt, before)))
    .returning({ id: mentoringBookings.id });
  // A lead's or submission's enquiry goes with it (the database's trigger); a booking's is removed here.
  if (prunedBookings.length > 0) {
    await db.delete(enquiries).where(
      and(
        eq(enquiries.kind, "booking"),
        inArray(
          enquiries.sourceId,
          prunedBookings.map((row) => row.id),
        ),
      ),
    );
  }
  return { submissions: prunedSubmissions.length, leads: prunedLeads.length, bookings: prunedBookings.length };
}

export const heldItemsPruneJob = defineJob({
  name: "held-items-prune",
  schedule: "50 3 * * *",
  handler: async () => {
    const pruned = await pruneHeldItems();
    logger.info({ ...pruned, olderThanDays: HELD_RETENTION_DAYS }, "Held items pruned");
    return pruned;
  },
});
