import { isAPIError } from "better-auth/api";

/** The better-auth error code of a refused call ("INVALID_CODE"), or undefined for other errors. */
export function authErrorCode(error: unknown): string | undefined {
  if (!isAPIError(error)) return undefined;
  const body = (error as { body?: { code?: unknown } }).body;
  return typeof body?.code === "string" ? body.code : "UNKNOWN";
}

/** The status a refused better-auth call answers, by its error's code; any other error is thrown again. */
export function refusalStatus<S extends string>(error: unknown, statuses: Record<string, S>): { status: S } {
  const code = authErrorCode(error);
  if (code !== undefined && Object.hasOwn(statuses, code)) return { status: statuses[code]! };
  throw error;
}
