import { describe, expect, it } from "vitest";
import { compareCounts, formatComparison } from "./backup-check";

/** Row counts as the check reads them, from `{ table: rows }`. */
const counts = (tables: Record<string, number>) => Object.entries(tables).map(([table, rows]) => ({ table, rows }));

describe("backup check comparison", () => {
  it("passes only when every table has the same count on both sides", () => {
    const same = compareCounts(counts({ "public.leads": 3, "public.ai_news": 40 }), counts({ "public.ai_news": 40, "public.leads": 3 }));
    expect(same).toEqual([
      { table: "public.ai_news", source: 40, restored: 40, ok: true },
      { table: "public.leads", source: 3, restored: 3, ok: true },
    ]);
  });

  it("flags a different count, a table lost in the restore and an unexpected one", () => {
    const rows = compareCounts(counts({ "public.ai_news": 40, "public.leads": 3 }), counts({ "public.ai_news": 39, "public.stray": 0 }));
    expect(rows.map((row) => row.ok)).toEqual([false, false, false]);
    const report = formatComparison(rows);
    expect(report.split("\n")).toEqual([
      "table           source rows  restored rows  check",
      "--------------  -----------  -------------  ---------",
      "public.ai_news           40             39  DIFFERENT",
      "public.leads              3        missing  DIFFERENT",
      "public.stray        missing              0  DIFFERENT",
    ]);
  });
});
