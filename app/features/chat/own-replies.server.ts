import { createHmac } from "node:crypto";
import { and, eq, inArray, lt } from "drizzle-orm";
import { getDb } from "~/.server/db/client";
import { chatReplies } from "~/.server/db/tables";
import { defineJob } from "~/.server/jobs";
import { logger } from "~/.server/logger";
import { getAppSecret } from "~/.server/secret";
import { chatCopy } from "~/content/chat";
import { CHAT_LIMITS, type ChatMessage } from "./schema";

/** How long the server remembers the replies of a conversation: as long as a held lead waits. */
export const CHAT_REPLY_RETENTION_DAYS = 30;

/** A reply as it comes back from the browser: trimmed and cut like every assistant turn (cleanConversation). */
function digestOf(conversationId: string, content: string): string {
  const text = content.trim().slice(0, CHAT_LIMITS.assistantChars);
  return createHmac("sha256", getAppSecret()).update(`chat-reply:${conversationId}:${text}`).digest("base64url");
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The widget's own fixed assistant turns (app/content/chat.ts): the greeting, and the welcome with a first name. */
const welcomePattern = new RegExp(`^${escapeRegExp(chatCopy.welcome.trim()).replace(escapeRegExp("{name}"), "[^\\s!]{1,60}")}$`, "u");
function isWidgetCopy(content: string): boolean {
  return content === chatCopy.greeting.trim() || welcomePattern.test(content);
}

/**
 * Remembers a reply the server produced for this conversation, so it is
 * believed when the browser sends it back. Never throws: the visitor has the
 * reply already; a later turn that cannot be checked is dropped, not trusted.
 */
export async function rememberReply(conversationId: string | undefined, content: string): Promise<void> {
  if (!conversationId) return;
  try {
    await getDb()
      .insert(chatReplies)
      .values({ conversationId, digest: digestOf(conversationId, content) })
      .onConflictDoNothing();
  } catch (error) {
    logger.warn({ err: error }, "Chat: could not remember a reply");
  }
}

/**
 * The conversation with only the assistant turns the server produced (or
 * the widget's fixed copy): an "assistant" turn a client made up is dropped,
 * so it never reaches the model, the lead's transcript, the studio's
 * notification or the admin. Without a conversation id nothing can be
 * checked, so every other assistant turn is dropped.
 */
export async function keepOwnTurns(conversationId: string | undefined, messages: ChatMessage[]): Promise<ChatMessage[]> {
  const toCheck = messages.filter((message) => message.role === "assistant" && !isWidgetCopy(message.content));
  if (toCheck.length === 0) return messages;
  let known = new Set<string>();
  if (conversationId) {
    try {
      const digests = toCheck.map((message) => digestOf(conversationId, message.content));
      const rows = await getDb()
        .select({ digest: chatReplies.digest })
        .from(chatReplies)
        .where(and(eq(chatReplies.conversationId, conversationId), inArray(chatReplies.digest, digests)));
      known = new Set(rows.map((row) => row.digest));
    } catch (error) {
      logger.warn({ err: error }, "Chat: could not check the assistant turns; dropping them");
    }
  }
  const kept = messages.filter(
    (message) =>
      message.role !== "assistant" ||
      isWidgetCopy(message.content) ||
      (conversationId !== undefined && known.has(digestOf(conversationId, message.content))),
  );
  if (kept.length < messages.length)
    logger.warn({ dropped: messages.length - kept.length }, "Chat: dropped assistant turns the server did not produce");
  return kept;
}

/** Forgets the replies of conversations older than the retention, once a day (on one instance). */
export const chatRepliesPruneJob = defineJob({
  name: "chat-replies-prune",
  schedule: "55 3 * * *",
  handler: async () => {
    const cutoff = new Date(Date.now() - CHAT_REPLY_RETENTION_DAYS * 24 * 3600 * 1000);
    await getDb().delete(chatReplies).where(lt(chatReplies.createdAt, cutoff));
  },
});
