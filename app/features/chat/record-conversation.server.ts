import { eq } from "drizzle-orm";
import { getDb } from "~/.server/db/client";
import { leads } from "~/.server/db/tables";
import { withTransaction } from "~/.server/db/transaction";
import { logger } from "~/.server/logger";
import { notifyWhenReadable } from "./lead-notification.server";
import type { ChatMessage } from "./schema";
import { mergeTranscript } from "./transcript";

/**
 * Whether this conversation has a lead, i.e. the visitor has left their
 * contact details (the chat then never asks for them again). False when the
 * database cannot say: asking once too often is better than no answer.
 */
export async function conversationHasLead(conversationId: string | undefined): Promise<boolean> {
  if (!conversationId) return false;
  try {
    const [lead] = await getDb().select({ id: leads.id }).from(leads).where(eq(leads.conversationId, conversationId)).limit(1);
    return Boolean(lead);
  } catch (error) {
    logger.warn({ err: error }, "Chat: could not look up the lead of a conversation");
    return false;
  }
}

/**
 * Keeps the transcript of a captured lead current as the chat goes on: when
 * the conversation has a lead, the new messages are appended to its
 * conversation_context; when they are the first thing the studio can read
 * (the visitor's first question after the intro form), the studio's
 * notification is queued in the same transaction. Conversations without a
 * lead store nothing. Never throws: the visitor already has the reply; a
 * failure is only logged.
 */
export async function recordConversation(conversationId: string | undefined, messages: ChatMessage[]): Promise<boolean> {
  if (!conversationId) return false;
  try {
    return await withTransaction(async (tx) => {
      const [lead] = await tx.db.select().from(leads).where(eq(leads.conversationId, conversationId)).for("update");
      if (!lead) return false;
      const transcript = mergeTranscript(lead.conversationContext.messages, messages);
      await tx.db
        .update(leads)
        .set({ conversationContext: { messages: transcript }, updatedAt: new Date() })
        .where(eq(leads.id, lead.id));
      await notifyWhenReadable(tx, { ...lead, transcript }, { message: lead.message, transcript: lead.conversationContext.messages });
      return true;
    });
  } catch (error) {
    logger.error({ err: error }, "Chat: could not record the conversation of a lead");
    return false;
  }
}
