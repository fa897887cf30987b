import { describe, expect, it } from "vitest";
import { cn } from "./cn";

describe("cn", () => {
  it("joins class names and leaves out what is off", () => {
    expect(cn("ui-button", false, undefined, null, "mt-4", { "ui-button-primary": true, hidden: false })).toBe(
      "ui-button mt-4 ui-button-primary",
    );
    expect(cn(["a", ["b"]], "")).toBe("a b");
  });

  it("does not merge: overriding a primitive's look is the cascade's job (components layer)", () => {
    expect(cn("ui-card", "p-0")).toBe("ui-card p-0");
  });
});
