import { describe, expect, it } from "vitest";
import { setAppSecret } from "~/.server/secret";
import { bookingLinks, signBookingToken, verifyBookingToken } from "./booking-links.server";

setAppSecret("booking-link-test-secret-booking-link-test-0000");

const bookingId = "3f6c1a52-9b1e-4d7a-8c2f-5e4b7a9d0c11";
const end = new Date("2027-03-28T10:00:00Z");
const before = new Date("2027-03-20T12:00:00Z");

describe("booking tokens", () => {
  it("round-trips the booking id and sequence, and does not show the id", () => {
    const token = signBookingToken({ bookingId, purpose: "manage", sequence: 3, expiresAt: end });
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(token).not.toContain(bookingId);
    expect(verifyBookingToken(token, "manage", before)).toEqual({ bookingId, sequence: 3 });
  });

  it("rejects a token made for another purpose", () => {
    const cancel = signBookingToken({ bookingId, purpose: "cancel", sequence: 0, expiresAt: end });
    expect(verifyBookingToken(cancel, "cancel", before)).not.toBeNull();
    expect(verifyBookingToken(cancel, "reschedule", before)).toBeNull();
    expect(verifyBookingToken(cancel, "manage", before)).toBeNull();
  });

  it("is useless once it expires (the session's end)", () => {
    const token = signBookingToken({ bookingId, purpose: "manage", sequence: 0, expiresAt: end });
    expect(verifyBookingToken(token, "manage", new Date(end.getTime() - 1000))).not.toBeNull();
    expect(verifyBookingToken(token, "manage", end)).toBeNull();
    expect(verifyBookingToken(token, "manage", new Date(end.getTime() + 60_000))).toBeNull();
  });

  it("rejects every single-character change", () => {
    const token = signBookingToken({ bookingId, purpose: "manage", sequence: 1, expiresAt: end });
    for (let i = 0; i < token.length; i++) {
      const swapped = token[i] === "A" ? "B" : "A";
      expect(verifyBookingToken(token.slice(0, i) + swapped + token.slice(i + 1), "manage", before)).toBeNull();
    }
  });

  it("rejects a token signed with another secret", () => {
    const token = signBookingToken({ bookingId, purpose: "manage", sequence: 1, expiresAt: end });
    setAppSecret("another-secret-another-secret-another-secret-00");
    try {
      expect(verifyBookingToken(token, "manage", before)).toBeNull();
    } finally {
      setAppSecret("booking-link-test-secret-booking-link-test-0000");
    }
    expect(verifyBookingToken(token, "manage", before)).not.toBeNull();
  });

  it("rejects malformed, empty and over-long input", () => {
    const token = signBookingToken({ bookingId, purpose: "manage", sequence: 1, expiresAt: end });
    for (const bad of [
      undefined,
      null,
      "",
      "a",
      "!!!!",
      `${token}=`,
      `${token} `,
      token.slice(0, -1),
      `${token}AAAA`,
      "A".repeat(10_000),
    ]) {
      expect(verifyBookingToken(bad, "manage", before)).toBeNull();
    }
  });

  it("refuses to sign ids or values it cannot carry", () => {
    expect(() => signBookingToken({ bookingId: "", purpose: "manage", sequence: 0, expiresAt: end })).toThrow();
    expect(() => signBookingToken({ bookingId: "a/b", purpose: "manage", sequence: 0, expiresAt: end })).toThrow();
    expect(() => signBookingToken({ bookingId: "x".repeat(65), purpose: "manage", sequence: 0, expiresAt: end })).toThrow();
    expect(() => signBookingToken({ bookingId, purpose: "manage", sequence: -1, expiresAt: end })).toThrow();
    expect(() => signBookingToken({ bookingId, purpose: "manage", sequence: 0, expiresAt: new Date(Number.NaN) })).toThrow();
  });

  it("carries a 64-character id", () => {
    const long = "b".repeat(64);
    const token = signBookingToken({ bookingId: long, purpose: "reschedule", sequence: 7, expiresAt: end });
    expect(verifyBookingToken(token, "reschedule", before)).toEqual({ bookingId: long, sequence: 7 });
  });
});

describe("bookingLinks", () => {
  it("gives absolute links to the manage page, cancel, reschedule and confirm as its sections", () => {
    const links = bookingLinks("https://nordlys.test/", { id: bookingId, sequence: 2, end });
    // The token rides in the query: the request log writes query values as "…" (server/middleware.ts).
    expect(links.manageUrl).toMatch(/^https:\/\/nordlys\.test\/mentoring\/booking\?token=[A-Za-z0-9_-]+$/);
    expect(links.cancelUrl).toBe(`${links.manageUrl}#cancel`);
    expect(links.rescheduleUrl).toBe(`${links.manageUrl}#reschedule`);
    expect(links.confirmUrl).toBe(`${links.manageUrl}#confirm`);
    const token = new URL(links.manageUrl).searchParams.get("token")!;
    expect(verifyBookingToken(token, "manage", before)).toEqual({ bookingId, sequence: 2 });
    expect(verifyBookingToken(token, "cancel", before)).toBeNull();
  });
});
