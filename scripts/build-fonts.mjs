/**
 * `npm run fonts`: the site's font files, cut down to what the site uses
 * (docs/decisions/0083-font-subsets.md, 0199, 0200).
 *
 *   @fontsource-variable/inter          latin file -> app/fonts/inter-latin-{core,extra}.woff2
 *   @fontsource-variable/space-grotesk  latin file -> app/fonts/space-grotesk-latin-{core,extra}.woff2
 *
 * "core" has the characters nearly every page uses and is preloaded; "extra" the
 * rest of the copy's characters, fetched only by a page that shows one
 * (app/fonts/core-characters.ts); Inter also has "figures", its digits with
 * tabular figures. Each keeps kerning and tabular figures (Inter's core kerning
 * only), and the weights the stylesheet uses (Inter: 400-600). app/app.css declares them after Fontsource's faces with the same
 * descriptors, so they win for those characters and Fontsource's full files
 * still cover anything else (decision 0199).
 *
 * Outputs are committed (the build does not need the subsetter); run this again
 * after upgrading a @fontsource-variable package. It prints the sizes.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import subsetFont from "subset-font";
import { CORE_RANGES, EXTRA_RANGES, FIGURE_RANGES, charactersOf } from "../app/fonts/core-characters.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

// Kerning and tabular figures (the counters and tables use them) only: Inter's contextual forms
// and ligatures cost about 4 KB and the copy does not need them (decision 0199).
const FEATURES = ["kern", "tnum"];

const fonts = [
  {
    source: "node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
    output: "app/fonts/inter-latin",
    // The stylesheet uses font-normal, -medium and -semibold (400-600); bold (a <strong> in
    // model text) is drawn at 600, the axis's end. Each weight of range kept costs bytes the
    // core file has not got (decision 0200).
    variationAxes: { wght: { min: 400, max: 600 } },
  },
  {
    source: "node_modules/@fontsource-variable/space-grotesk/files/space-grotesk-latin-wght-normal.woff2",
    output: "app/fonts/space-grotesk-latin",
  },
];

const parts = [
  { name: "core", text: charactersOf(CORE_RANGES) },
  { name: "extra", text: charactersOf(EXTRA_RANGES) },
];
// Inter's core file leaves out tabular figures (650 bytes of it); its digits with tabular figures
// are a file of their own, for `tabular-nums` text (app/app.css).
const INTER_CORE_FEATURES = ["kern"];

fs.mkdirSync(path.join(root, "app/fonts"), { recursive: true });
for (const font of fonts) {
  const input = fs.readFileSync(path.join(root, font.source));
  const isInter = font.output.endsWith("inter-latin");
  for (const part of isInter ? [...parts, { name: "figures", text: charactersOf(FIGURE_RANGES) }] : parts) {
    const keepFeatures = isInter && part.name === "core" ? INTER_CORE_FEATURES : FEATURES;
    const output = await subsetFont(input, part.text, { targetFormat: "woff2", keepFeatures, variationAxes: font.variationAxes });
    const file = `${font.output}-${part.name}.woff2`;
    fs.writeFileSync(path.join(root, file), output);
    console.log(`${file}: ${(input.length / 1024).toFixed(1)} KB -> ${(output.length / 1024).toFixed(2)} KB`);
  }
}
