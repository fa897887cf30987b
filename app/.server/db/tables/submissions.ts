import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { people } from "./inbox";
import type { HoldReason } from "../../../lib/form-traps";

export type SubmissionSource = "apply" | "mentoring" | "contact";

/** Apply, mentoring and contact form submissions, stored before any mail is queued. */
export const submissions = pgTable(
  "submissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    source: text("source").$type<SubmissionSource>().notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    /** The form's remaining fields (idea, why, message), as entered. */
    fields: jsonb("fields").$type<Record<string, string>>().notNull(),
    disclaimerAccepted: boolean("disclaimer_accepted").notNull(),
    ipHash: text("ip_hash"),
    userAgent: text("user_agent"),
    /** The person this row belongs to, set by a trigger from the address (docs/inbox.md): never null. */
    personId: uuid("person_id").references(() => people.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Set when the submission looked automated (docs/decisions/0100): stored, but no mail
     * sent until an admin releases it (then null again). Held rows are pruned after 30 days.
     */
    heldAt: timestamp("held_at", { withTimezone: true }),
    holdReason: text("hold_reason").$type<HoldReason>(),
    /** Milliseconds from the form's signed start time to the post, when it had a valid one. */
    fillMs: integer("fill_ms"),
  },
  (t) => [
    index("submissions_person_idx").on(t.personId),
    check("submissions_person_check", sql`${t.personId} is not null`),
    index("submissions_created_at_idx").on(t.createdAt.desc()),
    index("submissions_held_at_idx")
      .on(t.heldAt)
      .where(sql`${t.heldAt} is not null`),
    check("submissions_hold_reason_check", sql`(${t.heldAt} is null) = (${t.holdReason} is null)`),
  ],
);
