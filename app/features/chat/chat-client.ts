import { StreamRequestError, streamJsonEvents } from "~/lib/stream-json-events";
import type { CaptureLeadResponse, ChatMessage, ReplyResponse, StartLeadFormResponse, UserDataInput } from "./schema";

/** The widget's calls to POST /api/lead-chatbot (docs/chat.md). */

async function errorOf(response: Response): Promise<StreamRequestError> {
  const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
  return new StreamRequestError(typeof body?.error === "string" ? body.error : undefined, response.status);
}

/**
 * Asks for a reply and streams it (the site's one streaming client,
 * ~/lib/stream-json-events): `onText` gets the text so far as it arrives;
 * resolves with the final text. Throws StreamRequestError on failure.
 */
export async function streamReply(
  body: { messages: ChatMessage[]; conversationId: string },
  onText: (textSoFar: string) => void,
  signal?: AbortSignal,
): Promise<string> {
  let text = "";
  const onDelta = (delta: string) => onText((text += delta));
  const reply = await streamJsonEvents<ReplyResponse>("/api/lead-chatbot/stream", body, { onDelta, signal });
  return reply.content;
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
