import { z } from "zod";
import { answerApi, jsonOk, parseOr400, readJsonBody, requireMethod } from "~/.server/api";
import { AppError } from "~/.server/errors";
import { consumeRateLimit, hashClientIp } from "~/.server/rate-limit";
import { requestInfoContext } from "~/.server/request-context";
import { assertSameOrigin } from "~/.server/same-origin";
import { CODE_REQUIRED_MESSAGE, enrolmentOpenedElsewhere, signInIpLimit } from "~/features/admin/rate-limits";
import { ENROLMENT_LINK_REQUIRED_MESSAGE } from "~/features/admin/admin-enrolment.server";
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

function handle(request: Request, clientIp: string): Promise<Response> {
  return answerApi(request, async () => {
    const path = new URL(request.url).pathname.replace(/^\/api\/auth/, "");
    const endpoint = endpoints[path];
    if (!endpoint) {
      throw new AppError(
        "not_found",
        "Not found. The sign-in API has POST /api/auth/sign-in/email, /two-factor/verify-totp, /two-factor/verify-backup-code and /sign-out.",
      );
    }
    requireMethod(request, "POST");
    assertSameOrigin(request);
    return endpoint(request, clientIp);
  });
}

const SIGN_IN_SHAPE = 'Send {"email": ..., "password": ...} as JSON, and optionally "code".';
const signInBody = z.object(
  {
    email: z.string({ error: SIGN_IN_SHAPE }).max(255, { error: SIGN_IN_SHAPE }),
    password: z.string({ error: SIGN_IN_SHAPE }).max(200, { error: SIGN_IN_SHAPE }),
    code: z.string({ error: SIGN_IN_SHAPE }).max(32, { error: SIGN_IN_SHAPE }).optional(),
  },
  { error: SIGN_IN_SHAPE },
);

const CODE_SHAPE = 'Send {"code": "123456"} as JSON.';
const secondFactorBody = z.object(
  {
    code: z.string({ error: CODE_SHAPE }).trim().min(1, { error: CODE_SHAPE }).max(32, { error: CODE_SHAPE }),
    trustDevice: z
      .literal(false, { error: "This site does not remember devices: every sign-in asks for a code. Leave out trustDevice." })
      .optional(),
  },
  { error: CODE_SHAPE },
);

function withCookies(body: unknown, cookies: Headers, status = 200): Response {
  return jsonOk(body, { status, headers: cookies });
}

/** {email, password, code?} → 200 {signedIn} or {twoFactorRedirect} with cookies; 401; 429 (address, or {codeRequired}). */
async function signInEndpoint(request: Request, clientIp: string): Promise<Response> {
  let body: z.output<typeof signInBody>;
  try {
    body = parseOr400(signInBody, await readJsonBody(request));
  } catch (error) {
    // A malformed sign-in counts against the address like a wrong password.
    await consumeRateLimit(signInIpLimit, hashClientIp(clientIp));
    throw error;
  }
  const { code } = body;
  const result = await signInWithPassword({ email: body.email, password: body.password, code, request, clientIp });
  if (result.status === "invalid")
    throw new AppError("unauthenticated", code ? "Invalid e-mail, password or code." : "Invalid e-mail or password.");
  if (result.status === "enrolment-link-required") {
    if (result.openedAt) throw new AppError("forbidden", enrolmentOpenedElsewhere(result.openedAt), { openedAt: result.openedAt });
    throw new AppError("forbidden", ENROLMENT_LINK_REQUIRED_MESSAGE);
  }
  if (result.status === "code-required") {
    throw new AppError("rate_limited", CODE_REQUIRED_MESSAGE, { codeRequired: true, retryAfterSeconds: result.retryAfterSeconds });
  }
  if (result.status === "two-factor") return withCookies({ twoFactorRedirect: true }, result.headers);
  return withCookies({ signedIn: true, ...(result.twoFactorEnabled ? {} : { twoFactorEnabled: false }) }, result.headers);
}

/** {code} with the two_factor cookie of the password step → 200 {signedIn} with the session cookie; 401; 429. */
async function secondFactorEndpoint(request: Request, clientIp: string, method: "totp" | "backup"): Promise<Response> {
  const body = parseOr400(secondFactorBody, await readJsonBody(request));
  const result = await verifySecondFactor({ code: body.code, method, request, clientIp });
  if (result.status === "signed-in") return withCookies({ signedIn: true }, result.headers);
  if (result.status === "restart")
    throw new AppError("unauthenticated", "There is no sign-in waiting for a code (or it expired): sign in with the password again.");
  if (result.status === "locked")
    throw new AppError("rate_limited", "Too many wrong codes: this account is locked for 15 minutes.", { retryAfterSeconds: 900 });
  throw new AppError("unauthenticated", method === "backup" ? "That backup code is not valid." : "That code is not valid.");
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
