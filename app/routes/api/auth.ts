import { ApiError, jsonError, jsonOk, readJsonBody } from "~/.server/api";
import { logger } from "~/.server/logger";
import { consumeRateLimit, hashClientIp } from "~/.server/rate-limit";
import { requestInfoContext } from "~/.server/request-context";
import { assertSameOrigin } from "~/.server/same-origin";
import { CODE_REQUIRED_MESSAGE, signInIpLimit } from "~/features/admin/rate-limits";
import { signInWithPassword } from "~/features/admin/sign-in-with-password.server";
import { signOut } from "~/features/admin/sign-out.server";
import { verifySecondFactor } from "~/features/admin/verify-second-factor.server";
import type { Route } from "./+types/auth";

/**
 * The sign-in API for scripts, under /api/auth/*: the same operations as the
 * sign-in page, and nothing else of better-auth's HTTP API (the pages call
 * better-auth on the server; docs/decisions/0116-admin-sign-in-api-and-origin-check.md).
 *
 *   POST sign-in/email                 {email, password, code?}
 *   POST two-factor/verify-totp        {code}   (with the two_factor cookie)
 *   POST two-factor/verify-backup-code {code}
 *   POST sign-out
 */
const endpoints: Record<string, (request: Request, clientIp: string) => Promise<Response>> = {
  "/sign-in/email": signInEndpoint,
  "/two-factor/verify-totp": (request, clientIp) => secondFactorEndpoint(request, clientIp, "totp"),
  "/two-factor/verify-backup-code": (request, clientIp) => secondFactorEndpoint(request, clientIp, "backup"),
  "/sign-out": signOutEndpoint,
};

async function handle(request: Request, clientIp: string): Promise<Response> {
  const path = new URL(request.url).pathname.replace(/^\/api\/auth/, "");
  const endpoint = endpoints[path];
  if (!endpoint) return jsonError(404, "Not found. The sign-in API has POST /api/auth/sign-in/email, /two-factor/verify-totp, /two-factor/verify-backup-code and /sign-out.");
  if (request.method !== "POST") return jsonError(405, "Use POST for this endpoint.", { Allow: "POST" });
  try {
    assertSameOrigin(request);
    return await endpoint(request, clientIp);
  } catch (error) {
    if (error instanceof ApiError) return jsonError(error.status, error.message, error.headers);
    logger.error({ err: error, path }, "Auth endpoint failed");
    return jsonError(500, "Something went wrong on our side. Please try again.");
  }
}

function withCookies(body: unknown, cookies: Headers, status = 200): Response {
  return jsonOk(body, { status, headers: cookies });
}

/** {email, password, code?} → 200 {signedIn} or {twoFactorRedirect} with cookies; 401; 429 (address, or {codeRequired}). */
async function signInEndpoint(request: Request, clientIp: string): Promise<Response> {
  const body = (await readJsonBody(request, 4096)) as { email?: unknown; password?: unknown; code?: unknown } | null;
  const code = body?.code;
  if (
    typeof body?.email !== "string" ||
    typeof body.password !== "string" ||
    body.email.length > 255 ||
    body.password.length > 200 ||
    (code !== undefined && (typeof code !== "string" || code.length > 32))
  ) {
    await consumeRateLimit(signInIpLimit, hashClientIp(clientIp));
    return jsonError(400, 'Send {"email": ..., "password": ...} as JSON, and optionally "code".');
  }
  const result = await signInWithPassword({ email: body.email, password: body.password, code: code as string | undefined, request, clientIp });
  if (result.status === "invalid") return jsonError(401, code ? "Invalid e-mail, password or code." : "Invalid e-mail or password.");
  if (result.status === "code-required") {
    return jsonOk(
      { error: CODE_REQUIRED_MESSAGE, codeRequired: true },
      { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
    );
  }
  if (result.status === "two-factor") return withCookies({ twoFactorRedirect: true }, result.headers);
  return withCookies({ signedIn: true, ...(result.twoFactorEnabled ? {} : { twoFactorEnabled: false }) }, result.headers);
}

/** {code} with the two_factor cookie of the password step → 200 {signedIn} with the session cookie; 401; 429. */
async function secondFactorEndpoint(request: Request, clientIp: string, method: "totp" | "backup"): Promise<Response> {
  const body = (await readJsonBody(request, 1024)) as { code?: unknown; trustDevice?: unknown } | null;
  if (body?.trustDevice !== undefined && body.trustDevice !== false) {
    return jsonError(400, "This site does not remember devices: every sign-in asks for a code. Leave out trustDevice.");
  }
  if (typeof body?.code !== "string" || !body.code.trim() || body.code.length > 32) return jsonError(400, 'Send {"code": "123456"} as JSON.');
  const result = await verifySecondFactor({ code: body.code, method, request, clientIp });
  if (result.status === "signed-in") return withCookies({ signedIn: true }, result.headers);
  if (result.status === "restart") return jsonError(401, "There is no sign-in waiting for a code (or it expired): sign in with the password again.");
  if (result.status === "locked") return jsonError(429, "Too many wrong codes: this account is locked for 15 minutes.", { "Retry-After": "900" });
  return jsonError(401, method === "backup" ? "That backup code is not valid." : "That code is not valid.");
}

async function signOutEndpoint(request: Request): Promise<Response> {
  return withCookies({ signedOut: true }, await signOut(request));
}

export function loader({ request, context }: Route.LoaderArgs) {
  return handle(request, context.get(requestInfoContext).clientIp);
}

export function action({ request, context }: Route.ActionArgs) {
  return handle(request, context.get(requestInfoContext).clientIp);
}
