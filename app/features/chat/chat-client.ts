import { createParser } from "eventsource-parser";
import type { CaptureLeadResponse, ChatMessage, StartLeadFormResponse, UserDataInput } from "./schema";

/** The widget's calls to POST /api/lead-chatbot (docs/chat.md). */

export class ChatRequestError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "ChatRequestError";
  }
}

async function errorOf(response: Response): Promise<ChatRequestError> {
  const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
  return new ChatRequestError(typeof body?.error === "string" ? body.error : `HTTP ${response.status}`, response.status);
}

type StreamEvent = { type: "delta"; text: string } | { type: "done"; value: { content: string } } | { type: "error"; error: string };

/**
 * Asks for a reply and streams it: `onDelta` gets the text so far as it
 * arrives; resolves with the final text. Throws ChatRequestError on failure.
 */
export async function streamReply(
  body: { messages: ChatMessage[]; conversationId: string },
  onText: (textSoFar: string) => void,
  signal?: AbortSignal,
): Promise<string> {
  const response = await fetch("/api/lead-chatbot/stream", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
    body: JSON.stringify(body),
    signal,
  });
  if (!response.ok || !response.body) throw await errorOf(response);

  let text = "";
  let final: string | undefined;
  let failure: string | undefined;
  const parser = createParser({
    onEvent(message) {
      let event: StreamEvent;
      try {
        event = JSON.parse(message.data) as StreamEvent;
      } catch {
        return;
      }
      if (event.type === "delta") {
        text += event.text;
        onText(text);
      } else if (event.type === "done") {
        final = event.value.content;
      } else if (event.type === "error") {
        failure = event.error;
      }
    },
  });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parser.feed(value);
  }
  if (failure !== undefined) throw new ChatRequestError(failure);
  if (final === undefined) throw new ChatRequestError("The answer was interrupted.");
  return final;
}

/**
 * The signed time the widget showed its form, sent back with a capture (the
 * server's fill-time check). Undefined when it cannot be had: the capture then
 * goes without it and the server holds the lead for review, never losing it.
 */
export async function startLeadForm(): Promise<string | undefined> {
  try {
    const response = await fetch("/api/lead-chatbot", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ action: "start_lead_form" }),
    });
    if (!response.ok) throw await errorOf(response);
    return ((await response.json()) as StartLeadFormResponse).formStartedAt;
  } catch (error) {
    logChatProblem("Chat: could not start the form", error);
    return undefined;
  }
}

/** Stores or updates this conversation's lead. `website` is the intro form's honeypot, `formStartedAt` from startLeadForm. */
export async function captureLead(body: {
  userData: UserDataInput;
  messages: ChatMessage[];
  conversationId: string;
  formStartedAt: string | undefined;
  website?: string;
}): Promise<CaptureLeadResponse> {
  const response = await fetch("/api/lead-chatbot", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ action: "capture_lead", ...body }),
  });
  if (!response.ok) throw await errorOf(response);
  return (await response.json()) as CaptureLeadResponse;
}

/** The widget's failures that the visitor is not told about (docs/product.md#chat-assistant: e-mail capture failures are only logged). */
export function logChatProblem(message: string, error?: unknown): void {
  // eslint-disable-next-line no-console -- the browser console is the only log the widget has
  console.warn(message, error ?? "");
}
