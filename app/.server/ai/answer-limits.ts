import { getEnv } from "../env";

/**
 * The three ways one AI answer is cut off, whatever the provider does
 * (decision 0175):
 *
 *   "visitor-gone"  the caller's signal aborted: for a visitor, their socket closed
 *                   (server/react-router-handler.ts ties that signal to the socket's
 *                   `close`, not only to Request.signal); for a job, its own abort
 *   "deadline"      AI_STREAM_TIMEOUT_SECONDS since the answer was asked for, over every attempt
 *   "too-long"      more than AI_MAX_ANSWER_CHARS characters of text, or more raw bytes
 *                   from the provider than `maxResponseBytes` allows
 *
 * When one trips, `signal` aborts: the SDK's call is cancelled, and the provider
 * response body we read (guardedFetch below) is cancelled, which closes the
 * provider connection. Listeners are added straight to the caller's signal, so
 * nothing in the chain is held only weakly (an AbortSignal.any or a Request's
 * own signal can lose its link once garbage-collected).
 */
export type AnswerEndReason = "visitor-gone" | "deadline" | "too-long";

export class AnswerScope {
  readonly signal: AbortSignal;
  readonly maxChars: number;
  readonly maxResponseBytes: number;
  #controller = new AbortController();
  #reason: AnswerEndReason | undefined;
  #timer: NodeJS.Timeout;
  #source: AbortSignal | undefined;
  #onSourceAbort = () => this.end("visitor-gone");

  constructor({ signal, maxChars }: { signal?: AbortSignal; maxChars?: number }) {
    const env = getEnv();
    this.signal = this.#controller.signal;
    this.maxChars = Math.min(maxChars ?? env.AI_MAX_ANSWER_CHARS, env.AI_MAX_ANSWER_CHARS);
    this.maxResponseBytes = maxResponseBytesFor(this.maxChars);
    this.#timer = setTimeout(() => this.end("deadline"), env.AI_STREAM_TIMEOUT_SECONDS * 1000);
    this.#source = signal;
    if (signal?.aborted) this.end("visitor-gone");
    else signal?.addEventListener("abort", this.#onSourceAbort, { once: true });
  }

  /** Why the answer was cut off, or undefined while it may go on. */
  get reason(): AnswerEndReason | undefined {
    return this.#reason;
  }

  /** Cuts the answer off (the first reason wins) and closes the provider connection. */
  end(reason: AnswerEndReason): void {
    this.#reason ??= reason;
    this.dispose();
    this.#controller.abort(new Error(`AI answer ended: ${this.#reason}`));
  }

  /** The answer is complete or has failed: stop the deadline and let go of the caller's signal. */
  dispose(): void {
    clearTimeout(this.#timer);
    this.#source?.removeEventListener("abort", this.#onSourceAbort);
  }
}

/**
 * Raw bytes allowed from the provider for an answer of `maxChars` characters:
 * a stream spends a JSON chunk of ~150-250 bytes on each delta, and a delta can
 * be one character; 1 MB more for a JSON answer's envelope, usage and the like.
 */
export function maxResponseBytesFor(maxChars: number): number {
  return 1024 * 1024 + 256 * maxChars;
}

/** The provider sent more raw bytes than an answer within the cap can take. */
export class ProviderResponseTooLarge extends Error {
  constructor(maxBytes: number) {
    super(`provider response over ${maxBytes} bytes`);
    this.name = "ProviderResponseTooLarge";
  }
}

/**
 * A fetch for the SDK that reads the provider's response body itself: over
 * `scope.maxResponseBytes` it ends the scope as "too-long", and whenever the
 * scope ends it cancels the body, which makes undici close the connection at
 * once (even if the abort signal the SDK passed on was lost on the way).
 */
export function guardedFetch(scope: AnswerScope): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, { ...init, signal: init?.signal ?? scope.signal });
    if (!response.body) return response;
    const reader = response.body.getReader();
    // The scope ending, or this attempt's own signal (AI_TIMEOUT_MS, a retry) aborting.
    const signals = [scope.signal, ...(init?.signal ? [init.signal] : [])];
    const stop = () => {
      release();
      void reader.cancel().catch(() => undefined);
    };
    const release = () => {
      for (const signal of signals) signal.removeEventListener("abort", stop);
    };
    if (signals.some((signal) => signal.aborted)) stop();
    else for (const signal of signals) signal.addEventListener("abort", stop, { once: true });
    let bytes = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          const { done, value } = await reader.read();
          if (done) {
            release();
            if (signals.some((signal) => signal.aborted)) controller.error(new Error("The AI answer was cut off"));
            else controller.close();
            return;
          }
          bytes += value.byteLength;
          if (bytes > scope.maxResponseBytes) {
            scope.end("too-long"); // aborts the scope's signal: stop() cancels the body
            controller.error(new ProviderResponseTooLarge(scope.maxResponseBytes));
            return;
          }
          controller.enqueue(value);
        } catch (error) {
          release();
          controller.error(error);
        }
      },
      cancel(reason) {
        release();
        return reader.cancel(reason);
      },
    });
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}
