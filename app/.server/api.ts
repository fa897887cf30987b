import type { z } from "zod";
import { cleanJsonValue } from "./clean-input.ts";
import { isDatabaseUnavailable } from "./db/client.ts";
import { logger } from "./logger.ts";
import { UNAVAILABLE_MESSAGE, UNAVAILABLE_RETRY_AFTER_SECONDS } from "./page-errors.ts";

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

/** Default cap for JSON request bodies. */
export const MAX_JSON_BYTES = 64 * 1024;

/**
 * Reads a JSON body with a byte cap that also holds for chunked uploads, and
 * cleans its strings (app/.server/clean-input.ts; the server's boundary has
 * done so already, this holds for direct callers too).
 * Throws ApiError 415 (not JSON), 413 (too large) or 400 (malformed, too deep).
 */
export async function readJsonBody(request: Request, maxBytes = MAX_JSON_BYTES): Promise<unknown> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(type)) {
    throw new ApiError(415, "Send the request body as JSON (Content-Type: application/json).");
  }
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  if (declared > maxBytes) throw new ApiError(413, "The request body is too large.");
  if (!request.body) throw new ApiError(400, "The request body is empty.");

  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new ApiError(413, "The request body is too large.");
    }
    chunks.push(value);
  }
  const text = new TextDecoder().decode(Buffer.concat(chunks));
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
 * Runs an endpoint's work: ApiErrors become their JSON response, a lost
 * database becomes 503, anything else a logged 500.
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
  if (!methods.includes(request.method)) throw new ApiError(405, `Use ${methods.join(" or ")} for this endpoint.`, { Allow: methods.join(", ") });
}

/**
 * Wraps an endpoint: only `methods` are allowed, ApiErrors become their JSON
 * response, a lost database becomes 503, anything else a logged 500.
 */
export function apiHandler(
  methods: string[],
  handler: (request: Request) => Promise<Response>,
): (args: { request: Request }) => Promise<Response> {
  return ({ request }) =>
    answerApi(request, async () => {
      requireMethod(request, ...methods);
      return handler(request);
    });
}

/**
 * The `loader` of an /api route that takes only POST: GET and HEAD get the
 * API's JSON 405. Without a loader React Router would answer them with its own
 * 400 and log an error (docs/decisions/0106-origin-check-and-methods.md).
 */
export function postOnly(): Response {
  return jsonError(405, "Use POST for this endpoint.", { Allow: "POST" });
}
