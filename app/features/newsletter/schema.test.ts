import { describe, expect, it } from "vitest";
import { newsletterMessages, parseSignup } from "./schema";

describe("newsletter sign-up validation (SPEC section 5)", () => {
  it("trims and lowercases", () => {
    expect(parseSignup({ email: "  Ada.Lovelace@Example.COM " })).toEqual({ success: true, email: "ada.lovelace@example.com" });
  });

  it("answers SPEC's messages", () => {
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
});
