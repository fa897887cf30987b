/**
 * The AI provider layer: everything other features need to talk to the
 * configured model. See docs/ai-tools.md.
 */
export { isAiConfigured } from "./provider.ts";
export { generateAiText, streamAiText, collectText, type AiCallOptions, type AiMessage } from "./generate.ts";
export { assertAiConfigured, guardAiRequest, defineAiRateLimit, aiGlobalBurstLimit } from "./guard.ts";
export { consumeAiBudget, recordAiTokens, aiRequestsToday, aiRequestsByDay, secondsUntilNextUtcDay } from "./budget.ts";
export { sseResponse, type AiStreamEvent } from "./sse.ts";
export { AI_ERROR_MESSAGES, aiBadOutput } from "./errors.ts";
