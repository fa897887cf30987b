import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModel } from "ai";
import { getEnv } from "../env";
import { guardedFetch, type AnswerScope } from "./answer-limits";
import { aiNotConfigured } from "./errors";

// The SDK prints warnings (e.g. a setting a provider ignores) to the console;
// our own log lines say what matters.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

/** True when AI_BASE_URL and AI_MODEL are set: the AI tools can answer. */
export function isAiConfigured(): boolean {
  const env = getEnv();
  return Boolean(env.AI_BASE_URL && env.AI_MODEL);
}

/**
 * The configured model for one answer: its provider reads responses through
 * guardedFetch, so the answer's scope (visitor gone, deadline, size cap) closes
 * the provider connection itself. Built per answer (a few objects, no I/O).
 * Any OpenAI-compatible endpoint (OpenAI, OpenRouter, Groq, Ollama,
 * llama.cpp...). Throws the 503 "not available" AppError when no provider is
 * configured.
 */
export function aiModelFor(scope: AnswerScope): LanguageModel {
  const { AI_BASE_URL: baseURL, AI_MODEL: modelId, AI_API_KEY: apiKey } = getEnv();
  if (!baseURL || !modelId) throw aiNotConfigured();
  const provider = createOpenAICompatible({ name: "ai-provider", baseURL, apiKey, includeUsage: true, fetch: guardedFetch(scope) });
  return provider.chatModel(modelId);
}
