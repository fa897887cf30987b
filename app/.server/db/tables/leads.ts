import { jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { capturedColumns, capturedConstraints } from "./captured";
import { timestamptz } from "./columns";

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
    ...capturedColumns(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (t) => capturedConstraints("leads", t),
);
