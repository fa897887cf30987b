import { describe, expect, it } from "vitest";
import { cn } from "./cn";

describe("cn", () => {
  it("keeps a type-scale size next to a text colour", () => {
    expect(cn("text-h2", "text-white")).toBe("text-h2 text-white");
  });

  it("lets a later size override an earlier one", () => {
    expect(cn("text-h2", "text-lg")).toBe("text-lg");
    expect(cn("px-2", "px-4")).toBe("px-4");
  });
});
