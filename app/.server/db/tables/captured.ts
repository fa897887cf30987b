import { sql } from "drizzle-orm";
import { check, index, integer, text, uuid, type ExtraConfigColumn } from "drizzle-orm/pg-core";
import { createdAt, deletedWith, timestamptz } from "./columns";
import { people } from "./inbox";
import type { HoldReason } from "../../../lib/form-traps";

/** What a chat lead and a form submission both keep besides their own fields. */
export const capturedColumns = () => ({
  /** The person this row belongs to, set by a trigger from the address (docs/inbox.md): never null. */
  personId: deletedWith(uuid("person_id"), () => people.id),
  createdAt: createdAt(),
  /**
   * Set when the row looked automated (docs/decisions/0100): stored, but the studio is not told
   * (no notification, no mail) until an admin releases it (then null again). Held rows are
   * pruned after 30 days.
   */
  heldAt: timestamptz("held_at"),
  holdReason: text("hold_reason").$type<HoldReason>(),
  /** Milliseconds from the form's signed start time (a lead: the chat's intro form) to the post, when it had a valid one. */
  fillMs: integer("fill_ms"),
});

type CapturedColumns = Record<"personId" | "createdAt" | "heldAt" | "holdReason", ExtraConfigColumn>;

/** The indexes and checks of those columns, named after `table`. */
export const capturedConstraints = (table: string, t: CapturedColumns) => [
  index(`${table}_person_idx`).on(t.personId),
  check(`${table}_person_check`, sql`${t.personId} is not null`),
  index(`${table}_created_at_idx`).on(t.createdAt.desc()),
  index(`${table}_held_at_idx`)
    .on(t.heldAt)
    .where(sql`${t.heldAt} is not null`),
  check(`${table}_hold_reason_check`, sql`(${t.heldAt} is null) = (${t.holdReason} is null)`),
];
