import { AI_LIMITS, type AiChatRequest, type AiChatResponse } from "./schema";
import { requireText, type AiTool } from "./ai-tool.server";

/** docs/product.md#limits-and-constants: the secretary's system prompt, word for word. */
export const SECRETARY_INSTRUCTIONS = "You are an efficient AI secretary. Keep replies concise and helpful.";

/**
 * The conversation the model sees: our system prompt plus the last 11 visitor
 * and assistant messages (12 in all). System messages sent by the browser are
 * ignored, so nobody can replace the instructions; long earlier assistant
 * replies are shortened, as they are context only.
 */
export function secretaryConversation(messages: AiChatRequest["messages"]) {
  return messages
    .filter((message) => message.role !== "system")
    .slice(-(AI_LIMITS.historyMessages - 1))
    .map((message) => ({
      role: message.role as "user" | "assistant",
      content: message.content.trim().slice(0, AI_LIMITS.messageChars),
    }));
}

export const secretaryTool: AiTool<AiChatRequest, AiChatResponse> = {
  purpose: "secretary",
  call: (input) => ({
    instructions: SECRETARY_INSTRUCTIONS,
    messages: secretaryConversation(input.messages),
    maxOutputTokens: 600,
    temperature: 0.5,
  }),
  finish: async (text) => ({ content: requireText(text) }),
};
