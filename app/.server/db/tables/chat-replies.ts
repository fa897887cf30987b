import { index, pgTable, primaryKey, uuid, varchar } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/**
 * The assistant replies the server produced, by conversation: a keyed digest
 * of each reply's text, so an "assistant" turn a client sends back can be
 * checked against what we really said (docs/chat.md, decision 0178).
 * Pruned after 30 days by the chat-replies-prune job.
 */
export const chatReplies = pgTable(
  "chat_replies",
  {
    conversationId: uuid("conversation_id").notNull(),
    digest: varchar("digest", { length: 64 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.digest] }), index("chat_replies_created_at_idx").on(t.createdAt)],
);
