/**
 * `npm run images`: turns the source artwork in images/ into the optimised files
 * the site serves from public/images/ (docs/content.md).
 *
 *   images/projects/<slug>.(svg|png|jpg|jpeg|webp)
 *     -> public/images/projects/<slug>-{640,960,1280}.{avif,webp}   (16:10, the page picks a size)
 *     -> public/images/projects/<slug>-og.jpg                        (1200x630, for link previews)
 *   images/projects/screens/<name>.(svg|png|jpg|jpeg|webp)
 *     -> public/images/projects/screens/<name>-{640,960,1280}.{avif,webp}   (case-study screens, 16:10)
 *   images/site/og-default.svg -> public/images/og-default.jpg
 *
 * Outputs are committed, so neither the build nor CI needs sharp's native binary.
 * Files are only rebuilt when their source is newer (pass --force to redo all).
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const force = process.argv.includes("--force");
export const PROJECT_WIDTHS = [640, 960, 1280];
const SOURCE_TYPES = /\.(svg|png|jpe?g|webp)$/i;

/** @param {string} source @param {string[]} outputs */
function isFresh(source, outputs) {
  if (force) return false;
  const sourceTime = fs.statSync(source).mtimeMs;
  return outputs.every((output) => fs.existsSync(output) && fs.statSync(output).mtimeMs >= sourceTime);
}

/** @param {string} source */
function load(source) {
  // SVGs are rendered at a high density so the 1280 px variant stays sharp.
  return sharp(source, source.endsWith(".svg") ? { density: 144 } : {});
}

/** The 1200x630 JPEG a link preview shows. @param {string} source @param {string} output */
async function writePreview(source, output) {
  await load(source).resize({ width: 1200, height: 630, fit: "cover" }).jpeg({ quality: 82, mozjpeg: true }).toFile(output);
}

/**
 * The 16:10 AVIF and WebP files, one pair a width, of each source image in `sourceDir`, and with
 * `preview` its link-preview JPEG as well (projects have one, case-study screens do not).
 * @param {string} sourceDir @param {string} outDir @param {{ preview: boolean }} options
 */
async function sizedImages(sourceDir, outDir, { preview }) {
  if (!fs.existsSync(sourceDir)) return 0;
  fs.mkdirSync(outDir, { recursive: true });
  let built = 0;
  for (const file of fs.readdirSync(sourceDir).filter((name) => SOURCE_TYPES.test(name))) {
    const name = file.replace(SOURCE_TYPES, "");
    const source = path.join(sourceDir, file);
    const outputs = PROJECT_WIDTHS.flatMap((width) => ["avif", "webp"].map((format) => path.join(outDir, `${name}-${width}.${format}`)));
    const og = path.join(outDir, `${name}-og.jpg`);
    if (isFresh(source, preview ? [...outputs, og] : outputs)) continue;
    for (const width of PROJECT_WIDTHS) {
      const resized = load(source).resize({ width, height: Math.round((width * 10) / 16), fit: "cover" });
      await resized
        .clone()
        .avif({ quality: 55, effort: 6 })
        .toFile(path.join(outDir, `${name}-${width}.avif`));
      await resized
        .clone()
        .webp({ quality: 78 })
        .toFile(path.join(outDir, `${name}-${width}.webp`));
    }
    if (preview) await writePreview(source, og);
    built++;
  }
  return built;
}

async function siteImages() {
  const source = path.join(root, "images", "site", "og-default.svg");
  const output = path.join(root, "public", "images", "og-default.jpg");
  if (!fs.existsSync(source) || isFresh(source, [output])) return 0;
  await writePreview(source, output);
  return 1;
}

const projects = path.join(root, "images", "projects");
const projectsOut = path.join(root, "public", "images", "projects");
const count =
  (await sizedImages(projects, projectsOut, { preview: true })) +
  (await sizedImages(path.join(projects, "screens"), path.join(projectsOut, "screens"), { preview: false })) +
  (await siteImages());
console.log(count ? `Built images from ${count} source file(s).` : "Images are up to date.");
