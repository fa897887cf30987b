/**
 * `npm run fonts`: the two font files every page loads first, cut down to what
 * the site uses (docs/decisions/0083-font-subsets.md).
 *
 *   @fontsource-variable/inter          latin file -> app/fonts/inter-latin-core.woff2
 *   @fontsource-variable/space-grotesk  latin file -> app/fonts/space-grotesk-latin-core.woff2
 *
 * Each keeps the characters the site's copy uses (app/fonts/core-characters.ts),
 * kerning and tabular figures, and the weights the stylesheet uses (Inter:
 * 400-700). app/app.css declares them after Fontsource's faces with the same
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
import { coreCharacters } from "../app/fonts/core-characters.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

// Kerning and tabular figures (the counters and tables use them) only: Inter's contextual forms
// and ligatures cost about 4 KB and the copy does not need them (decision 0199).
const FEATURES = ["kern", "tnum"];

const fonts = [
  {
    source: "node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
    output: "app/fonts/inter-latin-core.woff2",
    // The stylesheet uses font-normal, -medium, -semibold and -bold only.
    variationAxes: { wght: { min: 400, max: 700 } },
  },
  {
    source: "node_modules/@fontsource-variable/space-grotesk/files/space-grotesk-latin-wght-normal.woff2",
    output: "app/fonts/space-grotesk-latin-core.woff2",
  },
];

const text = coreCharacters();

fs.mkdirSync(path.join(root, "app/fonts"), { recursive: true });
for (const font of fonts) {
  const input = fs.readFileSync(path.join(root, font.source));
  const output = await subsetFont(input, text, { targetFormat: "woff2", keepFeatures: FEATURES, variationAxes: font.variationAxes });
  fs.writeFileSync(path.join(root, font.output), output);
  console.log(`${font.output}: ${(input.length / 1024).toFixed(1)} KB -> ${(output.length / 1024).toFixed(1)} KB`);
}
