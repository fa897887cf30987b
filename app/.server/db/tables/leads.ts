import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { people } from "./inbox";
import type { HoldReason } from "../../../lib/form-traps";

export type ConversationMessage = { role: "user" | "assistant"; content: string };
export type ConversationContext = { messages: ConversationMessage[] };

/** Leads captured by the chat assistant (docs/product.md#data, "Lead"). */
export const leads = pgTable(
  "leads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name"),
    email: text("email").notNull(),
    company: text("company"),
    message: text("message"),
    source: text("source").notNull().default("chatbot"),
    /** The browser conversation that captured this lead (random id kept in the visitor's chat state): one lead per conversation. */
    conversationId: text("conversation_id").unique(),
    conversationContext: jsonb("conversation_context").$type<ConversationContext>().notNull().default({ messages: [] }),
    /** The person this row belongs to, set by a trigger from the address (docs/inbox.md): never null. */
    personId: uuid("person_id").references(() => people.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Set when the capture looked automated (docs/decisions/0100): stored, but the studio is
     * not notified until an admin releases it (then null again). Held rows are pruned after 30 days.
     */
    heldAt: timestamp("held_at", { withTimezone: true }),
    holdReason: text("hold_reason").$type<HoldReason>(),
    /** Milliseconds from the intro form's signed start time to the capture, when it had a valid one. */
    fillMs: integer("fill_ms"),
  },
  (t) => [
    index("leads_person_idx").on(t.personId),
    check("leads_person_check", sql`${t.personId} is not null`),
    index("leads_created_at_idx").on(t.createdAt.desc()),
    index("leads_held_at_idx")
      .on(t.heldAt)
      .where(sql`${t.heldAt} is not null`),
    check("leads_hold_reason_check", sql`(${t.heldAt} is null) = (${t.holdReason} is null)`),
  ],
);
