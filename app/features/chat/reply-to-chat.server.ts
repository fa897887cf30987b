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
import { AppError } from "~/.server/errors";
import { logger } from "~/.server/logger";
import { consumeRateLimit, hashClientIp } from "~/.server/rate-limit";
import { buildChatInstructions } from "./chat-knowledge.server";
import { answerFromContent, type ContentAnswerOptions } from "./content-answers.server";
import { liveProjects, publishedNow } from "~/features/content/live.server";
import { keepOwnTurns, rememberReply } from "./own-replies.server";
import { conversationHasLead, recordConversation } from "./record-conversation.server";
import { cleanConversation, type ChatMessage, type ReplyRequest, type ReplyResponse } from "./schema";

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
    await consumeAiBudget(new Date(), { clientIp });
  } catch (error) {
    if (
      error instanceof AppError &&
      (error.message === AI_ERROR_MESSAGES.budgetExhausted || error.message === AI_ERROR_MESSAGES.clientShareSpent)
    ) {
      logger.warn(
        { clientShare: error.message === AI_ERROR_MESSAGES.clientShareSpent },
        "Chat: today's AI budget (or this client's share) is spent; answering from the site's content",
      );
      return "content";
    }
    throw error;
  }
  return "ai";
}

/** Added to the prompt once the visitor has left their details: the assistant must not ask again. */
const CONTACT_KNOWN_RULE =
  "The visitor has already left their name and e-mail in this chat, so the studio will follow up: never ask for their contact details again.";

function aiCall(conversation: ChatMessage[], known: ContentAnswerOptions, signal?: AbortSignal): AiCallOptions {
  const instructions = buildChatInstructions(publishedNow());
  return {
    instructions: known.contactKnown ? `${instructions}\n\n${CONTACT_KNOWN_RULE}` : instructions,
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

/** The reply's text as it comes: the model's deltas, or the content answer word by word. */
async function replyText(
  conversation: ChatMessage[],
  source: ReplySource,
  known: ContentAnswerOptions,
  signal?: AbortSignal,
): Promise<AsyncIterable<string>> {
  if (source === "ai") return streamAiText(aiCall(conversation, known, signal));
  const answer = answerFromContent(lastQuestion(conversation), known);
  return (async function* content() {
    yield* words(answer);
  })();
}

export type ReplyInput = { request: ReplyRequest; source: ReplySource; signal?: AbortSignal };

/** The whole reply as `{content}`; the lead's transcript (if any) gets both messages. */
export async function replyToChat({ request, source, signal }: ReplyInput): Promise<ReplyResponse> {
  // Only the assistant turns we produced reach the model and the transcript (decision 0178).
  const conversation = await keepOwnTurns(request.conversationId, cleanConversation(request.messages));
  const known = { contactKnown: await conversationHasLead(request.conversationId), projects: await liveProjects() };
  const text =
    source === "ai" ? await generateAiText(aiCall(conversation, known, signal)) : answerFromContent(lastQuestion(conversation), known);
  const content = text.trim();
  if (!content) throw aiBadOutput();
  await rememberReply(request.conversationId, content);
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
  const conversation = await keepOwnTurns(request.conversationId, cleanConversation(request.messages));
  const known = { contactKnown: await conversationHasLead(request.conversationId), projects: await liveProjects() };
  const deltas = await replyText(conversation, source, known, signal);
  return sseResponse(async (send) => {
    let text = "";
    for await (const delta of deltas) {
      text += delta;
      send({ type: "delta", text: delta });
    }
    const content = text.trim();
    if (!content) throw aiBadOutput();
    await rememberReply(request.conversationId, content);
    await recordConversation(request.conversationId, [...conversation, { role: "assistant", content }]);
    send({ type: "done", value: { content } });
  });
}
