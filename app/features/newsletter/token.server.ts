import { createHmac, timingSafeEqual } from "node:crypto";
import { getAppSecret } from "~/.server/secret";

/**
 * Opaque, signed newsletter tokens (docs/decisions/0061-opaque-signed-newsletter-tokens.md): they name a
 * subscription by its id, never by its e-mail, and carry an HMAC-SHA256 with
 * APP_SECRET, so nobody can make one for someone else's subscription.
 *
 *   version (1 byte) | purpose (1) | subscription id (16) | issued at, unix seconds (4) | MAC (16)
 *
 * base64url-encoded: 51 characters. A base64 e-mail address (an earlier design's
 * scheme), a forged or a tampered token all fail the length or MAC check.
 */
const VERSION = 1;
const PURPOSES = { confirm: 1, unsubscribe: 2 } as const;
export type TokenPurpose = keyof typeof PURPOSES;

const PAYLOAD_BYTES = 1 + 1 + 16 + 4;
const MAC_BYTES = 16;
const TOKEN_BYTES = PAYLOAD_BYTES + MAC_BYTES;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{51}$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function mac(payload: Buffer): Buffer {
  return createHmac("sha256", getAppSecret()).update("nordlys-newsletter-token\0").update(payload).digest().subarray(0, MAC_BYTES);
}

export function createNewsletterToken(purpose: TokenPurpose, subscriptionId: string, issuedAt = new Date()): string {
  if (!UUID_PATTERN.test(subscriptionId)) throw new Error("A newsletter token needs a subscription id (UUID).");
  const payload = Buffer.alloc(PAYLOAD_BYTES);
  payload.writeUInt8(VERSION, 0);
  payload.writeUInt8(PURPOSES[purpose], 1);
  Buffer.from(subscriptionId.replace(/-/g, ""), "hex").copy(payload, 2);
  payload.writeUInt32BE(Math.floor(issuedAt.getTime() / 1000), 18);
  return Buffer.concat([payload, mac(payload)]).toString("base64url");
}

export type VerifiedToken = { subscriptionId: string; issuedAt: Date };

/** The token's subscription, or null when it is missing, malformed, for another purpose, or not ours. */
export function verifyNewsletterToken(purpose: TokenPurpose, token: string | null | undefined): VerifiedToken | null {
  if (typeof token !== "string" || !TOKEN_PATTERN.test(token)) return null;
  const bytes = Buffer.from(token, "base64url");
  if (bytes.length !== TOKEN_BYTES) return null;
  // Only the canonical spelling: the last character's two unused bits must be zero.
  if (bytes.toString("base64url") !== token) return null;
  const payload = bytes.subarray(0, PAYLOAD_BYTES);
  if (!timingSafeEqual(bytes.subarray(PAYLOAD_BYTES), mac(payload))) return null;
  if (payload.readUInt8(0) !== VERSION || payload.readUInt8(1) !== PURPOSES[purpose]) return null;
  const hex = payload.subarray(2, 18).toString("hex");
  const subscriptionId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return { subscriptionId, issuedAt: new Date(payload.readUInt32BE(18) * 1000) };
}
