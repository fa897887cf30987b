import { getEnv } from "../env";
import { APICallError, StreamProviderError } from "ai";
import { AppError } from "../errors";
import type { AnswerEndReason } from "./answer-limits";

/**
 * What the AI endpoints say when something goes wrong. Provider details
 * (status texts, URLs, keys, prompts) never reach the visitor: they get one of
 * these messages, and the log gets the kind of failure.
 */
export const AI_ERROR_MESSAGES = {
  notConfigured: "The AI tools are not available right now.",
  budgetExhausted: "The AI tools have reached today's limit. Please come back tomorrow.",
  clientShareSpent: "You have used today's share of the AI tools. Please come back tomorrow.",
  busy: "The AI service is busy right now. Please try again in a minute.",
  timeout: "The AI service took too long to answer. Please try again.",
  upstream: "The AI service could not answer right now. Please try again in a moment.",
  badOutput: "The AI service returned an answer we could not use. Please try again.",
  interrupted: "The answer was interrupted. Please try again.",
  tookTooLong: "The answer took too long and was stopped. Please try again.",
  tooLong: "The answer grew too long and was stopped. Please try again with a narrower request.",
  cancelled: "The request was cancelled.",
} as const;

export function aiNotConfigured(): AppError {
  return new AppError("unavailable", AI_ERROR_MESSAGES.notConfigured);
}

export function aiBadOutput(): AppError {
  return new AppError("upstream_failed", AI_ERROR_MESSAGES.badOutput);
}

/** The client went away; nobody reads this response. */
export function aiCancelled(): AppError {
  return new AppError("cancelled", AI_ERROR_MESSAGES.cancelled);
}

/**
 * The visitor-facing error when an answer was cut off (answer-limits.ts): the
 * visitor left (499, nobody reads it), the total deadline passed (before any
 * text: the usual 503 "took too long"), or the answer outgrew its cap.
 */
export function answerEndedError(reason: AnswerEndReason, { midStream }: { midStream: boolean }): AppError {
  if (reason === "visitor-gone") return aiCancelled();
  if (reason === "too-long") return new AppError("upstream_failed", AI_ERROR_MESSAGES.tooLong);
  if (midStream) return new AppError("upstream_timeout", AI_ERROR_MESSAGES.tookTooLong);
  return toAiError({ kind: "timeout", retryable: false });
}

export type ProviderFailureKind = "timeout" | "network" | "server" | "rate-limited" | "rejected" | "stream-error" | "unknown";

export type ProviderFailure = {
  kind: ProviderFailureKind;
  /** Worth one more attempt (5xx, timeout, connection trouble). */
  retryable: boolean;
  /** The provider's HTTP status, for the log. */
  statusCode?: number;
};

/** Sorts a provider failure into what we do about it. */
export function classifyProviderFailure(error: unknown, timedOut: boolean): ProviderFailure {
  if (timedOut) return { kind: "timeout", retryable: true };
  if (APICallError.isInstance(error)) {
    const statusCode = error.statusCode;
    if (statusCode === undefined) return { kind: "network", retryable: true };
    if (statusCode === 408 || statusCode >= 500) return { kind: "server", retryable: true, statusCode };
    if (statusCode === 429) return { kind: "rate-limited", retryable: false, statusCode };
    return { kind: "rejected", retryable: false, statusCode };
  }
  // An error chunk inside an SSE stream (`data: {"error": {...}}`): the provider failed while answering.
  if (StreamProviderError.isInstance(error)) return { kind: "stream-error", retryable: true, statusCode: error.statusCode };
  if (error && typeof error === "object" && !(error instanceof Error)) return { kind: "stream-error", retryable: true };
  if (error instanceof TypeError) return { kind: "network", retryable: true }; // fetch failed
  return { kind: "unknown", retryable: false };
}

/** The visitor-facing error for a provider failure. */
export function toAiError(failure: ProviderFailure, { midStream = false } = {}): AppError {
  if (midStream) return new AppError("upstream_failed", AI_ERROR_MESSAGES.interrupted);
  switch (failure.kind) {
    case "timeout":
      return new AppError("unavailable", AI_ERROR_MESSAGES.timeout, { retryAfterSeconds: 5 });
    case "rate-limited":
      return new AppError("unavailable", AI_ERROR_MESSAGES.busy, { retryAfterSeconds: 60 });
    case "network":
      return new AppError("unavailable", AI_ERROR_MESSAGES.upstream, { retryAfterSeconds: 10 });
    default:
      return new AppError("upstream_failed", AI_ERROR_MESSAGES.upstream);
  }
}

/** A short description of a provider error for the log (no request body, no headers). */
export function describeForLog(error: unknown): string {
  let text: string;
  if (error instanceof Error) text = error.message;
  else {
    try {
      // JSON.stringify(undefined) is undefined (an aborted stream has no error object).
      text = JSON.stringify(error) ?? String(error);
    } catch {
      text = String(error);
    }
  }
  return redactSecrets(text).slice(0, 300);
}

/**
 * Providers sometimes echo the API key in their error text ("Incorrect API key
 * provided: sk-..."): never let it reach the logs.
 */
function redactSecrets(text: string): string {
  const key = getEnv().AI_API_KEY;
  let redacted = key ? text.split(key).join("[redacted]") : text;
  redacted = redacted.replace(/\b(sk|pk|gsk|rk)[-_][A-Za-z0-9_-]{8,}/g, "$1-[redacted]");
  return redacted;
}
