/**
 * The system Chromium that the browser tests, `npm run screenshots`, `npm run lighthouse` and
 * `npm run bench` drive (CHROMIUM_PATH, set by scripts/tasks.mjs), and the flags they all start
 * it with: no sandbox, GPU or /dev/shm, and none of the browser's own network traffic.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
