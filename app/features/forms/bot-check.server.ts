import { createHmac, timingSafeEqual } from "node:crypto";
import { getAppSecret } from "~/.server/secret";

/**
 * Two cheap bot traps on every form:
 * - a honeypot field people never see (hidden with display:none) but form-filling bots fill in;
 * - a minimum fill time: the page carries a signed timestamp, and a form sent back
 *   faster than a person could type is a script.
 * A caught bot gets the same success answer as a person, so it learns nothing;
 * nothing is stored or mailed, and a log line records it.
 */
export const MIN_FILL_MS = 3_000;

function sign(timestamp: string): string {
  return createHmac("sha256", getAppSecret()).update(`form-start:${timestamp}`).digest("base64url").slice(0, 22);
}

/** The value of the hidden started-at field, rendered with the form. */
export function createFormStartToken(now = Date.now()): string {
  const timestamp = String(now);
  return `${timestamp}.${sign(timestamp)}`;
}

export type BotVerdict = { isBot: false } | { isBot: true; reason: "honeypot" | "too-fast" | "missing-token" | "bad-token" };

export function checkForBot(
  input: { honeypot: unknown; startToken: unknown },
  options: { requireToken: boolean; now?: number },
): BotVerdict {
  if (typeof input.honeypot === "string" ? input.honeypot.trim() !== "" : input.honeypot != null) {
    return { isBot: true, reason: "honeypot" };
  }
  if (input.startToken == null || input.startToken === "") {
    return options.requireToken ? { isBot: true, reason: "missing-token" } : { isBot: false };
  }
  if (typeof input.startToken !== "string") return { isBot: true, reason: "bad-token" };
  const [timestamp = "", signature = ""] = input.startToken.split(".");
  const expected = sign(timestamp);
  if (
    !/^\d{10,16}$/.test(timestamp) ||
    signature.length !== expected.length ||
    !timingSafeEqual(Buffer.from(signature), Buffer.from(expected))
  ) {
    return { isBot: true, reason: "bad-token" };
  }
  if ((options.now ?? Date.now()) - Number(timestamp) < MIN_FILL_MS) return { isBot: true, reason: "too-fast" };
  return { isBot: false };
}
