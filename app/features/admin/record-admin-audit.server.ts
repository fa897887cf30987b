import { and, desc, eq, gte, ilike, lt, or, sql } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "~/.server/db/client";
import { adminAuditLog, users } from "~/.server/db/tables";
import { withWriteInChange, type Transaction } from "~/.server/db/transaction";
import { hashClientIp } from "~/.server/rate-limit";
import { csvColumns, csvFilename, toCsv } from "./csv.server";

/**
 * The audit log (docs/admin.md, "Audit log"): who did what in the admin, when, from which address,
 * on what, with a one-line summary (never a secret or a message body). Append-only: the database
 * refuses to change or remove a row. Owners read it on /admin/audit and GET /api/admin/audit.
 */
export const AUDIT_ACTIONS = [
  "sign-in",
  "sign-in-failed",
  "two-factor-on",
  "two-factor-off",
  "invite",
  "change-roles",
  "remove-member",
  "export-leads",
  "export-submissions",
  "export-subscribers",
  "export-person",
  "export-audit",
  "delete-lead",
  "delete-submission",
  "delete-subscriber",
  "erase-person",
  "release-lead",
  "release-submission",
  "assign-mail",
  "discard-mail",
  "delete-saved-reply",
  "inbox-stage",
  "inbox-owner",
  "inbox-value",
  "inbox-note",
  "inbox-reply",
  "change-webhook",
  "change-booking",
  "change-hours",
  "publish-content",
  "newsletter-send",
  "change-saved-reply",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What one change writes to the log: who, what, on what, from where. */
export type AuditRecord = {
  user: { id: string | null; email: string };
  action: AuditAction;
  target?: string;
  summary?: string;
  clientIp?: string;
};

/** Writes one audit row: who, what, on which record, from which address; in the caller's transaction when given. */
export async function recordAdminAudit(entry: AuditRecord, tx?: Transaction | null): Promise<void> {
  await (tx?.db ?? getDb()).insert(adminAuditLog).values({
    userId: entry.user.id,
    userEmail: entry.user.email.slice(0, 320),
    action: entry.action,
    target: entry.target?.slice(0, 500) ?? null,
    summary: entry.summary?.slice(0, 500) ?? null,
    ip: entry.clientIp?.slice(0, 64) || null,
    ipHash: entry.clientIp ? hashClientIp(entry.clientIp) : null,
  });
}

/**
 * Makes a change and writes its audit entry in the change's own transaction (the first one it
 * commits): both are kept or neither is, and a change that fails leaves no entry.
 */
export function audited<T>(entry: AuditRecord, change: () => Promise<T>): Promise<T> {
  return withWriteInChange((tx) => recordAdminAudit(entry, tx), change);
}

/**
 * A wrong password (or code) for an existing account, with the address it came from. Attempts on
 * addresses that are no account are not kept: anyone can type those, and the sign-in's limits
 * bound what reaches an account's password check.
 */
export async function recordFailedSignIn(email: string, clientIp: string, target: "password" | "code"): Promise<void> {
  const [user] = await getDb()
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
    .limit(1);
  if (user) await recordAdminAudit({ user, action: "sign-in-failed", target, clientIp });
}

/** The admin's own recent entries (the account page). */
export async function listRecentAudit(userId: string, limit = 20) {
  return getDb().select().from(adminAuditLog).where(eq(adminAuditLog.userId, userId)).orderBy(desc(adminAuditLog.at)).limit(limit);
}

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Dates are YYYY-MM-DD" })
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), { error: "Dates are YYYY-MM-DD" });

/** A filter left empty (the page's form sends every field) is no filter. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

/** `?actor=&action=&from=&to=&cursor=`: a part of the address of who did it, one action, UTC days (both included). */
export const auditQuerySchema = z.object({
  actor: optional(z.string().trim().max(200, { error: "The person filter must be 200 characters or fewer" })),
  action: optional(z.enum(AUDIT_ACTIONS, { error: `The actions are ${AUDIT_ACTIONS.join(", ")}` })),
  from: optional(day),
  to: optional(day),
  cursor: optional(z.string().max(200)),
});
export type AuditQuery = z.output<typeof auditQuerySchema>;

export type AuditEntry = {
  id: string;
  at: string;
  actor: string;
  action: string;
  target: string | null;
  summary: string | null;
  ip: string | null;
};

function whereOf(query: AuditQuery) {
  const like = query.actor ? `%${query.actor.replace(/[\\%_]/g, (char) => `\\${char}`)}%` : null;
  return and(
    like ? ilike(adminAuditLog.userEmail, like) : undefined,
    query.action ? eq(adminAuditLog.action, query.action) : undefined,
    query.from ? gte(adminAuditLog.at, new Date(`${query.from}T00:00:00Z`)) : undefined,
    query.to ? lt(adminAuditLog.at, new Date(Date.parse(`${query.to}T00:00:00Z`) + 86_400_000)) : undefined,
  );
}

/** The cursor of the entry a page ended with: its time and id, so entries of the same instant are not skipped. */
const cursorOf = (entry: { at: Date; id: string }) => Buffer.from(`${entry.at.toISOString()}|${entry.id}`).toString("base64url");

function afterCursor(cursor: string | undefined) {
  if (!cursor) return undefined;
  const [at, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const time = Date.parse(at ?? "");
  if (Number.isNaN(time) || !/^[0-9a-f-]{36}$/.test(id ?? "")) return sql`false`;
  return or(lt(adminAuditLog.at, new Date(time)), and(eq(adminAuditLog.at, new Date(time)), lt(adminAuditLog.id, id!)));
}

const toEntry = (row: typeof adminAuditLog.$inferSelect): AuditEntry => ({
  id: row.id,
  at: row.at.toISOString(),
  actor: row.userEmail,
  action: row.action,
  target: row.target,
  summary: row.summary,
  ip: row.ip,
});

/** One page of entries, newest first, and the cursor of the next page (null at the end). */
export async function listAudit(query: AuditQuery, limit = 50): Promise<{ entries: AuditEntry[]; nextCursor: string | null }> {
  const rows = await getDb()
    .select()
    .from(adminAuditLog)
    .where(and(whereOf(query), afterCursor(query.cursor)))
    .orderBy(desc(adminAuditLog.at), desc(adminAuditLog.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return { entries: page.map(toEntry), nextCursor: rows.length > limit ? cursorOf(page.at(-1)!) : null };
}

/** Every matching entry as CSV (at most 100,000, newest first). */
export async function exportAuditCsv(query: AuditQuery): Promise<{ csv: string; filename: string; count: number }> {
  const rows = await getDb()
    .select()
    .from(adminAuditLog)
    .where(whereOf(query))
    .orderBy(desc(adminAuditLog.at), desc(adminAuditLog.id))
    .limit(100_000);
  const entries = rows.map(toEntry);
  return {
    csv: toCsv(csvColumns("at", "actor", "action", "target", "summary", "ip"), entries),
    filename: csvFilename("audit-log"),
    count: entries.length,
  };
}
