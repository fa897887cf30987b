import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { assertAiConfigured, defineAiRateLimit, generateAiText, guardAiRequest, sseResponse, streamAiText } from "~/.server/ai";
import { answerApi, jsonOk, parseOr400, readJsonBody, requireMethod } from "~/.server/api";
import { requestInfoContext, visitorSignal } from "~/.server/request-context";
import { recordConversion, visitFrom } from "~/features/analytics/record-conversion.server";
import type { AiTool } from "./ai-tool.server";
import { coldEmailTool } from "./write-cold-email.server";
import { seoTool } from "./generate-seo-meta.server";
import { aiChatRequestSchema, generateContentRequestSchema, type GenerateContentRequest } from "./schema";
import { secretaryTool } from "./secretary.server";
import { linkedinPostTool } from "./write-linkedin-post.server";

/**
 * The Try AI endpoints (docs/ai-tools.md). A request goes: the route's action
 * → one function here (method, provider, body, limits, then the tool as JSON
 * or as a stream) → ~/.server/ai, which calls the provider.
 */

/** Per-IP limits, one per tool family (20 requests per 10 minutes each). */
export const secretaryRateLimit = defineAiRateLimit("ai-chat-ip");
export const generatorRateLimit = defineAiRateLimit("ai-generate-ip");

type EndpointArgs = { request: Request; context: Readonly<RouterContextProvider> };
/** How the endpoint answers: the whole result as JSON, or Server-Sent Events as it comes. */
export type AnswerAs = "json" | "stream";

/** POST /api/ai-chat and /api/ai-chat/stream: the AI secretary. */
export function aiChatEndpoint(args: EndpointArgs, answerAs: AnswerAs): Promise<Response> {
  return runAiEndpoint(args, answerAs, secretaryRateLimit, aiChatRequestSchema, () => secretaryTool);
}

/** POST /api/generate-content and /api/generate-content/stream: SEO, cold email, LinkedIn. */
export function generateContentEndpoint(args: EndpointArgs, answerAs: AnswerAs): Promise<Response> {
  return runAiEndpoint(args, answerAs, generatorRateLimit, generateContentRequestSchema, generatorFor);
}

/** The tool that serves a generate-content task. */
function generatorFor(input: GenerateContentRequest): AiTool<GenerateContentRequest, unknown> {
  const tools = { seo: seoTool, email: coldEmailTool, linkedin: linkedinPostTool };
  return tools[input.task] as AiTool<GenerateContentRequest, unknown>;
}

/**
 * POST only; 503 when no provider is configured (before the body is read);
 * 415/400 for bad bodies (the request boundary has refused oversized ones with 413); then the rate limits and the daily budget; then
 * the tool, as JSON or as a stream.
 */
function runAiEndpoint<Schema extends z.ZodType>(
  { request, context }: EndpointArgs,
  answerAs: AnswerAs,
  limit: ReturnType<typeof defineAiRateLimit>,
  schema: Schema,
  toolFor: (input: z.output<Schema>) => AiTool<z.output<Schema>, unknown>,
): Promise<Response> {
  return answerApi(request, async () => {
    requireMethod(request, "POST");
    assertAiConfigured();
    const input = parseOr400(schema, await readJsonBody(request));
    const { clientIp } = context.get(requestInfoContext);
    await guardAiRequest({ limit, clientIp });
    const tool = toolFor(input);
    // The provider call ends when the visitor's socket closes (not only through request.signal).
    const signal = visitorSignal(request, context);
    const response = answerAs === "stream" ? await streamTool(tool, input, signal) : jsonOk(await runTool(tool, input, signal));
    // A use of a tool that answered is a conversion, once a visitor and day (docs/analytics.md);
    // not awaited: the answer does not wait for the analytics.
    void visitFrom(request, clientIp).then((visit) => recordConversion({ kind: "ai-tool", detail: tool.purpose, visit }));
    return response;
  });
}

async function runTool<Input, Output>(tool: AiTool<Input, Output>, input: Input, signal?: AbortSignal): Promise<Output> {
  const text = await generateAiText({ ...tool.call(input), purpose: tool.purpose, signal });
  return tool.finish(text, input, signal);
}

/**
 * Resolves once the model's first text has arrived: failures before that are
 * thrown (plain JSON error responses), later ones become an `error` event.
 * Tools with `partial` send structured output so far, others text deltas.
 */
async function streamTool<Input, Output>(tool: AiTool<Input, Output>, input: Input, signal?: AbortSignal): Promise<Response> {
  const deltas = await streamAiText({ ...tool.call(input), purpose: tool.purpose, signal });
  return sseResponse(async (send) => {
    let text = "";
    let lastPartial = "";
    for await (const delta of deltas) {
      text += delta;
      if (!tool.partial) {
        send({ type: "delta", text: delta });
        continue;
      }
      const partial = await tool.partial(text);
      const serialised = JSON.stringify(partial ?? null);
      if (partial !== undefined && serialised !== lastPartial) {
        lastPartial = serialised;
        send({ type: "partial", value: partial });
      }
    }
    send({ type: "done", value: await tool.finish(text, input, signal) });
  });
}
