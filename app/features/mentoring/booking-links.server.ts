import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { getAppSecret } from "~/.server/secret";
import type { BookingForMail } from "./types";

/**
 * Signed, single-purpose booking links: a learner manages a booking without an account, by a
 * link from their mails. The token names the booking and proves we issued it:
 *
 *   version (1 byte) | purpose (1) | sequence (4) | expires at, unix seconds (4) | booking id (1–64, ASCII) | MAC (32)
 *
 * base64url-encoded. The MAC is HMAC-SHA256 under a key derived (HKDF) from APP_SECRET for one
 * purpose only, so a token made for one purpose fails every other purpose's check even before
 * its purpose byte is read, and no other feature's signature (newsletter, sessions) can be
 * passed off as one of these. A token is useless once it expires: callers set `expiresAt` to
 * the session's end, after which there is nothing left to cancel or move.
 *
 * The token also carries the booking's `sequence` at signing time, so the page can refuse links
 * from mails that a later change superseded (compare it with the stored sequence).
 */
const VERSION = 1;
const PURPOSES = { cancel: 1, reschedule: 2, manage: 3 } as const;
export type BookingTokenPurpose = keyof typeof PURPOSES;

const HEADER_BYTES = 1 + 1 + 4 + 4;
const MAC_BYTES = 32;
const MAX_ID_LENGTH = 64;
const BOOKING_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** The longest token we can issue; anything longer is refused before it is decoded. */
const MAX_TOKEN_LENGTH = Math.ceil(((HEADER_BYTES + MAX_ID_LENGTH + MAC_BYTES) * 4) / 3);
const TOKEN_PATTERN = /^[A-Za-z0-9_-]+$/;
const MAX_UINT32 = 0xffff_ffff;

let derived: { secret: string; keys: Map<BookingTokenPurpose, Buffer> } | undefined;

/** This purpose's own MAC key: HKDF-SHA256 of APP_SECRET, cached until the secret changes. */
function keyFor(purpose: BookingTokenPurpose): Buffer {
  const secret = getAppSecret();
  if (derived?.secret !== secret) derived = { secret, keys: new Map() };
  let key = derived.keys.get(purpose);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, "nordlys-mentoring-booking-link", `booking-link:${purpose}`, 32));
    derived.keys.set(purpose, key);
  }
  return key;
}

function mac(purpose: BookingTokenPurpose, payload: Buffer): Buffer {
  return createHmac("sha256", keyFor(purpose)).update(payload).digest();
}

export type BookingTokenInput = {
  bookingId: string;
  purpose: BookingTokenPurpose;
  sequence: number;
  /** After this the token is refused; the session's end. */
  expiresAt: Date;
};

export function signBookingToken({ bookingId, purpose, sequence, expiresAt }: BookingTokenInput): string {
  if (!BOOKING_ID_PATTERN.test(bookingId)) throw new Error("A booking token needs a booking id of 1–64 letters, digits, - or _.");
  if (!Number.isInteger(sequence) || sequence < 0 || sequence > MAX_UINT32)
    throw new Error("A booking token needs a whole, non-negative sequence.");
  const expires = Math.floor(expiresAt.getTime() / 1000);
  if (!Number.isFinite(expires) || expires < 0 || expires > MAX_UINT32) throw new Error("A booking token needs a valid expiry time.");
  const payload = Buffer.alloc(HEADER_BYTES + bookingId.length);
  payload.writeUInt8(VERSION, 0);
  payload.writeUInt8(PURPOSES[purpose], 1);
  payload.writeUInt32BE(sequence, 2);
  payload.writeUInt32BE(expires, 6);
  payload.write(bookingId, HEADER_BYTES, "ascii");
  return Buffer.concat([payload, mac(purpose, payload)]).toString("base64url");
}

/**
 * The booking a token names, or null when it is missing, malformed, over-long, signed for
 * another purpose or with another secret, tampered with, or expired (at `now`).
 */
export function verifyBookingToken(
  token: string | null | undefined,
  purpose: BookingTokenPurpose,
  now: Date = new Date(),
): { bookingId: string; sequence: number } | null {
  if (typeof token !== "string" || token.length > MAX_TOKEN_LENGTH || !TOKEN_PATTERN.test(token)) return null;
  const bytes = Buffer.from(token, "base64url");
  if (bytes.length < HEADER_BYTES + 1 + MAC_BYTES || bytes.length > HEADER_BYTES + MAX_ID_LENGTH + MAC_BYTES) return null;
  // Only the canonical spelling: one token, one string (no unused trailing bits).
  if (bytes.toString("base64url") !== token) return null;
  const payload = bytes.subarray(0, bytes.length - MAC_BYTES);
  if (!timingSafeEqual(bytes.subarray(bytes.length - MAC_BYTES), mac(purpose, payload))) return null;
  if (payload.readUInt8(0) !== VERSION || payload.readUInt8(1) !== PURPOSES[purpose]) return null;
  if (payload.readUInt32BE(6) * 1000 <= now.getTime()) return null;
  const bookingId = payload.subarray(HEADER_BYTES).toString("ascii");
  if (!BOOKING_ID_PATTERN.test(bookingId)) return null;
  return { bookingId, sequence: payload.readUInt32BE(2) };
}

/** Where a learner manages a booking (one page, cancelling and rescheduling). The token rides in the query, which the request log never writes (server/middleware.ts). */
export const BOOKING_MANAGE_PATH = "/mentoring/booking";

/**
 * The learner's links for a booking's mails and invite. One "manage" token opens
 * `/mentoring/booking?token=<token>`, the page that shows the booking and offers cancel and reschedule
 * (each still a deliberate click there, so a mail scanner that follows links changes nothing);
 * the cancel, reschedule and confirm links are that page with `#cancel` / `#reschedule` /
 * `#confirm`, which jump to the matching section. One token instead of two keeps the mails short and the page simple, and is
 * still signed, for this booking and this purpose only, and useless after the session ends.
 * Signed again for every mail: a reschedule (new end, new sequence) gives new links.
 */
export function bookingLinks(
  publicUrl: string,
  booking: Pick<BookingForMail, "id" | "sequence" | "end">,
): { manageUrl: string; cancelUrl: string; rescheduleUrl: string; confirmUrl: string } {
  const token = signBookingToken({ bookingId: booking.id, purpose: "manage", sequence: booking.sequence, expiresAt: booking.end });
  const manageUrl = `${publicUrl.replace(/\/+$/, "")}${BOOKING_MANAGE_PATH}?token=${token}`;
  return { manageUrl, cancelUrl: `${manageUrl}#cancel`, rescheduleUrl: `${manageUrl}#reschedule`, confirmUrl: `${manageUrl}#confirm` };
}
