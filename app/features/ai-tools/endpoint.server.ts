import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { assertAiConfigured, defineAiRateLimit, guardAiRequest } from "~/.server/ai";
import { ApiError, apiHandler, jsonOk, readJsonBody } from "~/.server/api";
import { requestInfoContext } from "~/.server/request-context";
import { recordConversion, visitFrom } from "~/features/analytics/record-conversion.server";
import { runTool, streamTool, type AiTool } from "./run-tool.server.ts";

/** Per-IP limits, one per tool family (20 requests per 10 minutes each). */
export const secretaryRateLimit = defineAiRateLimit("ai-chat-ip");
export const generatorRateLimit = defineAiRateLimit("ai-generate-ip");

/** Bodies of the AI endpoints: 12 messages of 2,000 characters fit with room to spare. */
const MAX_AI_BODY_BYTES = 128 * 1024;

/** The first problem zod found, as a 400. */
export function parseOr400<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const result = schema.safeParse(body);
  if (!result.success) throw new ApiError(400, result.error.issues[0]?.message ?? "The request is not valid.");
  return result.data;
}

type EndpointArgs = { request: Request; context: Readonly<RouterContextProvider> };

/**
 * An AI endpoint: POST only; 503 when no provider is configured (before the
 * body is read); 415/413/400 for bad bodies; then the rate limits and the
 * daily budget; then the tool, as JSON or as a stream.
 */
export function aiEndpoint<Input>(options: {
  parse: (body: unknown) => Input;
  limit: ReturnType<typeof defineAiRateLimit>;
  tool: (input: Input) => AiTool<Input, unknown>;
  stream: boolean;
}): (args: EndpointArgs) => Promise<Response> {
  return (args) =>
    apiHandler(["POST"], async (request) => {
      assertAiConfigured();
      const input = options.parse(await readJsonBody(request, MAX_AI_BODY_BYTES));
      const { clientIp } = args.context.get(requestInfoContext);
      await guardAiRequest({ limit: options.limit, clientIp });
      const tool = options.tool(input);
      const response = options.stream ? await streamTool(tool, input, request.signal) : jsonOk(await runTool(tool, input, request.signal));
      // A use of a tool that answered is a conversion, once a visitor and day (docs/analytics.md);
      // not awaited: the answer does not wait for the analytics.
      void visitFrom(request, clientIp).then((visit) => recordConversion({ kind: "ai-tool", detail: tool.purpose, visit }));
      return response;
    })(args);
}
