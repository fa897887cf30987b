import QRCode from "qrcode";
import { getAuth } from "~/.server/auth";
import { refusalStatus } from "./auth-errors.server";
import { setCookieHeaders } from "./cookies.server";
import { recordAdminAudit } from "./record-admin-audit.server";
import { pendingTotpSetupSchema } from "./schema";
import { beforePasswordConfirmation, countWrongConfirmation } from "./password-confirmation.server";

export type TotpSetup = {
  totpUri: string;
  /** The base32 secret, for typing into an app by hand. */
  secret: string;
  /** The QR code of totpUri as an SVG data URL (made here, no outside service). */
  qrDataUrl: string;
  backupCodes: string[];
};

/** The display data of a setup, rebuilt from the otpauth:// URI. */
export async function describeTotpSetup(totpUri: string, backupCodes: string[]): Promise<TotpSetup> {
  const svg = await QRCode.toString(totpUri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return {
    totpUri,
    secret: new URL(totpUri).searchParams.get("secret") ?? "",
    qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
    backupCodes,
  };
}

/** The codes better-auth refuses a wrong password with. */
const WRONG_PASSWORD = { INVALID_PASSWORD: "wrong-password", CREDENTIAL_ACCOUNT_NOT_FOUND: "wrong-password" } as const;

export type EnrolmentStart =
  { status: "started"; setup: TotpSetup; headers: Headers } | { status: "wrong-password" } | { status: "already-enabled" };

/**
 * Step 1: after the password is confirmed, better-auth makes a TOTP secret and
 * backup codes. Two-factor is not on until the first code is confirmed.
 */
export async function startTotpEnrolment(input: { password: string; request: Request }): Promise<EnrolmentStart> {
  try {
    const result = await getAuth().api.enableTwoFactor({
      body: { password: input.password },
      headers: input.request.headers,
      returnHeaders: true,
    });
    const response = result.response as { totpURI?: string; backupCodes?: string[] };
    if (!response.totpURI) throw new Error("better-auth returned no TOTP URI");
    return {
      status: "started",
      setup: await describeTotpSetup(response.totpURI, response.backupCodes ?? []),
      headers: setCookieHeaders(result.headers),
    };
  } catch (error) {
    return refusalStatus(error, { ...WRONG_PASSWORD, TOTP_ALREADY_ENABLED: "already-enabled" });
  }
}

/** Step 2: the first code from the app turns two-factor on (and renews the session cookie). */
export async function confirmTotpEnrolment(input: {
  code: string;
  request: Request;
}): Promise<{ status: "enabled"; headers: Headers } | { status: "invalid" }> {
  try {
    const result = await getAuth().api.verifyTOTP({
      body: { code: input.code.replace(/\s+/g, "") },
      headers: input.request.headers,
      returnHeaders: true,
    });
    return { status: "enabled", headers: setCookieHeaders(result.headers) };
  } catch (error) {
    return refusalStatus(error, { INVALID_CODE: "invalid", TOTP_NOT_ENABLED: "invalid" });
  }
}

/** Turns two-factor off after the password is confirmed. */
export async function disableTwoFactor(input: {
  password: string;
  request: Request;
}): Promise<{ status: "disabled"; headers: Headers } | { status: "wrong-password" }> {
  try {
    const result = await getAuth().api.disableTwoFactor({
      body: { password: input.password },
      headers: input.request.headers,
      returnHeaders: true,
    });
    return { status: "disabled", headers: setCookieHeaders(result.headers) };
  } catch (error) {
    return refusalStatus(error, WRONG_PASSWORD);
  }
}

/** What the set-up form shows after a step: the pending set-up and any error. */
export type EnrolmentView = { setup?: TotpSetup; error?: string; fieldError?: string };

export type EnrolmentStep =
  { status: "show"; view: EnrolmentView; httpStatus: 200 | 400 | 429; headers?: Headers } | { status: "enabled"; headers: Headers };

/**
 * One step of the set-up forms (account page and first sign-in): `intent=enable`
 * with the password starts it, `intent=confirm` with the first code finishes it.
 */
export async function runEnrolmentStep(
  form: Record<string, unknown>,
  context: { request: Request; admin: { id: string; email: string }; clientIp: string },
): Promise<EnrolmentStep> {
  const { request } = context;
  const show = (view: EnrolmentView, httpStatus: 200 | 400 = 400): EnrolmentStep => ({ status: "show", view, httpStatus });
  if (form.intent === "enable") {
    const password = typeof form.password === "string" ? form.password : "";
    if (!password) return show({ fieldError: "Enter your password" });
    // A password confirmation is a guess like a sign-in: it shares the sign-in limits (decision 0178).
    const gate = await beforePasswordConfirmation({ clientIp: context.clientIp, email: context.admin.email });
    if (!gate.allowed)
      return {
        status: "show",
        view: { fieldError: gate.message },
        httpStatus: 429,
        headers: new Headers({ "Retry-After": String(gate.retryAfterSeconds) }),
      };
    const result = await startTotpEnrolment({ password, request });
    if (result.status === "wrong-password") {
      await countWrongConfirmation(context.admin.email);
      return show({ fieldError: "That password is not right" });
    }
    if (result.status === "already-enabled") return show({ error: "Two-factor authentication is already on." });
    return { status: "show", view: { setup: result.setup }, httpStatus: 200, headers: result.headers };
  }
  const pending = pendingTotpSetupSchema.safeParse(form);
  if (form.intent !== "confirm" || !pending.success) return show({ error: "Start the set-up again." });
  const setup = await describeTotpSetup(pending.data.totpUri, pending.data.backupCodes);
  const code = typeof form.code === "string" ? form.code.replace(/\s+/g, "") : "";
  if (!/^\d{6}$/.test(code)) return show({ setup, fieldError: "Enter the 6-digit code from your app" });
  const result = await confirmTotpEnrolment({ code, request });
  if (result.status === "invalid")
    return show({ setup, fieldError: "That code is not valid. Check the time on your phone and try again." });
  await recordAdminAudit({ user: context.admin, action: "two-factor-on", clientIp: context.clientIp });
  return result;
}
