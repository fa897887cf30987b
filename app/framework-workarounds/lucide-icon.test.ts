import { readFile } from "node:fs/promises";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
// lucide's own runtime (the production build swaps in ours: ./lucide-vite-plugin.ts).
import { createLucideIcon as lucidesOwn } from "lucide-react";
import createLucideIcon from "./lucide-icon";
import { slimIconFile } from "./lucide-vite-plugin";

type IconData = Parameters<typeof createLucideIcon>[0];
/** lucide's data for one icon, as its icon file exports it. */
function iconFile(name: string): string {
  return `../../node_modules/lucide-react/dist/esm/icons/${name}.mjs`;
}
async function iconData(name: string): Promise<IconData> {
  return ((await import(/* @vite-ignore */ iconFile(name))) as { __iconData: IconData }).__iconData;
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

  it("renders the same from an icon file as the build rewrites it (no keys, no default size)", async () => {
    for (const name of ["sparkles", "x", "chart-line", "mail"]) {
      const source = await readFile(new URL(iconFile(name), import.meta.url), "utf8");
      const slimmed = slimIconFile(source);
      expect(slimmed).not.toMatch(/key: "|size: 24|^__iconData\.node;$/m);
      // The icon data object as the rewritten file declares it.
      const literal = /const __iconData = (\{[\s\S]*?\n\});/.exec(slimmed)?.[1];
      const slim = new Function(`return ${literal}`)() as IconData;
      const full = await iconData(name);
      for (const props of [{}, { className: "size-4" }, { size: 32 }]) {
        expect(renderToStaticMarkup(createElement(createLucideIcon(slim), props))).toBe(
          renderToStaticMarkup(createElement(createLucideIcon(full), props)),
        );
      }
    }
  });
});
