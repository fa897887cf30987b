import { isAPIError } from "better-auth/api";

/** The better-auth error code of a refused call ("INVALID_CODE"), or undefined for other errors. */
export function authErrorCode(error: unknown): string | undefined {
  if (!isAPIError(error)) return undefined;
  const body = (error as { body?: { code?: unknown } }).body;
  return typeof body?.code === "string" ? body.code : "UNKNOWN";
}
