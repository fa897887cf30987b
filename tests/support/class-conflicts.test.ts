import { describe, expect, it } from "vitest";
import { findClassConflicts } from "./class-conflicts.ts";

describe("findClassConflicts (the browser tests' check of class lists)", () => {
  it("reports two utilities that set the same property", () => {
    expect(findClassConflicts(["mt-6 block mt-0", "px-2 px-4 text-sm"])).toEqual([
      'mt-6 (overridden in "mt-6 block mt-0")',
      'px-2 (overridden in "px-2 px-4 text-sm")',
    ]);
  });

  it("accepts the design tokens, variants, and the primitives' component classes", () => {
    expect(
      findClassConflicts([
        "text-h2 text-white",
        "p-6 sm:p-8",
        "ui-button ui-button-primary bg-aurora-400 hover:bg-aurora-300",
        "  ui-card   border-aurora-300 ",
      ]),
    ).toEqual([]);
  });
});
