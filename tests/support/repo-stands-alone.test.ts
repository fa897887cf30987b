import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The repository stands alone: its code and docs point at documents in the repo
 * (docs/product.md, docs/architecture.md, docs/decisions/), never at a specification
 * or notes kept elsewhere, or at a tracker's issue numbers, which a reader of the
 * repo cannot open.
 */
const root = path.resolve(import.meta.dirname, "../..");

const OUTSIDE_REFERENCES: Array<[string, RegExp]> = [
  ["a specification kept outside the repo", /\bSPEC(?:\.md|'s)?\b/],
  ["notes kept outside the repo", /\bNOTES(?:\.md)?\b/],
  ["a tracker issue number", /\b[Ii]ssues? #\d+|\([Ii]ssue \d{1,3}\)|\b[Ii]ssue \d{1,3}(?![\d-])/],
];

/** Text files git tracks (and new ones not ignored), without generated or vendored ones. */
function trackedTextFiles(): string[] {
  const listed = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { cwd: root, encoding: "utf8" });
  return listed
    .split("\n")
    .filter((file) => /\.(ts|tsx|js|mjs|cjs|md|json|css|sql|yaml|yml|example)$|(^|\/)(Dockerfile|README)$/.test(file))
    .filter((file) => !/^(drizzle\/meta\/|package-lock\.json$|bench\/results\.json$)/.test(file))
    .filter((file) => file !== "tests/support/repo-stands-alone.test.ts")
    .filter((file) => fs.existsSync(path.join(root, file)));
}

describe("the repository stands alone", () => {
  it("cites no document outside the repo and no tracker issue number", () => {
    const found: string[] = [];
    for (const file of trackedTextFiles()) {
      const lines = fs.readFileSync(path.join(root, file), "utf8").split("\n");
      lines.forEach((line, index) => {
        for (const [what, pattern] of OUTSIDE_REFERENCES) {
          if (pattern.test(line)) found.push(`${file}:${index + 1}: ${what}: ${line.trim().slice(0, 120)}`);
        }
      });
    }
    expect(found).toEqual([]);
  });
});
