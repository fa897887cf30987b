/**
 * `npm run lighthouse`: Lighthouse scores for every public page of the
 * production build (the sitemap's pages, with one project page standing for
 * the ten, and a news story), on a phone (Lighthouse's default mobile
 * emulation and throttling) and on desktop.
 *
 * Starts its own server (a fresh embedded database in a temp folder, with 20
 * news stories stored and each page requested once, as on a running site) on
 * LIGHTHOUSE_PORT (default 4399), uses CHROMIUM_PATH (default /usr/bin/chromium),
 * prints the four category scores, LCP, TBT, CLS and the JavaScript sent for /.
 * A benchmark, not a test: it always exits 0 once it has printed its figures.
 *
 *   npm run lighthouse                                 every page, mobile and desktop
 *   npm run lighthouse -- --runs 3                     median of three runs per page
 *   npm run lighthouse -- --form-factor mobile         one device only
 *   npm run lighthouse -- --pages /,/projects          some pages only
 */
import fs from "node:fs";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { seedStories, startServer } from "../bench/support.mjs";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../tests/e2e/support/chromium.ts";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "1" },
    "form-factor": { type: "string", default: "both" },
    pages: { type: "string" },
  },
});
const port = Number(process.env.LIGHTHOUSE_PORT ?? 4399);
const baseUrl = `http://127.0.0.1:${port}`;
const runs = Math.max(1, Number(values.runs) || 1);
const formFactors = values["form-factor"] === "both" ? ["mobile", "desktop"] : [values["form-factor"]];
const categories = ["performance", "accessibility", "best-practices", "seo"];

/** @param {number[]} values @returns {number} the middle one (of at least one) */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return /** @type {number} */ (sorted[Math.floor(sorted.length / 2)]);
}

/**
 * @typedef {object} Sample
 * @property {Record<string, number>} scores per category, 0-100
 * @property {number} lcp
 * @property {number} tbt
 * @property {number} cls
 * @property {number} scriptBytes
 * @property {string[]} failed the binary audits that failed
 */

/**
 * @param {string} url
 * @param {string} formFactor "mobile" or "desktop"
 * @param {number} chromePort
 * @returns {Promise<Sample>}
 */
async function audit(url, formFactor, chromePort) {
  const config = formFactor === "desktop" ? desktopConfig : undefined;
  const result = await lighthouse(url, { port: chromePort, output: "json", logLevel: "error", onlyCategories: categories }, config);
  if (!result) throw new Error(`${url} (${formFactor}): Lighthouse returned no result`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url} (${formFactor}): ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const details = /** @type {{ items?: Array<{ resourceType?: string, transferSize?: number }> } | undefined} */ (
    lhr.audits["network-requests"]?.details
  );
  const scripts = (details?.items ?? []).filter((item) => item.resourceType === "Script");
  return {
    scores: Object.fromEntries(categories.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)])),
    lcp: lhr.audits["largest-contentful-paint"]?.numericValue ?? 0,
    tbt: lhr.audits["total-blocking-time"]?.numericValue ?? 0,
    cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0,
    scriptBytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    failed: Object.values(lhr.audits)
      .filter((item) => item.score !== null && item.score < 0.9 && item.scoreDisplayMode === "binary")
      .map((item) => item.id),
  };
}

// The news pages as visitors see them (with stories), not as on a fresh install: stored,
// then the server started again, so that no page was rendered before the stories were there.
const setup = await startServer({ port });
await seedStories(setup.dataDir, 20);
await setup.stop({ keepData: true });
const server = await startServer({ port, dataDir: setup.dataDir });

/** Every page of the sitemap, one project page for the ten, and a story. */
async function publicPages() {
  const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? "/", baseUrl).pathname);
  const story = /href="(\/ai-news\/[0-9a-f-]{36})"/.exec(await (await fetch(`${baseUrl}/ai-news`)).text())?.[1];
  return [...listed.filter((page) => !page.startsWith("/projects/")), "/projects/lawsecai", ...(story ? [story] : [])];
}
const pages = values.pages ? values.pages.split(",") : await publicPages();
// As on a running site, each page has been asked for before (it is in the page cache).
for (const page of pages) await (await fetch(`${baseUrl}${page}`)).arrayBuffer();
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: ["--headless=new", ...CHROMIUM_FLAGS],
});

/** @type {Array<{ page: string, formFactor: string, performance: number, accessibility: number, bestPractices: number, seo: number, lcp: number, tbt: number, cls: number, scriptBytes: number, failed: string[] }>} */
const rows = [];
try {
  for (const formFactor of formFactors) {
    for (const page of pages) {
      /** @type {Sample[]} */
      const samples = [];
      for (let run = 0; run < runs + 2 && samples.length < runs; run++) {
        // A run that fails (e.g. no paint within Lighthouse's limit on a busy machine) is retried, at most twice.
        try {
          samples.push(await audit(`${baseUrl}${page}`, formFactor, chrome.port));
        } catch (error) {
          process.stderr.write(`\n${error instanceof Error ? error.message : String(error)}\n`);
        }
      }
      if (!samples.length) continue;
      const pick = (/** @type {(sample: Sample) => number} */ get) => median(samples.map(get));
      rows.push({
        page,
        formFactor,
        performance: pick((s) => s.scores.performance ?? 0),
        accessibility: pick((s) => s.scores.accessibility ?? 0),
        bestPractices: pick((s) => s.scores["best-practices"] ?? 0),
        seo: pick((s) => s.scores.seo ?? 0),
        lcp: pick((s) => s.lcp),
        tbt: pick((s) => s.tbt),
        cls: pick((s) => s.cls),
        scriptBytes: pick((s) => s.scriptBytes),
        failed: [...new Set(samples.flatMap((s) => s.failed))],
      });
      process.stderr.write(".");
    }
  }
} finally {
  await chrome.kill();
  await server.stop();
  fs.rmSync(setup.dataDir, { recursive: true, force: true });
}

process.stderr.write("\n");
const pad = (/** @type {string | number} */ value, /** @type {number} */ width) => String(value).padEnd(width);
console.log(`Lighthouse ${runs > 1 ? `(median of ${runs} runs) ` : ""}against the production build, ${baseUrl}`);
console.log(
  `${pad("page", 52)}${pad("device", 9)}${pad("perf", 6)}${pad("a11y", 6)}${pad("best", 6)}${pad("seo", 6)}${pad("LCP", 9)}${pad("TBT", 8)}CLS`,
);
for (const row of rows) {
  console.log(
    `${pad(row.page, 52)}${pad(row.formFactor, 9)}${pad(row.performance, 6)}${pad(row.accessibility, 6)}${pad(row.bestPractices, 6)}${pad(row.seo, 6)}` +
      `${pad(`${(row.lcp / 1000).toFixed(2)} s`, 9)}${pad(`${Math.round(row.tbt)} ms`, 8)}${row.cls.toFixed(3)}`,
  );
}
const home = rows.find((row) => row.page === "/" && row.formFactor === "mobile");
if (home)
  console.log(
    `JavaScript transferred for / (Brotli, with HTTP headers, as Lighthouse counts it): ${(home.scriptBytes / 1024).toFixed(1)} KB, ` +
      `${home.scriptBytes <= 120 * 1024 ? "within" : "over"} the 120 KB budget (npm run bench reports the gzip size per page)`,
  );
const failing = rows.filter((row) => row.failed.length);
for (const row of failing) console.log(`Failed binary audits on ${row.page} (${row.formFactor}): ${row.failed.join(", ")}`);
const belowTarget = rows.filter((row) =>
  row.formFactor === "mobile"
    ? row.performance < 100 ||
      row.accessibility < 100 ||
      row.bestPractices < 100 ||
      row.seo < 100 ||
      row.cls > 0 ||
      row.lcp > 1200 ||
      row.tbt >= 100
    : row.lcp >= 800 || row.cls > 0,
);
console.log(
  belowTarget.length
    ? `Below target (mobile: perf 100, others 100, LCP ≤ 1.2 s, TBT < 100 ms, CLS 0; desktop: LCP < 0.8 s): ${belowTarget.map((row) => `${row.page} (${row.formFactor})`).join(", ")}`
    : "All targets met (mobile: perf 100, others 100, LCP ≤ 1.2 s, TBT < 100 ms, CLS 0; desktop: LCP < 0.8 s).",
);
