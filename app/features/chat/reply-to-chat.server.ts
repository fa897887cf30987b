import {
  AI_ERROR_MESSAGES,
  aiBadOutput,
  aiGlobalBurstLimit,
  consumeAiBudget,
  defineAiRateLimit,
  generateAiText,
  isAiConfigured,
  sseResponse,
  streamAiText,
  type AiCallOptions,
} from "~/.server/ai";
import { ApiError } from "~/.server/api";
import { logger } from "~/.server/logger";
import { consumeRateLimit, hashClientIp } from "~/.server/rate-limit";
import { answerFromContent, buildChatInstructions } from "./chat-knowledge.server.ts";
import { recordConversation } from "./record-conversation.server.ts";
import { cleanConversation, type ChatMessage, type ReplyRequest, type ReplyResponse } from "./schema.ts";

/** Per-IP limit of the chat widget's replies (AI or content answers alike). */
export const leadChatRateLimit = defineAiRateLimit("lead-chat-ip", 30, 600);

export type ReplySource = "ai" | "content";

/**
 * The checks before a reply, in the AI tools' order: the per-IP limit (also
 * for content answers), then, with a provider, the global burst limit and the
 * daily budget. No provider, or today's budget spent: the reply comes from
 * the site's content instead of failing.
 */
export async function chooseReplySource(clientIp: string): Promise<ReplySource> {
  await consumeRateLimit(leadChatRateLimit, hashClientIp(clientIp || "unknown"));
  if (!isAiConfigured()) return "content";
  await consumeRateLimit(aiGlobalBurstLimit, "all");
  try {
    await consumeAiBudget();
  } catch (error) {
    if (error instanceof ApiError && error.message === AI_ERROR_MESSAGES.budgetExhausted) {
      logger.warn("Chat: today's AI budget is spent; answering from the site's content");
      return "content";
    }
    throw error;
  }
  return "ai";
}

function aiCall(conversation: ChatMessage[], signal?: AbortSignal): AiCallOptions {
  return {
    instructions: buildChatInstructions(),
    messages: conversation,
    maxOutputTokens: 500,
    temperature: 0.4,
    purpose: "lead-chat",
    signal,
  };
}

function lastQuestion(conversation: ChatMessage[]): string {
  return conversation.findLast((message) => message.role === "user")?.content ?? "";
}

export type ReplyInput = { request: ReplyRequest; source: ReplySource; signal?: AbortSignal };

/** The whole reply as `{content}`; the lead's transcript (if any) gets both messages. */
export async function replyToChat({ request, source, signal }: ReplyInput): Promise<ReplyResponse> {
  const conversation = cleanConversation(request.messages);
  const text = source === "ai" ? await generateAiText(aiCall(conversation, signal)) : answerFromContent(lastQuestion(conversation));
  const content = text.trim();
  if (!content) throw aiBadOutput();
  await recordConversation(request.conversationId, [...conversation, { role: "assistant", content }]);
  return { content };
}

/** Splits a text into word-sized pieces that join back to it. */
function words(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [text];
}

/**
 * The reply as Server-Sent Events (delta..., then done {content}), see
 * ~/.server/ai/sse.ts. Provider failures before the first text are thrown
 * (plain JSON error responses); later ones end the stream with an error event.
 */
export async function streamChatReply({ request, source, signal }: ReplyInput): Promise<Response> {
  const conversation = cleanConversation(request.messages);
  const deltas: AsyncIterable<string> =
    source === "ai"
      ? await streamAiText(aiCall(conversation, signal))
      : (async function* content() {
          yield* words(answerFromContent(lastQuestion(conversation)));
        })();
  return sseResponse(async (send) => {
    let text = "";
    for await (const delta of deltas) {
      text += delta;
      send({ type: "delta", text: delta });
    }
    const content = text.trim();
    if (!content) throw aiBadOutput();
    await recordConversation(request.conversationId, [...conversation, { role: "assistant", content }]);
    send({ type: "done", value: { content } });
  });
}
