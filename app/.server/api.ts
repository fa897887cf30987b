import type { z } from "zod";
import { cleanJsonValue } from "./clean-input";
import { AppError, answerAppError, answerError, type ErrorAnswer, type ErrorCode, type ErrorDetails } from "./errors";

/**
 * Helpers for the JSON endpoints under /api (docs/product.md#json-api). Errors are answered as
 * errors.ts says: `{ "error": "<human message>", "code": "<code>", ... }` with the code's status;
 * never a stack trace.
 */

/** The JSON answer for an error, never kept by a cache. */
export function errorResponse({ status, headers, body }: ErrorAnswer): Response {
  return Response.json(body, { status, headers: { ...headers, "Cache-Control": "no-store" } });
}

/** The JSON answer for an AppError made here (`jsonError("not_found", "Not found.")`). */
export function jsonError(code: ErrorCode, message: string, details?: ErrorDetails): Response {
  return errorResponse(answerAppError(new AppError(code, message, details)));
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
 * Throws AppError `unsupported_media_type` (not JSON) or `invalid` (empty, malformed, too deep).
 */
export async function readJsonBody(request: Request): Promise<unknown> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(type)) {
    throw new AppError("unsupported_media_type", "Send the request body as JSON (Content-Type: application/json).");
  }
  const text = request.body ? await request.text() : "";
  if (!text.trim()) throw new AppError("invalid", "The request body is empty.");
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new AppError("invalid", "The request body is not valid JSON.");
  }
  const cleaned = cleanJsonValue(parsed);
  if (!cleaned.ok) throw new AppError(cleaned.status === 415 ? "unsupported_media_type" : "invalid", cleaned.message);
  return cleaned.value;
}

/** The body as `schema` says, or AppError `invalid`: the first problem zod found, and each field's. */
export function parseOr400<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const result = schema.safeParse(body);
  if (!result.success) throw invalidInput(result.error, "The request is not valid.");
  return result.data;
}

/** AppError `invalid` for what zod refused: its first message, and each field's first (`body` for the whole). */
export function invalidInput(error: z.ZodError, fallback: string): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.join(".") || "body"] ??= issue.message;
  return new AppError("invalid", error.issues[0]?.message ?? fallback, { fields });
}

/**
 * The one error path of every /api endpoint: runs its work and answers what it throws as
 * errors.ts says (`messages` words a lost database and an unexpected error for this endpoint).
 */
export async function answerApi(
  request: Request,
  work: () => Promise<Response>,
  messages?: Parameters<typeof answerError>[2],
): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Response) return error;
    return errorResponse(answerError(error, request, messages));
  }
}

/** AppError `method_not_allowed` unless the request uses one of `methods`. */
export function requireMethod(request: Request, ...methods: string[]): void {
  if (!methods.includes(request.method))
    throw new AppError("method_not_allowed", `Use ${methods.join(" or ")} for this endpoint.`, { allow: methods });
}

/**
 * The `loader` of an /api route that takes only POST: GET and HEAD get the
 * API's JSON 405. Without a loader React Router would answer them with its own
 * 400 and log an error (docs/decisions/0106-origin-check-and-methods.md).
 */
export function postOnly(): Response {
  return jsonError("method_not_allowed", "Use POST for this endpoint.", { allow: ["POST"] });
}
