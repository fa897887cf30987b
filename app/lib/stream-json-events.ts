import { createParser } from "eventsource-parser";

/**
 * The browser side of the site's streaming endpoints (the Try AI tools and the
 * chat, docs/ai-tools.md "Streaming"): POST JSON, read Server-Sent Events of
 * `{type: "delta" | "partial" | "done" | "error"}`, resolve with the `done`
 * value. One client for every feature that calls such an endpoint.
 */
type StreamEvent =
  | { type: "delta"; text: string }
  | { type: "partial"; value: unknown }
  | { type: "done"; value: unknown }
  | { type: "error"; error: string };

/** A failed streaming request; `serverMessage` is the endpoint's own `{error}` text when it sent one. */
export class StreamRequestError extends Error {
  constructor(
    readonly serverMessage?: string,
    readonly status?: number,
  ) {
    super(serverMessage ?? (status ? `HTTP ${status}` : "The answer was interrupted."));
    this.name = "StreamRequestError";
  }
}

export type StreamHandlers = {
  /** Each piece of text as it arrives (tools that stream text, the chat). */
  onDelta?: (text: string) => void;
  /** The structured result so far (tools whose answer is JSON). */
  onPartial?: (value: unknown) => void;
  signal?: AbortSignal;
};

/**
 * POSTs `body` as JSON to `url` and reads the answer as it streams. Resolves
 * with the `done` event's value; throws StreamRequestError for an error
 * answer (with the server's message), an `error` event, or a stream that ends
 * without `done`. An abort rejects with the fetch's AbortError.
 */
export async function streamJsonEvents<T>(url: string, body: unknown, handlers: StreamHandlers = {}): Promise<T> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
    body: JSON.stringify(body),
    signal: handlers.signal,
  });
  if (!response.ok || !response.body) {
    const data = (await response.json().catch(() => null)) as { error?: unknown } | null;
    throw new StreamRequestError(typeof data?.error === "string" ? data.error : undefined, response.status);
  }

  let outcome: { done: true; value: T } | { done: false; error: string } | undefined;
  const parser = createParser({
    onEvent(message) {
      if (outcome) return;
      let event: StreamEvent;
      try {
        event = JSON.parse(message.data) as StreamEvent;
      } catch {
        return; // not one of ours (a comment, a proxy's keep-alive): skip it
      }
      if (event.type === "delta") handlers.onDelta?.(event.text);
      else if (event.type === "partial") handlers.onPartial?.(event.value);
      else if (event.type === "done") outcome = { done: true, value: event.value as T };
      else if (event.type === "error") outcome = { done: false, error: event.error };
    },
  });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  while (!outcome) {
    const { done, value } = await reader.read();
    if (done) break;
    parser.feed(value);
  }
  if (outcome) void reader.cancel().catch(() => undefined);
  if (!outcome) throw new StreamRequestError();
  if (!outcome.done) throw new StreamRequestError(outcome.error);
  return outcome.value;
}
