import { ApiError, jsonError, readJsonBody } from "~/.server/api";
import { getAuth } from "~/.server/auth";
import { logger } from "~/.server/logger";
import { consumeRateLimit, hashClientIp } from "~/.server/rate-limit";
import { requestInfoContext } from "~/.server/request-context";
import { passwordResetIpLimit, secondFactorIpLimit, signInIpLimit } from "~/features/admin/rate-limits";
import { signInWithPassword } from "~/features/admin/sign-in-with-password.server";
import type { Route } from "./+types/auth";

/**
 * better-auth's own HTTP API under /api/auth/* (sign-in, sign-out, session,
 * two-factor, password reset). The admin pages call the same operations on
 * the server; this is for scripts and the library's browser client.
 * Sign-in goes through our rate-limited operation; the other sensitive
 * paths count against the same per-IP limits first.
 */
async function handle(request: Request, clientIp: string): Promise<Response> {
  const path = new URL(request.url).pathname.replace(/^\/api\/auth/, "");
  try {
    if (request.method === "POST" && path === "/sign-in/email") return await signInEndpoint(request, clientIp);
    if (request.method === "POST" && path.startsWith("/two-factor/verify-")) {
      await consumeRateLimit(secondFactorIpLimit, hashClientIp(clientIp));
    }
    if (request.method === "POST" && path === "/request-password-reset") {
      await consumeRateLimit(passwordResetIpLimit, hashClientIp(clientIp));
    }
    return await getAuth().handler(request);
  } catch (error) {
    if (error instanceof ApiError) return jsonError(error.status, error.message, error.headers);
    logger.error({ err: error, path }, "Auth endpoint failed");
    return jsonError(500, "Something went wrong on our side. Please try again.");
  }
}

/** POST /api/auth/sign-in/email {email, password} → 200 {redirect, twoFactorRedirect?} with cookies, 401, 429. */
async function signInEndpoint(request: Request, clientIp: string): Promise<Response> {
  const body = (await readJsonBody(request, 4096)) as { email?: unknown; password?: unknown } | null;
  if (typeof body?.email !== "string" || typeof body.password !== "string" || body.email.length > 255 || body.password.length > 200) {
    await consumeRateLimit(signInIpLimit, hashClientIp(clientIp));
    return jsonError(400, "Send {\"email\": ..., \"password\": ...} as JSON.");
  }
  const result = await signInWithPassword({ email: body.email, password: body.password, request, clientIp });
  if (result.status === "invalid") return jsonError(401, "Invalid e-mail or password.");
  const headers = new Headers(result.headers);
  headers.set("Cache-Control", "no-store");
  return Response.json(result.status === "two-factor" ? { twoFactorRedirect: true } : { signedIn: true }, { headers });
}

export function loader({ request, context }: Route.LoaderArgs) {
  return handle(request, context.get(requestInfoContext).clientIp);
}

export function action({ request, context }: Route.ActionArgs) {
  return handle(request, context.get(requestInfoContext).clientIp);
}
