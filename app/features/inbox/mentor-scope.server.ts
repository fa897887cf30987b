import { sql, type SQL } from "drizzle-orm";
import { INBOX_ROLES, type Role } from "~/.server/permissions";

/**
 * A mentor's own inbox (docs/admin.md, "Roles"): someone who is a mentor and does not work the
 * inbox (neither owner nor Sales) sees only their learners: the people with a booking with them
 * or a mentoring enquiry given to them, and of each person only those enquiries, their mails and
 * notes. Every inbox query takes the scope and adds `mentorSees`; a person or enquiry outside it
 * is answered as not found (404), never as forbidden, so its existence is not told either.
 */

/** The mentor's user id when this admin sees only their own learners; null for the whole inbox. */
export function mentorScopeOf(admin: { id: string; roles: readonly Role[] }): string | null {
  return admin.roles.some((role) => INBOX_ROLES.includes(role)) ? null : admin.id;
}

/**
 * Whether the mentor sees an enquiry of the table or alias `e`: a mentoring request or booking
 * given to them, or a booking with them (whoever it is given to).
 */
export function mentorSees(mentorId: string, e: "e" | "enquiries" = "e"): SQL {
  const t = sql.raw(`"${e}"`);
  return sql`(${t}.kind in ('mentoring', 'booking') and (${t}.owner_id = ${mentorId}
    or (${t}.kind = 'booking' and exists (select 1 from mentoring_bookings mb where mb.id = ${t}.source_id and mb.mentor_id = ${mentorId}))))`;
}
