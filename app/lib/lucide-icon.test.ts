import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
// lucide's own runtime (the production build swaps in ours: vite.config.ts).
import { createLucideIcon as lucidesOwn } from "lucide-react";
import createLucideIcon from "./lucide-icon";

type IconData = Parameters<typeof createLucideIcon>[0];
/** lucide's data for one icon, as its icon file exports it. */
async function iconData(name: string): Promise<IconData> {
  const file = `../../node_modules/lucide-react/dist/esm/icons/${name}.mjs`;
  return ((await import(/* @vite-ignore */ file)) as { __iconData: IconData }).__iconData;
}

describe("our lucide icon runtime", () => {
  it("renders exactly the SVG lucide-react renders, for the ways we use icons", async () => {
    const cases: Record<string, unknown>[] = [
      {},
      { className: "size-4", "aria-hidden": "true" },
      { className: "!size-6 text-aurora-700" },
      { "aria-label": "Close", role: "img" },
      { size: 32, strokeWidth: 1.5, color: "red" },
      { absoluteStrokeWidth: true, size: 48 },
      { className: "lucide size-4" },
    ];
    for (const name of ["sparkles", "x", "chart-line"]) {
      const data = await iconData(name);
      const Ours = createLucideIcon(data);
      const Theirs = (lucidesOwn as unknown as (icon: IconData) => typeof Ours)(data);
      for (const props of cases) {
        expect(renderToStaticMarkup(createElement(Ours, props)), JSON.stringify(props)).toBe(
          renderToStaticMarkup(createElement(Theirs, props)),
        );
      }
    }
  });
});
