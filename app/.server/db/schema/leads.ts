import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

export type ConversationMessage = { role: "user" | "assistant"; content: string };
export type ConversationContext = { messages: ConversationMessage[] };

/** Leads captured by the chat assistant (SPEC section 3, "Lead"). */
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
    conversationContext: jsonb("conversation_context")
      .$type<ConversationContext>()
      .notNull()
      .default({ messages: [] }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("leads_created_at_idx").on(t.createdAt.desc())],
);
