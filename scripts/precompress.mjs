/**
 * Writes Brotli (.br, quality 11) and gzip (.gz, level 9) copies of the
 * client build's text assets, so the server sends them without compressing
 * on every request (server/app.ts serves them with express-static-gzip).
 * Run by `npm run build` after the Vite build: node scripts/precompress.mjs [dir]
 */
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import zlib from "node:zlib";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dir = path.resolve(process.argv[2] ?? path.join(root, "build/client/assets"));
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|xml|html|map)$/;
const MIN_BYTES = 1024;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

let files = 0;
let before = 0;
let afterBrotli = 0;
for (const entry of await fs.readdir(dir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  const body = await fs.readFile(file);
  if (body.length < MIN_BYTES) continue;
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    }),
    gzip(body, { level: 9 }),
  ]);
  await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
  files++;
  before += body.length;
  afterBrotli += br.length;
}
process.stderr.write(
  `[nordlys] Precompressed ${files} files in ${path.relative(root, dir)}: ${(before / 1024).toFixed(0)} KB -> ${(afterBrotli / 1024).toFixed(0)} KB Brotli\n`,
);
