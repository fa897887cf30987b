import {
  generateText,
  NoObjectGeneratedError,
  Output,
  streamText,
  type LanguageModel,
  type ModelMessage,
  type TextStreamPart,
  type ToolSet,
} from "ai";
import { AppError } from "../errors";
import { getEnv } from "../env";
import { logger } from "../logger";
import { aiRequests } from "../metrics";
import { AnswerScope } from "./answer-limits";
import { recordAiTokens } from "./budget";
import { aiBadOutput, answerEndedError, classifyProviderFailure, describeForLog, toAiError, type ProviderFailure } from "./errors";
import { aiModelFor } from "./provider";

/**
 * The two calls every AI feature makes: a whole answer (`generateAiText`) or
 * an answer streamed as it is generated (`streamAiText`). Both send our
 * instructions as the only system message (a visitor's text is always a
 * user/assistant message, never instructions), time out after AI_TIMEOUT_MS,
 * try once more on a 5xx, a connection failure or a timeout, and throw an
 * AppError (`upstream_failed` or `unavailable`, with a human message) when the provider fails. Every
 * answer is also bounded as a whole (answer-limits.ts, decision 0175): it ends
 * when the caller's signal aborts, after AI_STREAM_TIMEOUT_SECONDS, or past
 * AI_MAX_ANSWER_CHARS, and then the provider connection is closed.
 */
export type AiMessage = { role: "user" | "assistant"; content: string };

export type AiCallOptions = {
  /** The system prompt: ours, never the visitor's. */
  instructions: string;
  /** The conversation, or `prompt` for a single user message. */
  messages?: AiMessage[];
  prompt?: string;
  maxOutputTokens?: number;
  temperature?: number;
  /** Ask for a JSON object (response_format json_object); parse the text yourself. */
  json?: boolean;
  /**
   * Cancels the provider call: for a visitor, the signal of their connection
   * (`visitorSignal(request, context)`, tied to the socket's close); for a job, its abort.
   */
  signal?: AbortSignal;
  /** The most characters of answer to accept; at most AI_MAX_ANSWER_CHARS (the default). */
  maxChars?: number;
  /** Names the call in logs: "secretary", "seo"... */
  purpose: string;
};

const MAX_ATTEMPTS = 2;

function promptOf(options: AiCallOptions): { messages: ModelMessage[] } {
  const messages: ModelMessage[] = options.messages
    ? options.messages.map((message) => ({ role: message.role, content: message.content }))
    : [{ role: "user", content: options.prompt ?? "" }];
  return { messages };
}

/** What both calls send the provider: our instructions, the messages, limits; retries are ours (maxRetries 0). */
function callSettings(model: LanguageModel, options: AiCallOptions, signal: AbortSignal) {
  return {
    model,
    instructions: options.instructions,
    ...promptOf(options),
    maxOutputTokens: options.maxOutputTokens,
    temperature: options.temperature,
    ...(options.json ? { output: Output.json() } : {}),
    maxRetries: 0,
    abortSignal: signal,
  };
}

function logFailure(options: AiCallOptions, failure: ProviderFailure, error: unknown, attempt: number, willRetry: boolean) {
  aiRequests.inc({ feature: options.purpose, outcome: failure.kind });
  const level = willRetry || failure.kind === "timeout" || failure.kind === "rate-limited" ? "warn" : "error";
  logger[level](
    { purpose: options.purpose, kind: failure.kind, statusCode: failure.statusCode, attempt, willRetry, detail: describeForLog(error) },
    "AI provider call failed",
  );
}

/** The whole answer as text. */
export async function generateAiText(options: AiCallOptions): Promise<string> {
  const scope = new AnswerScope(options);
  try {
    const model = aiModelFor(scope);
    const timeoutMs = getEnv().AI_TIMEOUT_MS;
    for (let attempt = 1; ; attempt++) {
      const timeout = AbortSignal.timeout(timeoutMs);
      try {
        const result = await generateText(callSettings(model, options, AbortSignal.any([scope.signal, timeout])));
        await recordAiTokens(result.totalUsage);
        const text = withinCap(scope, options, result.text);
        aiRequests.inc({ feature: options.purpose, outcome: "ok" });
        return text;
      } catch (error) {
        // JSON was asked for but the text is not strict JSON: the caller parses leniently.
        if (NoObjectGeneratedError.isInstance(error) && typeof error.text === "string") {
          await recordAiTokens(error.usage);
          return withinCap(scope, options, error.text);
        }
        if (error instanceof AppError) throw error;
        if (scope.reason) throw answerEnded(scope, options, { midStream: false });
        const failure = classifyProviderFailure(error, timeout.aborted);
        const willRetry = failure.retryable && attempt < MAX_ATTEMPTS;
        logFailure(options, failure, error, attempt, willRetry);
        if (!willRetry) throw toAiError(failure);
      }
    }
  } finally {
    scope.dispose();
  }
}

/** A whole answer over the cap is not passed on (nor stored): 502 "too long". */
function withinCap(scope: AnswerScope, options: AiCallOptions, text: string): string {
  if (text.length <= scope.maxChars) return text;
  scope.end("too-long");
  throw answerEnded(scope, options, { midStream: false });
}

/** Logs why an answer was cut off and returns the visitor's error for it. */
function answerEnded(scope: AnswerScope, options: AiCallOptions, { midStream }: { midStream: boolean }): AppError {
  const reason = scope.reason ?? "visitor-gone";
  aiRequests.inc({ feature: options.purpose, outcome: reason });
  if (reason !== "visitor-gone") {
    logger.warn({ purpose: options.purpose, reason, midStream, maxChars: scope.maxChars }, "AI answer cut off");
  }
  return answerEndedError(reason, { midStream });
}

/**
 * Starts a streamed answer and resolves once the first text has arrived, so
 * a failure before any text (after the retry) is still an ordinary error
 * response. The returned iterable yields text deltas, at most the answer's
 * cap in all; a failure after the first text, the total deadline or the cap
 * throws an AppError from the iterator (502/504 with a human message).
 * Stopping the iteration early cancels the provider call.
 */
export async function streamAiText(options: AiCallOptions): Promise<AsyncIterable<string>> {
  const scope = new AnswerScope(options);
  let handedOver = false;
  try {
    const model = aiModelFor(scope);
    for (let attempt = 1; ; attempt++) {
      const attemptRun = await startStreamAttempt(model, scope, options);
      if (attemptRun.kind === "text") {
        handedOver = true;
        aiRequests.inc({ feature: options.purpose, outcome: "ok" });
        return relayDeltas(attemptRun, scope, options);
      }
      if (scope.reason) throw answerEnded(scope, options, { midStream: false });
      if (attemptRun.kind === "empty") {
        logger.warn({ purpose: options.purpose }, "AI provider returned an empty answer");
        throw aiBadOutput();
      }
      const classified = classifyProviderFailure(attemptRun.failure, attemptRun.timedOut);
      const willRetry = classified.retryable && attempt < MAX_ATTEMPTS;
      logFailure(options, classified, attemptRun.failure, attempt, willRetry);
      if (!willRetry) throw toAiError(classified);
    }
  } finally {
    if (!handedOver) scope.dispose();
  }
}

type StreamParts = AsyncIterator<TextStreamPart<ToolSet>>;
/** One attempt, up to its first text: the text and the rest of the stream, or why there is none. */
type StreamAttempt =
  | { kind: "text"; first: string; parts: StreamParts; attempt: AttemptTimer }
  | { kind: "failed"; failure: unknown; timedOut: boolean }
  | { kind: "empty" };

/** AI_TIMEOUT_MS until the first token and between tokens; aborts the attempt when it fires. */
type AttemptTimer = { controller: AbortController; arm(): void; clear(): void; readonly timedOut: boolean };

function attemptTimer(timeoutMs: number): AttemptTimer {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let timedOut = false;
  return {
    controller,
    arm() {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, timeoutMs);
    },
    clear: () => clearTimeout(timer),
    get timedOut() {
      return timedOut;
    },
  };
}

/** Sends the request and waits for the first text (the provider's first-token time), an error, or the end. */
async function startStreamAttempt(model: LanguageModel, scope: AnswerScope, options: AiCallOptions): Promise<StreamAttempt> {
  const attempt = attemptTimer(getEnv().AI_TIMEOUT_MS);
  const result = streamText({
    ...callSettings(model, options, AbortSignal.any([scope.signal, attempt.controller.signal])),
    onError: () => undefined, // failures arrive as stream parts and are handled below
  });
  const parts = result.stream[Symbol.asyncIterator]();
  attempt.arm();
  let failure: unknown;
  let failed = false;
  try {
    for (;;) {
      const { done, value: part } = await parts.next();
      if (done) break;
      if (part.type === "text-delta" && part.text) {
        attempt.clear();
        if (!scope.reason) return { kind: "text", first: part.text, parts, attempt };
        break;
      }
      if (part.type === "error" || part.type === "abort") {
        failed = true;
        failure = part.type === "error" ? part.error : undefined;
        break;
      }
    }
  } catch (error) {
    failed = true;
    failure = error;
  }
  attempt.clear();
  attempt.controller.abort();
  void parts.return?.()?.catch(() => undefined);
  return failed || scope.reason ? { kind: "failed", failure, timedOut: attempt.timedOut } : { kind: "empty" };
}

/** The deltas after the first, each within what is left of the cap; ends the provider call if not read to the end. */
async function* relayDeltas(
  run: Extract<StreamAttempt, { kind: "text" }>,
  scope: AnswerScope,
  options: AiCallOptions,
): AsyncGenerator<string> {
  const { parts, attempt } = run;
  let relayed = 0;
  let finished = false;
  /** The delta, or as much of it as the cap leaves; past the cap the answer ends as "too long". */
  const capped = (text: string): string => {
    const room = scope.maxChars - relayed;
    relayed += Math.min(text.length, room);
    if (text.length <= room) return text;
    scope.end("too-long");
    return text.slice(0, room);
  };
  try {
    const first = capped(run.first);
    if (first) yield first;
    for (;;) {
      if (scope.reason) throw answerEnded(scope, options, { midStream: true });
      attempt.arm();
      const { done, value: part } = await parts.next().catch((error: unknown) => {
        throw scope.reason ? answerEnded(scope, options, { midStream: true }) : midStreamError(options, error, attempt.timedOut);
      });
      attempt.clear();
      if (done) break;
      if (scope.reason) throw answerEnded(scope, options, { midStream: true });
      if (part.type === "text-delta") {
        const text = part.text ? capped(part.text) : "";
        if (text) yield text;
      } else if (part.type === "finish") {
        await recordAiTokens(part.totalUsage);
      } else if (part.type === "error") {
        throw midStreamError(options, part.error, attempt.timedOut);
      } else if (part.type === "abort") {
        throw midStreamError(options, undefined, attempt.timedOut);
      }
    }
    finished = true;
  } finally {
    attempt.clear();
    if (!finished) {
      attempt.controller.abort();
      void parts.return?.()?.catch(() => undefined);
    }
    scope.dispose();
  }
}

function midStreamError(options: AiCallOptions, error: unknown, timedOut: boolean) {
  const failure = classifyProviderFailure(error, timedOut);
  logger.warn(
    { purpose: options.purpose, kind: failure.kind, statusCode: failure.statusCode, detail: describeForLog(error) },
    "AI provider stream failed after the first text",
  );
  return toAiError(failure, { midStream: true });
}

/** Collects a streamed answer (for callers that want the text in the end). */
export async function collectText(deltas: AsyncIterable<string>): Promise<string> {
  let text = "";
  for await (const delta of deltas) text += delta;
  return text;
}
