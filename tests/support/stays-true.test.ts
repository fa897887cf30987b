import { describe, expect, it } from "vitest";
import { expectStaysTrue } from "./stays-true.ts";

describe("expectStaysTrue", () => {
  it("checks throughout the period and passes when the condition always holds", async () => {
    let checks = 0;
    const started = Date.now();
    await expectStaysTrue(() => (checks++, true), { for: 300, everyMs: 50 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(295);
    expect(checks).toBeGreaterThanOrEqual(5);
  });

  it("fails at the first violation, without waiting out the period", async () => {
    let checks = 0;
    const started = Date.now();
    await expect(expectStaysTrue(() => ++checks < 3, { for: 5_000, everyMs: 20, what: "no second mail" })).rejects.toThrow(
      /^no second mail stopped holding after \d+ ms \(it had to hold for 5000 ms\)$/,
    );
    expect(checks).toBe(3);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("catches a violation that comes and goes between the first and the last check", async () => {
    let checks = 0;
    await expect(expectStaysTrue(() => ++checks !== 4, { for: 400, everyMs: 20 })).rejects.toThrow(/stopped holding/);
  });
});
