import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { assertAiConfigured, defineAiRateLimit, guardAiRequest } from "~/.server/ai";
import { ApiError, apiHandler, jsonOk, readJsonBody } from "~/.server/api";
import { requestInfoContext } from "~/.server/request-context";
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
      await guardAiRequest({ limit: options.limit, clientIp: args.context.get(requestInfoContext).clientIp });
      const tool = options.tool(input);
      if (options.stream) return streamTool(tool, input, request.signal);
      return jsonOk(await runTool(tool, input, request.signal));
    })(args);
}
