import { generateText, NoObjectGeneratedError, Output, streamText, type ModelMessage } from "ai";
import { getEnv } from "../env.ts";
import { logger } from "../logger.ts";
import { aiRequests } from "../metrics.ts";
import { aiBadOutput, aiCancelled, classifyProviderFailure, describeForLog, toAiApiError, type ProviderFailure } from "./errors.ts";
import { getAiModel } from "./provider.ts";

/**
 * The two calls every AI feature makes: a whole answer (`generateAiText`) or
 * an answer streamed as it is generated (`streamAiText`). Both send our
 * instructions as the only system message (a visitor's text is always a
 * user/assistant message, never instructions), time out after AI_TIMEOUT_MS,
 * try once more on a 5xx, a connection failure or a timeout, and throw an
 * ApiError (502/503 with a human message) when the provider fails.
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
  /** Cancels the provider call (pass the request's signal). */
  signal?: AbortSignal;
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
function callSettings(model: ReturnType<typeof getAiModel>, options: AiCallOptions, signal: AbortSignal) {
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
  const model = getAiModel();
  const timeoutMs = getEnv().AI_TIMEOUT_MS;
  for (let attempt = 1; ; attempt++) {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    try {
      const result = await generateText(callSettings(model, options, signal));
      aiRequests.inc({ feature: options.purpose, outcome: "ok" });
      return result.text;
    } catch (error) {
      // JSON was asked for but the text is not strict JSON: the caller parses leniently.
      if (NoObjectGeneratedError.isInstance(error) && typeof error.text === "string") return error.text;
      if (options.signal?.aborted) throw aiCancelled();
      const failure = classifyProviderFailure(error, timeout.aborted);
      const willRetry = failure.retryable && attempt < MAX_ATTEMPTS;
      logFailure(options, failure, error, attempt, willRetry);
      if (!willRetry) throw toAiApiError(failure);
    }
  }
}

/**
 * Starts a streamed answer and resolves once the first text has arrived, so
 * a failure before any text (after the retry) is still an ordinary error
 * response. The returned iterable yields text deltas; a failure after the
 * first text throws ApiError 502 "interrupted" from the iterator. Stopping
 * the iteration early cancels the provider call.
 */
export async function streamAiText(options: AiCallOptions): Promise<AsyncIterable<string>> {
  const model = getAiModel();
  const timeoutMs = getEnv().AI_TIMEOUT_MS;

  for (let attempt = 1; ; attempt++) {
    const controller = new AbortController();
    const signal = options.signal ? AbortSignal.any([options.signal, controller.signal]) : controller.signal;
    let timedOut = false;
    let timer: NodeJS.Timeout | undefined;
    const armTimer = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, timeoutMs);
    };

    const result = streamText({
      ...callSettings(model, options, signal),
      onError: () => undefined, // failures arrive as stream parts and are handled below
    });
    const parts = result.stream[Symbol.asyncIterator]();

    // Wait for the first text (the provider's first-token time), an error, or the end.
    armTimer();
    let first: string | undefined;
    let failed = false;
    let failure: unknown;
    try {
      for (;;) {
        const { done, value: part } = await parts.next();
        if (done) break;
        if (part.type === "text-delta" && part.text) {
          first = part.text;
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
    clearTimeout(timer);

    if (options.signal?.aborted) {
      controller.abort();
      throw aiCancelled();
    }
    if (failed) {
      controller.abort();
      const classified = classifyProviderFailure(failure, timedOut);
      const willRetry = classified.retryable && attempt < MAX_ATTEMPTS;
      logFailure(options, classified, failure, attempt, willRetry);
      if (willRetry) continue;
      throw toAiApiError(classified);
    }
    if (first === undefined) {
      logger.warn({ purpose: options.purpose }, "AI provider returned an empty answer");
      throw aiBadOutput();
    }

    const firstText = first;
    aiRequests.inc({ feature: options.purpose, outcome: "ok" });
    return (async function* deltas() {
      let finished = false;
      try {
        yield firstText;
        for (;;) {
          armTimer();
          const { done, value: part } = await parts.next().catch((error: unknown) => {
            throw midStreamError(options, error, timedOut);
          });
          clearTimeout(timer);
          if (done) break;
          if (part.type === "text-delta") {
            if (part.text) yield part.text;
          } else if (part.type === "error") {
            throw midStreamError(options, part.error, timedOut);
          } else if (part.type === "abort") {
            if (options.signal?.aborted) break;
            throw midStreamError(options, undefined, timedOut);
          }
        }
        finished = true;
      } finally {
        clearTimeout(timer);
        if (!finished) controller.abort();
      }
    })();
  }
}

function midStreamError(options: AiCallOptions, error: unknown, timedOut: boolean) {
  const failure = classifyProviderFailure(error, timedOut);
  logger.warn(
    { purpose: options.purpose, kind: failure.kind, statusCode: failure.statusCode, detail: describeForLog(error) },
    "AI provider stream failed after the first text",
  );
  return toAiApiError(failure, { midStream: true });
}

/** Collects a streamed answer (for callers that want the text in the end). */
export async function collectText(deltas: AsyncIterable<string>): Promise<string> {
  let text = "";
  for await (const delta of deltas) text += delta;
  return text;
}
