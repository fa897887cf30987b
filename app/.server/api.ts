import type { z } from "zod";
import { cleanJsonValue } from "./clean-input";
import { isDatabaseUnavailable } from "./db/client";
import { logger } from "./logger";
import { UNAVAILABLE_MESSAGE, UNAVAILABLE_RETRY_AFTER_SECONDS } from "./page-errors";

/**
 * Helpers for the JSON endpoints under /api (docs/product.md#json-api): errors are
 * `{ "error": "<human message>" }` with a fitting status; never a stack trace.
 */

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers?: HeadersInit,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export function jsonError(status: number, message: string, headers?: HeadersInit): Response {
  const responseHeaders = new Headers(headers);
  responseHeaders.set("Cache-Control", "no-store");
  return Response.json({ error: message }, { status, headers: responseHeaders });
}

export function jsonOk(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("Cache-Control", "no-store");
  return Response.json(body, { ...init, headers });
}

/**
 * Reads a JSON body and cleans its strings (app/.server/clean-input.ts; the server's boundary has
 * done so already, this holds for direct callers too). Its size is not checked here: the request
 * boundary (server/body-guard.ts) is the one size limit, and no body past it reaches a route.
 * Throws ApiError 415 (not JSON) or 400 (empty, malformed, too deep).
 */
export async function readJsonBody(request: Request): Promise<unknown> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(type)) {
    throw new ApiError(415, "Send the request body as JSON (Content-Type: application/json).");
  }
  const text = request.body ? await request.text() : "";
  if (!text.trim()) throw new ApiError(400, "The request body is empty.");
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError(400, "The request body is not valid JSON.");
  }
  const cleaned = cleanJsonValue(parsed);
  if (!cleaned.ok) throw new ApiError(cleaned.status, cleaned.message);
  return cleaned.value;
}

/** The body as `schema` says, or ApiError 400 with the first problem zod found. */
export function parseOr400<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const result = schema.safeParse(body);
  if (!result.success) throw new ApiError(400, result.error.issues[0]?.message ?? "The request is not valid.");
  return result.data;
}

/**
 * The one error path of every /api endpoint: runs its work; ApiErrors become their JSON
 * response, a lost database becomes 503 with Retry-After, anything else a logged 500 with a
 * generic message (never a stack trace or an internal detail).
 */
export async function answerApi(request: Request, work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ApiError) return jsonError(error.status, error.message, error.headers);
    if (error instanceof Response) return error;
    if (isDatabaseUnavailable(error)) {
      logger.warn({ err: error, path: new URL(request.url).pathname }, "API: database unavailable");
      return jsonError(503, UNAVAILABLE_MESSAGE, { "Retry-After": String(UNAVAILABLE_RETRY_AFTER_SECONDS) });
    }
    logger.error({ err: error, path: new URL(request.url).pathname }, "API: unexpected error");
    return jsonError(500, "Something went wrong on our side. Please try again.");
  }
}

/** ApiError 405 unless the request uses one of `methods`. */
export function requireMethod(request: Request, ...methods: string[]): void {
  if (!methods.includes(request.method))
    throw new ApiError(405, `Use ${methods.join(" or ")} for this endpoint.`, { Allow: methods.join(", ") });
}

/**
 * The `loader` of an /api route that takes only POST: GET and HEAD get the
 * API's JSON 405. Without a loader React Router would answer them with its own
 * 400 and log an error (docs/decisions/0106-origin-check-and-methods.md).
 */
export function postOnly(): Response {
  return jsonError(405, "Use POST for this endpoint.", { Allow: "POST" });
}
