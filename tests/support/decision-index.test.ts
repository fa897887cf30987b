import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * docs/decisions/README.md lists every decision record with its status, and a
 * record that a later one changed or superseded says so at its top, so a reader
 * who opens an old record is not misled.
 */
const folder = path.resolve(import.meta.dirname, "../../docs/decisions");
const index = fs.readFileSync(path.join(folder, "README.md"), "utf8");
const records = fs.readdirSync(folder).filter((file) => /^\d{4}-.*\.md$/.test(file));
const rows = [...index.matchAll(/^\| (\d{4}) \| \[[^\]]+\]\(([^)]+)\) \| ([^|]+) \|$/gm)].map(([, number, file, status]) => ({
  number: number!,
  file: file!,
  status: status!.trim(),
}));

describe("the decision index", () => {
  it("lists every record once, by its file, and nothing that is not there", () => {
    expect(rows.map((row) => row.file).sort()).toEqual([...records].sort());
    for (const row of rows) expect(row.file.startsWith(`${row.number}-`), row.file).toBe(true);
  });

  it("gives each record a status, and a changed or superseded record names its successor at its top", () => {
    for (const row of rows) {
      expect(row.status, row.file).toMatch(/^(Accepted|Changed by \d{4}|Superseded by \d{4})\b/);
      const successor = /^(?:Changed|Superseded) by (\d{4})/.exec(row.status)?.[1];
      if (!successor) continue;
      expect(
        records.some((file) => file.startsWith(`${successor}-`)),
        `${row.file} names ${successor}`,
      ).toBe(true);
      const top = fs.readFileSync(path.join(folder, row.file), "utf8").split("\n").slice(0, 25).join("\n");
      expect(top, `${row.file} should mention ${successor} near its top`).toContain(successor);
    }
  });
});
