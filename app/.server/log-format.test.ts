import { describe, expect, it } from "vitest";
import { defaultLogLevel, logFormat } from "./log-format";

describe("logFormat", () => {
  it("is text for a person at a terminal and JSON for a collector, unless LOG_FORMAT says", () => {
    expect(logFormat(undefined, true)).toBe("text");
    expect(logFormat(undefined, false)).toBe("json");
    expect(logFormat("json", true)).toBe("json");
    expect(logFormat("text", false)).toBe("text");
  });

  it("keeps info lines in the JSON log and leaves them out under the readable summary", () => {
    expect(defaultLogLevel("json", "production")).toBe("info");
    expect(defaultLogLevel("text", "production")).toBe("warn");
  });
});
