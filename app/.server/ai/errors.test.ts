import { afterEach, expect, it } from "vitest";
import { resetEnvForTests } from "../env";
import { describeForLog } from "./errors";

afterEach(() => {
  delete process.env.AI_API_KEY;
  resetEnvForTests();
});

it("keeps API keys out of the log text of provider errors", () => {
  process.env.AI_API_KEY = "custom-key-0123456789abcdef";
  resetEnvForTests();
  const logged = describeForLog(new Error("Incorrect API key provided: custom-key-0123456789abcdef (also sk-proj-abcdefghijklmnop)"));
  expect(logged).not.toContain("custom-key-0123456789abcdef");
  expect(logged).not.toContain("abcdefghijklmnop");
  expect(logged).toContain("Incorrect API key provided: [redacted]");
});

it("describes errors that are not Error objects, even undefined", () => {
  expect(describeForLog(undefined)).toBe("undefined");
  expect(describeForLog({ status: 500 })).toBe('{"status":500}');
});
