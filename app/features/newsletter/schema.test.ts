import { describe, expect, it } from "vitest";
import { z } from "zod";
import { NEWSLETTER_EMAIL_PATTERN, newsletterMessages, parseSignup } from "./schema";

describe("newsletter sign-up validation (docs/product.md#newsletter)", () => {
  it("trims and lowercases", () => {
    expect(parseSignup({ email: "  Ada.Lovelace@Example.COM " })).toEqual({ success: true, email: "ada.lovelace@example.com" });
  });

  it("answers the product's messages", () => {
    expect(parseSignup({ email: "   " })).toEqual({ success: false, error: newsletterMessages.emailRequired });
    expect(parseSignup({})).toEqual({ success: false, error: newsletterMessages.emailRequired });
    expect(parseSignup({ email: "not-an-address" })).toEqual({ success: false, error: newsletterMessages.emailInvalid });
    expect(parseSignup({ email: `${"a".repeat(250)}@example.com` })).toEqual({ success: false, error: newsletterMessages.emailTooLong });
    expect(newsletterMessages.emailTooLong).toBe("Email must be less than 255 characters");
  });

  it("accepts 255 characters", () => {
    const email = `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(58)}.com`;
    expect(email.length).toBe(255);
    expect(parseSignup({ email }).success).toBe(true);
  });

  it("checks addresses exactly as zod's z.email() does in the other forms", () => {
    expect(NEWSLETTER_EMAIL_PATTERN.source).toBe(z.regexes.email.source);
    for (const email of [
      "a@b.co",
      "first.last+tag@sub.example.org",
      ".dot@example.com",
      "a..b@example.com",
      "a@b",
      "a@-b.com",
      "ünï@example.com",
    ]) {
      expect(parseSignup({ email }).success, email).toBe(z.email().safeParse(email).success);
    }
  });

  it("refuses a body that is not an object and an address that is not text", () => {
    expect(parseSignup(["a@b.co"])).toEqual({ success: false, error: newsletterMessages.bodyNotObject });
    expect(parseSignup({ email: 42 })).toEqual({ success: false, error: newsletterMessages.emailInvalid });
  });
});
