import { desc } from "drizzle-orm";
import { getDb } from "~/.server/db/client";
import { adminAuditLog } from "~/.server/db/tables";
import type { Transaction } from "~/.server/db/transaction";
import { hashClientIp } from "~/.server/rate-limit";

export type AuditAction =
  | "sign-in"
  | "two-factor-on"
  | "two-factor-off"
  | "export-leads"
  | "export-submissions"
  | "export-subscribers"
  | "delete-lead"
  | "delete-submission"
  | "delete-subscriber"
  | "release-lead"
  | "release-submission"
  | "assign-mail"
  | "discard-mail"
  | "delete-saved-reply"
  | "export-person"
  | "erase-person"
  | "invite"
  | "change-roles"
  | "remove-member";

/** Writes one audit row: who, what, on which record, from which (hashed) address; in the caller's transaction when given. */
export async function recordAdminAudit(
  entry: {
    user: { id: string; email: string };
    action: AuditAction;
    target?: string;
    clientIp?: string;
  },
  tx?: Transaction,
): Promise<void> {
  await (tx?.db ?? getDb()).insert(adminAuditLog).values({
    userId: entry.user.id,
    userEmail: entry.user.email,
    action: entry.action,
    target: entry.target ?? null,
    ipHash: entry.clientIp ? hashClientIp(entry.clientIp) : null,
  });
}

export async function listRecentAudit(limit = 20) {
  return getDb().select().from(adminAuditLog).orderBy(desc(adminAuditLog.at)).limit(limit);
}
