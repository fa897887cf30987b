/**
 * `npm run fonts`: the two font files every page loads first, cut down to what
 * the site uses (docs/decisions/0083-font-subsets.md).
 *
 *   @fontsource-variable/inter          latin file -> app/fonts/inter-latin-core.woff2
 *   @fontsource-variable/space-grotesk  latin file -> app/fonts/space-grotesk-latin-core.woff2
 *
 * Each keeps the characters of the Latin subset that text can contain (not the
 * control characters or combining marks), the OpenType features the site uses
 * (kerning, ligatures, contextual forms, tabular figures) but not the stylistic
 * alternates, and the weights the stylesheet uses (Inter: 400-700). app/app.css
 * declares them after Fontsource's faces with the same descriptors, so they win
 * for those characters and Fontsource's full files still cover anything else.
 *
 * Outputs are committed (the build does not need the subsetter); run this again
 * after upgrading a @fontsource-variable package. It prints the sizes.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import subsetFont from "subset-font";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Must match the unicode-range of the @font-face rules in app/app.css. */
/** @type {Array<[number, number]>} */
const CORE_RANGES = [
  [0x20, 0x7e],
  [0xa0, 0xff],
  [0x131, 0x131],
  [0x152, 0x153],
  [0x2bb, 0x2bc],
  [0x2c6, 0x2c6],
  [0x2da, 0x2da],
  [0x2dc, 0x2dc],
  [0x2000, 0x206f],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2191, 0x2191],
  [0x2193, 0x2193],
  [0x2212, 0x2212],
  [0x2215, 0x2215],
];
const FEATURES = ["kern", "liga", "calt", "ccmp", "locl", "mark", "mkmk", "tnum", "rvrn"];

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

let text = "";
for (const [first, last] of CORE_RANGES) for (let code = first; code <= last; code++) text += String.fromCodePoint(code);

fs.mkdirSync(path.join(root, "app/fonts"), { recursive: true });
for (const font of fonts) {
  const input = fs.readFileSync(path.join(root, font.source));
  const output = await subsetFont(input, text, { targetFormat: "woff2", keepFeatures: FEATURES, variationAxes: font.variationAxes });
  fs.writeFileSync(path.join(root, font.output), output);
  console.log(`${font.output}: ${(input.length / 1024).toFixed(1)} KB -> ${(output.length / 1024).toFixed(1)} KB`);
}
