import { isDatabaseUnavailable } from "./db/client";
import { logger } from "./logger";
import { UNAVAILABLE_MESSAGE, UNAVAILABLE_RETRY_AFTER_SECONDS } from "./page-errors";

/**
 * The one error model (docs/decisions/0204-one-error-model.md; the shape is in docs/product.md,
 * "Errors"). Features throw an AppError: what went wrong as a code, a message a person can read,
 * and details (the fields at fault, when to try again, the free times...), never an HTTP status.
 * `answerError` is the one place that turns any thrown value into a status and a body, for the
 * JSON API (`answerApi`) and for page actions alike.
 */

/** Each code and the status it is answered with. */
const STATUS_OF = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  gone: 410,
  too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  cancelled: 499,
  internal: 500,
  upstream_failed: 502,
  unavailable: 503,
  upstream_timeout: 504,
} as const;

export type ErrorCode = keyof typeof STATUS_OF;

export type ErrorDetails = {
  /** The message of each field at fault, by its name (a form shows each under its field). */
  fields?: Record<string, string>;
  /** When to try again (sent as Retry-After). */
  retryAfterSeconds?: number;
  /** The methods the endpoint takes (sent as Allow, with `method_not_allowed`). */
  allow?: readonly string[];
  /** Anything else a client can act on (`codeRequired`, `slots`...), sent in the body as it is. */
  [more: string]: unknown;
};

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: ErrorDetails = {},
  ) {
    super(message);
    this.name = "AppError";
  }
}

/** Every JSON error body: `error` a person can read, `code` a program can, then the details. */
export type ErrorBody = { error: string; code: ErrorCode; fields?: Record<string, string>; requestId?: string; [more: string]: unknown };

export type ErrorAnswer = { status: number; headers: Record<string, string>; body: ErrorBody };

export const INTERNAL_ERROR_MESSAGE = "Something went wrong on our side. Please try again.";

/**
 * What to answer for `error`: an AppError with its code's status, its message and details; a
 * database that does not answer with 503 and Retry-After (logged as a warning); anything else
 * with a logged 500 that carries the request id (the same id as the log line) and a message that
 * tells nothing of the inside. A page may word the last two its own way (`messages`).
 */
export function answerError(error: unknown, request: Request, messages: { unavailable?: string; internal?: string } = {}): ErrorAnswer {
  if (error instanceof AppError) return answerAppError(error);
  const path = new URL(request.url).pathname;
  if (isDatabaseUnavailable(error)) {
    logger.warn({ err: error, path }, "Database unavailable");
    return {
      status: 503,
      headers: { "Retry-After": String(UNAVAILABLE_RETRY_AFTER_SECONDS) },
      body: { error: messages.unavailable ?? UNAVAILABLE_MESSAGE, code: "unavailable" },
    };
  }
  const requestId = request.headers.get("X-Request-Id") ?? undefined;
  logger.error({ err: error, path, requestId }, "Unexpected error");
  return { status: 500, headers: {}, body: { error: messages.internal ?? INTERNAL_ERROR_MESSAGE, code: "internal", requestId } };
}

/**
 * The code of a status the request boundary (server/) answers by itself, before any feature
 * runs (a body over the limit, a method or path it refuses): the same table read backwards; a
 * status without a code of its own is `invalid` (4xx) or `internal` (5xx).
 */
export function codeOfStatus(status: number): ErrorCode {
  const found = (Object.entries(STATUS_OF) as [ErrorCode, number][]).find(([, value]) => value === status);
  return found ? found[0] : status >= 500 ? "internal" : "invalid";
}

/** An AppError's answer: its code's status, Retry-After and Allow from its details, the rest in the body. */
export function answerAppError(error: AppError): ErrorAnswer {
  const { retryAfterSeconds, allow, ...more } = error.details;
  const headers: Record<string, string> = {};
  if (retryAfterSeconds !== undefined) headers["Retry-After"] = String(Math.max(1, Math.ceil(retryAfterSeconds)));
  if (allow) headers.Allow = allow.join(", ");
  return { status: STATUS_OF[error.code], headers, body: { ...more, error: error.message, code: error.code } };
}
