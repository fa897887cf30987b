import type { RouterContextProvider } from "react-router";
import { answerApi, jsonOk, parseOr400, readJsonBody, requireMethod } from "~/.server/api";
import { AppError } from "~/.server/errors";
import { checkAndSpendFormTraps, createFormStartToken } from "~/.server/form-traps";
import { requestInfoContext, visitorSignal } from "~/.server/request-context";
import { HONEYPOT_FIELD, STARTED_AT_FIELD } from "~/lib/form-traps";
import { visitFrom } from "~/features/analytics/record-conversion.server";
import { captureLead } from "./capture-lead.server";
import { chooseReplySource, replyToChat, streamChatReply } from "./reply-to-chat.server";
import { captureLeadRequestSchema, replyRequestSchema, type StartLeadFormResponse } from "./schema";

type EndpointArgs = { request: Request; context: Readonly<RouterContextProvider> };

function actionOf(body: unknown): unknown {
  return body && typeof body === "object" && !Array.isArray(body) ? (body as { action?: unknown }).action : undefined;
}

/**
 * POST /api/lead-chatbot (JSON) and /api/lead-chatbot/stream (Server-Sent
 * Events): `{messages, conversationId?}` asks for a reply;
 * `{action: "start_lead_form"}` gives the widget the signed time its form was
 * shown; `{action: "capture_lead", userData, messages, conversationId,
 * formStartedAt, website}` stores or updates the conversation's lead (JSON
 * endpoint only; held for review when it looks automated). See docs/chat.md.
 * A request goes: the route's action → here → reply-to-chat.server.ts or
 * capture-lead.server.ts.
 */
export function leadChatbotEndpoint({ request, context }: EndpointArgs, answerAs: "json" | "stream"): Promise<Response> {
  return answerApi(request, async () => {
    requireMethod(request, "POST");
    const body = await readJsonBody(request);
    const { clientIp } = context.get(requestInfoContext);
    const action = actionOf(body);
    if (action === undefined) {
      const input = parseOr400(replyRequestSchema, body);
      const source = await chooseReplySource(clientIp);
      // The provider call ends when the visitor's socket closes (not only through request.signal).
      const signal = visitorSignal(request, context);
      if (answerAs === "stream") return streamChatReply({ request: input, source, signal });
      return jsonOk(await replyToChat({ request: input, source, signal }));
    }
    if (action !== "capture_lead" && action !== "start_lead_form") {
      throw new AppError("invalid", "Unknown action. Use capture_lead or start_lead_form, or send {messages} for a reply.");
    }
    if (answerAs === "stream") throw new AppError("invalid", `Send ${action} to /api/lead-chatbot.`);
    if (action === "start_lead_form") return jsonOk({ [STARTED_AT_FIELD]: createFormStartToken() } satisfies StartLeadFormResponse);
    const input = parseOr400(captureLeadRequestSchema, body);
    // The widget always sends its start time: a capture without one is held like a forged one.
    // A token counts for one conversation: the widget updates its lead with the same one.
    const traps = await checkAndSpendFormTraps(
      { honeypot: input[HONEYPOT_FIELD], startToken: input[STARTED_AT_FIELD] },
      { requireToken: true, owner: input.conversationId },
    );
    const { userData, messages, conversationId } = input;
    return jsonOk(await captureLead({ userData, messages, conversationId, clientIp, traps, visit: await visitFrom(request, clientIp) }));
  });
}
