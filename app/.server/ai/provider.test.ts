import { afterEach, describe, expect, it } from "vitest";
import { parseEnv, resetEnvForTests } from "../env";
import { utcDay } from "~/lib/utc-day";
import { secondsUntilNextUtcDay } from "./budget";
import { isAiConfigured } from "./provider";

describe("AI configuration", () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    resetEnvForTests();
  });

  it("has working defaults and names a bad value", () => {
    const env = parseEnv({});
    expect(env.AI_DAILY_REQUEST_BUDGET).toBe(2000);
    expect(env.AI_TIMEOUT_MS).toBe(30_000);
    expect(env.AI_STREAM_TIMEOUT_SECONDS).toBe(120);
    expect(env.AI_MAX_ANSWER_CHARS).toBe(16_000);
    expect(() => parseEnv({ AI_STREAM_TIMEOUT_SECONDS: "0" })).toThrow(/AI_STREAM_TIMEOUT_SECONDS must be at least 1 second/);
    expect(() => parseEnv({ AI_MAX_ANSWER_CHARS: "lots" })).toThrow(/AI_MAX_ANSWER_CHARS must be a number/);
    expect(() => parseEnv({ AI_DAILY_REQUEST_BUDGET: "0" })).toThrow(/AI_DAILY_REQUEST_BUDGET must be at least 1/);
    expect(() => parseEnv({ AI_TIMEOUT_MS: "soon" })).toThrow(/AI_TIMEOUT_MS must be a number/);
    expect(() => parseEnv({ AI_BASE_URL: "http://127.0.0.1:11434/v1" })).toThrow(/AI_MODEL is required/);
  });

  it("is configured only with a base URL and a model", () => {
    delete process.env.AI_BASE_URL;
    delete process.env.AI_MODEL;
    resetEnvForTests();
    expect(isAiConfigured()).toBe(false);
    process.env.AI_BASE_URL = "http://127.0.0.1:11434/v1";
    process.env.AI_MODEL = "llama3.2";
    resetEnvForTests();
    expect(isAiConfigured()).toBe(true);
  });
});

describe("the budget's UTC day", () => {
  it("starts over at midnight UTC", () => {
    const lateEvening = new Date("2026-11-21T23:59:30Z");
    expect(utcDay(lateEvening)).toBe("2026-11-21");
    expect(secondsUntilNextUtcDay(lateEvening)).toBe(30);
    expect(utcDay(new Date("2026-11-22T00:00:00Z"))).toBe("2026-11-22");
    expect(secondsUntilNextUtcDay(new Date("2026-11-22T00:00:00Z"))).toBe(86_400);
  });
});
