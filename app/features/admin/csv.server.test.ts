import { describe, expect, it } from "vitest";
import { toCsv } from "./csv.server";

describe("toCsv", () => {
  const columns = [
    { key: "name" as const, header: "name" },
    { key: "note" as const, header: "note" },
    { key: "at" as const, header: "at" },
  ];

  it("writes a header row, quotes commas, quotes and newlines, and ISO dates", () => {
    const csv = toCsv(columns, [{ name: 'Ada, "the first"', note: "line 1\nline 2", at: new Date("2026-01-02T03:04:05Z") }]);
    const [header, ...rest] = csv.replace(/^\uFEFF/, "").split("\n");
    expect(header).toBe("name,note,at");
    expect(rest.join("\n")).toBe('"Ada, ""the first""","line 1\nline 2",2026-01-02T03:04:05.000Z\n');
  });

  it("starts with a BOM so spreadsheets read UTF-8", () => {
    expect(toCsv(columns, []).startsWith("\uFEFF")).toBe(true);
  });

  it("keeps cells that look like formulas as text", () => {
    const csv = toCsv(columns, [
      { name: "=1+1", note: "+SUM(A1)", at: null },
      { name: "-2", note: "@cmd", at: null },
      { name: "plain", note: "a=b", at: null },
    ]);
    expect(csv).toContain("'=1+1,'+SUM(A1),");
    expect(csv).toContain("'-2,'@cmd,");
    expect(csv).toContain("plain,a=b,");
  });
});
