import { eq } from "drizzle-orm";
import { getDb } from "~/.server/db/client";
import { leads } from "~/.server/db/schema";
import { logger } from "~/.server/logger";
import type { ChatMessage } from "./schema.ts";
import { mergeTranscript } from "./transcript.ts";

/**
 * Keeps the transcript of a captured lead current as the chat goes on: when
 * the conversation has a lead, the new messages are appended to its
 * conversation_context. Conversations without a lead store nothing. Never
 * throws: the visitor already has the reply; a failure is only logged.
 */
export async function recordConversation(conversationId: string | undefined, messages: ChatMessage[]): Promise<boolean> {
  if (!conversationId) return false;
  try {
    return await getDb().transaction(async (tx) => {
      const [lead] = await tx
        .select({ id: leads.id, conversationContext: leads.conversationContext })
        .from(leads)
        .where(eq(leads.conversationId, conversationId))
        .for("update");
      if (!lead) return false;
      await tx
        .update(leads)
        .set({ conversationContext: { messages: mergeTranscript(lead.conversationContext.messages, messages) }, updatedAt: new Date() })
        .where(eq(leads.id, lead.id));
      return true;
    });
  } catch (error) {
    logger.error({ err: error }, "Chat: could not record the conversation of a lead");
    return false;
  }
}
