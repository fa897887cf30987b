import { createElement } from "react";
import { and, eq, notInArray, sql } from "drizzle-orm";
import { getDb } from "~/.server/db/client";
import { z } from "zod";
import type { AdminUser } from "~/.server/admin-guard";
import { getAuth } from "~/.server/auth";
import { sessions, userRoles } from "~/.server/db/tables";
import { withTransaction, type Transaction } from "~/.server/db/transaction";
import { getEnv } from "~/.server/env";
import { AppError } from "~/.server/errors";
import { queueMail, renderEmail } from "~/.server/mail";
import { ROLE_LABELS, ROLES, type Role } from "~/.server/permissions";
import { site } from "~/content/site";
import { TeamInvitation } from "~/emails/team-invitation";
import { email as emailField } from "~/features/forms/schema";
import { enrolmentUrl, issueEnrolmentLink } from "./admin-enrolment.server";
import { recordAdminAudit } from "./record-admin-audit.server";

/**
 * The team (docs/admin.md, "The team"): who has which roles, invitations by mail, role changes
 * and removal. There is always an owner: the last one can be neither removed nor demoted (the
 * changes of roles run one at a time, under one lock, so two owners cannot demote each other at
 * once). Each change is audited in its own transaction.
 */

export type TeamMember = {
  id: string;
  name: string;
  email: string;
  roles: Role[];
  twoFactorEnabled: boolean;
  /** Has chosen a password (an invited account has not, until it opens its link). */
  hasPassword: boolean;
  lastSignInAt: string | null;
};

export const LAST_OWNER_MESSAGE = "The team needs an owner: make someone else an owner first.";

const rolesSchema = z.array(z.enum(ROLES, { error: `The roles are ${ROLES.join(", ")}` }), { error: "Choose at least one role" }).min(1, {
  error: "Choose at least one role",
});
export const inviteSchema = z.object({
  email: emailField,
  name: z.string().trim().max(100, { error: "The name must be 100 characters or fewer" }).optional(),
  roles: rolesSchema,
});
export const rolesInputSchema = z.object({ roles: rolesSchema });

const rolesText = (roles: readonly Role[]) => roles.map((role) => ROLE_LABELS[role]).join(", ");

export async function listTeam(tx?: Transaction): Promise<TeamMember[]> {
  const db = tx?.db ?? getDb();
  const result = await db.execute<{
    id: string;
    name: string;
    email: string;
    roles: Role[];
    two_factor_enabled: boolean | null;
    has_password: boolean;
    last_sign_in_at: Date | string | null;
  }>(sql`
    select u.id, u.name, u.email, u.two_factor_enabled,
           array_agg(r.role order by r.role) as roles,
           exists (select 1 from accounts a where a.user_id = u.id and a.provider_id = 'credential') as has_password,
           (select max(l.at) from admin_audit_log l where l.user_id = u.id and l.action = 'sign-in') as last_sign_in_at
      from users u join user_roles r on r.user_id = u.id
     group by u.id
     order by lower(u.name), u.email`);
  return result.rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    roles: row.roles,
    twoFactorEnabled: Boolean(row.two_factor_enabled),
    hasPassword: row.has_password,
    lastSignInAt: row.last_sign_in_at ? new Date(row.last_sign_in_at).toISOString() : null,
  }));
}

/** Changes of roles one at a time (the last-owner rule reads, then writes). */
async function lockTeam(tx: Transaction): Promise<void> {
  await tx.db.execute(sql`select pg_advisory_xact_lock(hashtextextended('admin-team-roles', 0))`);
}

async function memberOf(tx: Transaction, userId: string): Promise<TeamMember> {
  const member = (await listTeam(tx)).find((one) => one.id === userId);
  if (!member) throw new AppError("not_found", "No team member with this id.");
  return member;
}

async function ownersBesides(tx: Transaction, userId: string): Promise<number> {
  const result = await tx.db.execute<{ n: number }>(
    sql`select count(*)::int as n from user_roles where role = 'owner' and user_id <> ${userId}`,
  );
  return result.rows[0]?.n ?? 0;
}

/**
 * Invites an address with roles: a new account without a password, or roles added to an existing
 * one. Unless the account already uses two-factor, a one-time enrolment link (24 hours) is mailed:
 * its page asks for a password, then the sign-in sets up two-factor.
 */
export async function inviteMember(
  input: z.output<typeof inviteSchema>,
  by: AdminUser,
  clientIp: string,
): Promise<{ userId: string; status: "invited" | "roles-added"; linkSent: boolean }> {
  const email = input.email.trim().toLowerCase();
  const ctx = await getAuth().$context;
  const existing = await ctx.internalAdapter.findUserByEmail(email, { includeAccounts: false });
  const userId =
    existing?.user.id ??
    (
      await ctx.internalAdapter.createUser(
        { email, name: input.name?.trim() || email.split("@")[0] || email, emailVerified: true },
        { method: "team-invitation" },
      )
    ).id;
  await withTransaction(async (tx) => {
    await lockTeam(tx);
    await tx.db
      .insert(userRoles)
      .values(input.roles.map((role) => ({ userId, role })))
      .onConflictDoNothing();
    await recordAdminAudit({ user: by, action: "invite", target: email, summary: `as ${rolesText(input.roles)}`, clientIp }, tx);
  });
  const twoFactorOn = Boolean((existing?.user as { twoFactorEnabled?: boolean | null } | undefined)?.twoFactorEnabled);
  if (!twoFactorOn) {
    const link = await issueEnrolmentLink(userId);
    const publicUrl = getEnv().PUBLIC_URL;
    const rendered = await renderEmail(
      createElement(TeamInvitation, {
        invitedBy: by.name || by.email,
        roles: rolesText(input.roles),
        url: enrolmentUrl(publicUrl, link.token),
        expires: link.expiresAt.toISOString().slice(0, 16).replace("T", " "),
        siteUrl: publicUrl,
      }),
    );
    await queueMail({ to: email, subject: `You're invited to the ${site.name} admin`, ...rendered, tag: "team-invitation" });
  }
  return { userId, status: existing ? "roles-added" : "invited", linkSent: !twoFactorOn };
}

/** Gives a member exactly these roles. AppError `conflict` when it would leave the team without an owner. */
export async function setMemberRoles(userId: string, roles: Role[], by: AdminUser, clientIp: string): Promise<TeamMember> {
  return withTransaction(async (tx) => {
    await lockTeam(tx);
    const member = await memberOf(tx, userId);
    if (member.roles.includes("owner") && !roles.includes("owner") && (await ownersBesides(tx, userId)) === 0)
      throw new AppError("conflict", LAST_OWNER_MESSAGE);
    await tx.db.delete(userRoles).where(and(eq(userRoles.userId, userId), notInArray(userRoles.role, roles)));
    await tx.db
      .insert(userRoles)
      .values(roles.map((role) => ({ userId, role })))
      .onConflictDoNothing();
    const summary = `${rolesText(member.roles)} → ${rolesText(roles)}`;
    await recordAdminAudit({ user: by, action: "change-roles", target: member.email, summary, clientIp }, tx);
    return memberOf(tx, userId);
  });
}

/** Takes every role from a member and ends their sessions at once (their next request is not signed in). */
export async function removeMember(userId: string, by: AdminUser, clientIp: string): Promise<void> {
  await withTransaction(async (tx) => {
    await lockTeam(tx);
    const member = await memberOf(tx, userId);
    if (member.roles.includes("owner") && (await ownersBesides(tx, userId)) === 0) throw new AppError("conflict", LAST_OWNER_MESSAGE);
    await tx.db.delete(userRoles).where(eq(userRoles.userId, userId));
    await tx.db.delete(sessions).where(eq(sessions.userId, userId));
    await recordAdminAudit(
      { user: by, action: "remove-member", target: member.email, summary: `had ${rolesText(member.roles)}`, clientIp },
      tx,
    );
  });
}
