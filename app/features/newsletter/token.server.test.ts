import { describe, expect, it } from "vitest";
import { setAppSecret } from "~/.server/secret";
import { createNewsletterToken, verifyNewsletterToken } from "./token.server";

setAppSecret("token-test-secret-token-test-secret-00000");
const id = "0b8f4f0e-7a65-4c3e-9d59-2f1b0f6f9a11";

describe("newsletter tokens", () => {
  it("round-trips the subscription id and the issue time, and is opaque", () => {
    const issuedAt = new Date("2026-11-21T08:00:00Z");
    const token = createNewsletterToken("unsubscribe", id, issuedAt);
    expect(token).toMatch(/^[A-Za-z0-9_-]{51}$/);
    expect(token).not.toContain(id.slice(0, 8));
    expect(verifyNewsletterToken("unsubscribe", token)).toEqual({ subscriptionId: id, issuedAt });
  });

  it("rejects a token made for the other purpose", () => {
    expect(verifyNewsletterToken("confirm", createNewsletterToken("unsubscribe", id))).toBeNull();
    expect(verifyNewsletterToken("unsubscribe", createNewsletterToken("confirm", id))).toBeNull();
  });

  it("rejects every single-character change", () => {
    const token = createNewsletterToken("unsubscribe", id);
    for (let i = 0; i < token.length; i++) {
      const swapped = token[i] === "A" ? "B" : "A";
      expect(verifyNewsletterToken("unsubscribe", token.slice(0, i) + swapped + token.slice(i + 1))).toBeNull();
    }
  });

  it("rejects base64 e-mail addresses (an earlier design's scheme), empty and odd input", () => {
    expect(verifyNewsletterToken("unsubscribe", Buffer.from("ada@example.com").toString("base64"))).toBeNull();
    expect(verifyNewsletterToken("unsubscribe", btoa("someone.with.a.long.address@example-domain.com"))).toBeNull();
    expect(verifyNewsletterToken("unsubscribe", "")).toBeNull();
    expect(verifyNewsletterToken("unsubscribe", null)).toBeNull();
    expect(verifyNewsletterToken("unsubscribe", "x".repeat(51))).toBeNull();
  });

  it("rejects a token signed with another secret", () => {
    const token = createNewsletterToken("unsubscribe", id);
    setAppSecret("another-secret-another-secret-another-0000");
    try {
      expect(verifyNewsletterToken("unsubscribe", token)).toBeNull();
    } finally {
      setAppSecret("token-test-secret-token-test-secret-00000");
    }
  });
});
