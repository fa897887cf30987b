import { EventSourceParserStream } from "eventsource-parser/stream";
import { toast } from "~/lib/notify";

/**
 * Browser side of the AI endpoints' streaming format (docs/ai-tools.md):
 * POST JSON, read Server-Sent Events, resolve with the `done` value.
 * Reusable by any feature that calls a streaming AI endpoint.
 */
type StreamEvent =
  | { type: "delta"; text: string }
  | { type: "partial"; value: unknown }
  | { type: "done"; value: unknown }
  | { type: "error"; error: string };

/** A failed AI request; `serverMessage` is the endpoint's own `{error}` text when it sent one. */
export class AiRequestError extends Error {
  constructor(readonly serverMessage?: string) {
    super(serverMessage ?? "AI request failed");
    this.name = "AiRequestError";
  }
}

export async function streamAi<T>(
  path: string,
  body: unknown,
  handlers: { onDelta?: (text: string) => void; onPartial?: (value: unknown) => void; signal?: AbortSignal } = {},
): Promise<T> {
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
    body: JSON.stringify(body),
    signal: handlers.signal,
  });
  if (!response.ok || !response.body) {
    const data = (await response.json().catch(() => null)) as { error?: unknown } | null;
    throw new AiRequestError(typeof data?.error === "string" ? data.error : undefined);
  }

  const reader = response.body
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream())
    .getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const event = JSON.parse(value.data) as StreamEvent;
    if (event.type === "delta") handlers.onDelta?.(event.text);
    else if (event.type === "partial") handlers.onPartial?.(event.value);
    else if (event.type === "error") throw new AiRequestError(event.error);
    else if (event.type === "done") return event.value as T;
  }
  // The connection ended without a result.
  throw new AiRequestError();
}

/**
 * docs/product.md#try-ai-tools: a destructive toast with the error's own message, else the
 * tool's fallback ("Failed to get response", "Failed to generate SEO"...).
 */
export function showAiError(error: unknown, { title, fallback }: { title: string; fallback: string }) {
  if (error instanceof DOMException && error.name === "AbortError") return;
  const message = error instanceof AiRequestError ? error.serverMessage : undefined;
  toast.error(title, { description: message ?? fallback });
}
