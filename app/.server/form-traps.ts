import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { HoldReason } from "~/lib/form-traps";
import { peekRateLimit, refundRateLimit, tryConsumeRateLimit, defineRateLimit } from "./rate-limit";
import { getEnv } from "./env";
import { getAppSecret } from "./secret";

/**
 * Two cheap signals that a submission was sent by a script rather than typed
 * by a person, checked on the apply, mentoring and contact forms, the contact
 * API and the chat's lead capture:
 * - a honeypot field people never see (hidden with display:none) but
 *   form-filling bots fill in;
 * - a minimum fill time (`FORM_MIN_FILL_MS`, 3 s): the form carries a signed timestamp of
 *   when it was shown, and a form sent back faster than a person types looks automated.
 * Browser autofill and password managers trip both now and then, so a
 * submission that trips one is stored and held for an admin's review, never
 * dropped (docs/decisions/0100-hold-what-looks-automated.md).
 */
export function minFillMs(): number {
  return getEnv().FORM_MIN_FILL_MS;
}

/** How long a form's start time stays good: a page left open for a working day, not a token kept for replays. */
export const FORM_TOKEN_MAX_AGE_MS = 12 * 3600 * 1000;

/** Fill times are stored as a PostgreSQL integer (milliseconds): about 24 days at most. */
const MAX_STORED_FILL_MS = 2_147_483_647;

function sign(signed: string): string {
  return createHmac("sha256", getAppSecret()).update(`form-start:${signed}`).digest("base64url").slice(0, 22);
}

/**
 * The value of the started-at field, rendered with the form (or handed to the chat widget):
 * `<milliseconds>.<random>.<signature>`. The random part makes every token its own, so two
 * visitors shown a form in the same millisecond never share one (a token counts once).
 */
export function createFormStartToken(now = Date.now()): string {
  const signed = `${now}.${randomBytes(9).toString("base64url")}`;
  return `${signed}.${sign(signed)}`;
}

export type FormTrapResult = {
  /** Why to hold the submission for review; null when nothing looks automated. */
  holdReason: HoldReason | null;
  /** Milliseconds from the signed start time to now, when the start time was valid. */
  fillMs: number | null;
  /** Gives the start token back when the submission it came with could not be stored. */
  giveBack?: () => Promise<void>;
};

/** Reads a start token; null when it is not one this site signed. */
function verifiedStartTime(token: string): number | null {
  // Tokens rendered before the random part existed (`<milliseconds>.<signature>`) are still read.
  const parts = token.split(".");
  if (parts.length !== 2 && parts.length !== 3) return null;
  const timestamp = parts[0] ?? "";
  const signature = parts.at(-1) ?? "";
  const expected = sign(parts.slice(0, -1).join("."));
  if (
    !/^\d{10,16}$/.test(timestamp) ||
    (parts.length === 3 && !/^[\w-]{12}$/.test(parts[1] ?? "")) ||
    signature.length !== expected.length ||
    !timingSafeEqual(Buffer.from(signature), Buffer.from(expected))
  ) {
    return null;
  }
  return Number(timestamp);
}

/**
 * Looks at the honeypot value and the start token a submission came with.
 * `requireToken`: a submission without a start token is held too (a page's
 * form and the chat widget always send one; API callers may not have one).
 * Pure: it stores and consumes nothing.
 */
export function checkFormTraps(
  input: { honeypot: unknown; startToken: unknown },
  options: { requireToken: boolean; now?: number },
): FormTrapResult {
  const now = options.now ?? Date.now();
  const startedAt = typeof input.startToken === "string" && input.startToken !== "" ? verifiedStartTime(input.startToken) : null;
  const fillMs = startedAt === null ? null : Math.min(Math.max(0, now - startedAt), MAX_STORED_FILL_MS);

  const honeypotFilled = typeof input.honeypot === "string" ? input.honeypot.trim() !== "" : input.honeypot != null;
  if (honeypotFilled) return { holdReason: "honeypot", fillMs };
  if (input.startToken == null || input.startToken === "") {
    return { holdReason: options.requireToken ? "missing-token" : null, fillMs };
  }
  if (startedAt === null) return { holdReason: "bad-token", fillMs };
  if (now - startedAt < minFillMs()) return { holdReason: "too-fast", fillMs };
  if (now - startedAt > FORM_TOKEN_MAX_AGE_MS) return { holdReason: "expired-token", fillMs };
  return { holdReason: null, fillMs };
}

/**
 * Used start tokens, kept (in `rate_limits`) a little longer than a token is
 * good for: a token counts once. `owner` records which chat conversation
 * used it, as the chat updates its one lead with the same token.
 */
const usedTokens = defineRateLimit({ name: "form-token-used", points: 1, durationSeconds: FORM_TOKEN_MAX_AGE_MS / 1000 + 3600 });
const tokenOwners = defineRateLimit({ name: "form-token-owner", points: 1, durationSeconds: FORM_TOKEN_MAX_AGE_MS / 1000 + 3600 });

function ownerKey(signature: string, owner: string): string {
  return createHmac("sha256", getAppSecret()).update(`form-token-owner:${signature}:${owner}`).digest("base64url").slice(0, 32);
}

/**
 * checkFormTraps, then spends the start token: a token this site signed that
 * already came with another submission (or, with `owner`, with another
 * conversation) holds this one as "reused-token". A token that tripped
 * nothing else is spent even when held for another reason.
 */
export async function checkAndSpendFormTraps(
  input: { honeypot: unknown; startToken: unknown },
  options: { requireToken: boolean; owner?: string; now?: number },
): Promise<FormTrapResult> {
  const result = checkFormTraps(input, options);
  if (typeof input.startToken !== "string" || result.fillMs === null) return result;
  if (result.holdReason === "bad-token" || result.holdReason === "expired-token") return result;
  const signature = input.startToken.split(".").at(-1) ?? "";
  const first = await tryConsumeRateLimit(usedTokens, signature);
  let reused = !first.allowed;
  if (options.owner !== undefined) {
    const key = ownerKey(signature, options.owner);
    if (first.allowed) await tryConsumeRateLimit(tokenOwners, key);
    else reused = (await peekRateLimit(tokenOwners, key)).allowed;
  }
  const checked = reused && result.holdReason === null ? { ...result, holdReason: "reused-token" as const } : result;
  if (!first.allowed) return checked;
  // Spent by this call: given back when the submission could not be stored (a 429, the database
  // away), so the visitor's retry of the same page is not taken for a replay.
  return { ...checked, giveBack: () => refundRateLimit(usedTokens, signature) };
}
