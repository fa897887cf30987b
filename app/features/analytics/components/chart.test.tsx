import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { barChart } from "../charts.server";
import { Chart } from "./chart";

/** The AI chart's "Daily budget" label (docs/admin.md): it stays inside the plot, never over the panel's CSV link above it. */
describe("the budget line's label", () => {
  const text = { id: "chart-ai", title: "AI requests per day", description: "AI requests per day." };
  const label = (requests: number[]) => {
    const chart = barChart(
      text,
      requests.map((_, i) => `2026-11-${String(i + 1).padStart(2, "0")}`),
      [{ name: "AI requests", tone: "violet", values: requests }],
      {
        reference: { value: 2000, text: "Daily budget 2,000" },
      },
    );
    const html = renderToStaticMarkup(createElement(Chart, { chart }));
    return /<span aria-hidden="true" class="([^"]*)"[^>]*>Daily budget 2,000<\/span>/.exec(html)?.[1] ?? "";
  };

  it("goes under its line when the line is at the top of the plot (no request near the budget)", () => {
    expect(label([3, 5, 0, 2])).toContain("translate-y-[120%]");
    expect(label([3, 5, 0, 2])).not.toContain("translate-y-[-120%]");
  });

  it("stays above its line when the line is lower in the plot", () => {
    expect(label([3000, 500, 100])).toContain("translate-y-[-120%]");
  });
});
