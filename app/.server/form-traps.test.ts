import { afterEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "./env";
import { checkFormTraps, createFormStartToken, minFillMs } from "./form-traps";
import { setAppSecret } from "./secret";

setAppSecret("form-traps-test-secret-".padEnd(40, "x"));

const NOW = 1_800_000_000_000;
const check = (input: { honeypot?: unknown; startToken?: unknown }, requireToken = true) =>
  checkFormTraps({ honeypot: input.honeypot ?? "", startToken: input.startToken }, { requireToken, now: NOW });

describe("checkFormTraps", () => {
  it("passes a form with an empty honeypot and a start time at least 3 s old, with its fill time", () => {
    expect(check({ startToken: createFormStartToken(NOW - minFillMs()) })).toEqual({ holdReason: null, fillMs: minFillMs() });
    expect(check({ honeypot: "  ", startToken: createFormStartToken(NOW - 60_000) })).toEqual({ holdReason: null, fillMs: 60_000 });
  });

  describe("with the minimum fill time set (FORM_MIN_FILL_MS)", () => {
    afterEach(() => {
      delete process.env.FORM_MIN_FILL_MS;
      resetEnvForTests();
    });

    it("is 3 s unless set, and holds as too fast only what comes sooner than the setting", () => {
      expect(minFillMs()).toBe(3_000);
      process.env.FORM_MIN_FILL_MS = "0";
      resetEnvForTests();
      expect(check({ startToken: createFormStartToken(NOW) })).toEqual({ holdReason: null, fillMs: 0 });
      process.env.FORM_MIN_FILL_MS = "5000";
      resetEnvForTests();
      expect(check({ startToken: createFormStartToken(NOW - 4_000) })).toEqual({ holdReason: "too-fast", fillMs: 4_000 });
    });
  });

  it("holds, never drops, with a reason an admin can tell apart", () => {
    expect(check({ startToken: createFormStartToken(NOW - 700) })).toEqual({ holdReason: "too-fast", fillMs: 700 });
    expect(check({ honeypot: "https://spam.example", startToken: createFormStartToken(NOW - 9_000) })).toEqual({
      holdReason: "honeypot",
      fillMs: 9_000,
    });
    expect(check({ honeypot: ["x"] })).toMatchObject({ holdReason: "honeypot" });
    expect(check({})).toEqual({ holdReason: "missing-token", fillMs: null });
    expect(check({ startToken: "" })).toEqual({ holdReason: "missing-token", fillMs: null });
    expect(check({ startToken: `${NOW - 60_000}.forged-signature00000` })).toEqual({ holdReason: "bad-token", fillMs: null });
    expect(check({ startToken: 12345 })).toEqual({ holdReason: "bad-token", fillMs: null });
    expect(check({ startToken: "not a token" })).toEqual({ holdReason: "bad-token", fillMs: null });
  });

  it("lets API callers leave the start time out, but judges one when sent", () => {
    expect(check({}, false)).toEqual({ holdReason: null, fillMs: null });
    expect(check({ startToken: createFormStartToken(NOW - 100) }, false)).toMatchObject({ holdReason: "too-fast" });
    expect(check({ honeypot: "filled" }, false)).toMatchObject({ holdReason: "honeypot" });
  });

  it("keeps the stored fill time within a PostgreSQL integer and never negative", () => {
    expect(check({ startToken: createFormStartToken(NOW - 90 * 24 * 3600 * 1000) })).toEqual({
      holdReason: "expired-token",
      fillMs: 2_147_483_647,
    });
    // A start time from the future (clock skew between instances) is not a person's pace either.
    expect(check({ startToken: createFormStartToken(NOW + 5_000) })).toEqual({ holdReason: "too-fast", fillMs: 0 });
  });

  it("holds a start time more than 12 hours old as expired", () => {
    expect(check({ startToken: createFormStartToken(NOW - 11 * 3600 * 1000) })).toMatchObject({ holdReason: null });
    expect(check({ startToken: createFormStartToken(NOW - 13 * 3600 * 1000) })).toMatchObject({ holdReason: "expired-token" });
  });

  it("rejects a start time signed with another secret", () => {
    const token = createFormStartToken(NOW - 60_000);
    setAppSecret("another-secret-another-secret-0000000000");
    try {
      expect(check({ startToken: token })).toEqual({ holdReason: "bad-token", fillMs: null });
    } finally {
      setAppSecret("form-traps-test-secret-".padEnd(40, "x"));
    }
  });
});
