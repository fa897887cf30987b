/**
 * The AI provider layer: everything other features need to talk to the
 * configured model. See docs/ai-tools.md.
 */
export { isAiConfigured } from "./provider";
export { generateAiText, streamAiText, collectText, type AiCallOptions, type AiMessage } from "./generate";
export { assertAiConfigured, guardAiRequest, defineAiRateLimit, aiGlobalBurstLimit } from "./guard";
export { consumeAiBudget, recordAiTokens, aiRequestsToday, aiRequestsByDay, secondsUntilNextUtcDay } from "./budget";
export { sseResponse, type AiStreamEvent } from "./sse";
export { AI_ERROR_MESSAGES, aiBadOutput } from "./errors";
