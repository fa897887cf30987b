import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { fakeAiProvider } from "./tests/e2e/support/ai-provider.ts";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./tests/e2e/support/chromium.ts";
import { SERVER_NODE_FLAGS } from "./server/node-flags.ts";

/**
 * Browser tests against the production build, served by server/main.ts with a
 * fresh embedded database. Chromium comes from the system (CHROMIUM_PATH, set
 * by `npm test`); Playwright never downloads a browser here.
 */
const port = Number(process.env.E2E_PORT ?? 4317);
const baseURL = `http://127.0.0.1:${port}`;
// The local feed server the app's news refresh reads (tests/fixtures/news/serve-e2e.ts).
const feedPort = Number(process.env.E2E_FEED_PORT ?? port + 1000);
const feedBase = `http://127.0.0.1:${feedPort}`;
// The fake OpenAI-compatible provider (tests/e2e/support/ai-provider.ts), on port + 2000.
const aiProvider = fakeAiProvider(port);

// A second app on port + 3000 shows the site as a fresh install with nothing outside reachable:
// no AI provider and no feed that answers (tests/e2e/degraded.spec.ts reads E2E_DEGRADED_URL).
// It keeps the default minimum fill time of forms (the autofill tests of forms and chat use it).
const degradedPort = Number(process.env.E2E_DEGRADED_PORT ?? port + 3000);
const degradedURL = `http://127.0.0.1:${degradedPort}`;
process.env.E2E_DEGRADED_URL = degradedURL;
// Nothing listens on the discard port: every fetch of its one feed is refused (one source, so the
// pages' singular sentence is the one seen; the plural is the render test's).
const unreachableFeeds = "http://127.0.0.1:9/feeds/frontier-lab.xml";

// Evaluated by the runner and again by each worker: create the folders once.
function dataDir(name: "E2E_DATA_DIR" | "E2E_DEGRADED_DATA_DIR"): string {
  const existing = process.env[name];
  if (existing) return existing;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nordlys-e2e-"));
  fs.chmodSync(dir, 0o755);
  process.env[name] = dir;
  return dir;
}
const mainDataDir = dataDir("E2E_DATA_DIR");
const degradedDataDir = dataDir("E2E_DEGRADED_DATA_DIR");

/** The production server on `port`, with the settings every app under test shares and its own `env`. */
function appServer(appPort: number, url: string, dataDir: string, env: Record<string, string>) {
  return {
    command: `node ${SERVER_NODE_FLAGS.join(" ")} server/main.ts`,
    url: `${url}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
    gracefulShutdown: { signal: "SIGTERM" as const, timeout: 15_000 },
    env: {
      NODE_ENV: "production",
      PORT: String(appPort),
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      NEWS_ALLOW_PRIVATE_HOSTS: "1",
      // The browser is driven by Playwright (navigator.webdriver): count it like a visitor (tests only).
      ANALYTICS_COUNT_AUTOMATED: "1",
      // Every test's browser is one client (127.0.0.1): no per-client beacon limit, and room for all their page views.
      ANALYTICS_BEACON_LIMIT_PER_MINUTE: "0",
      ANALYTICS_MAX_VIEWS_PER_VISITOR_PER_DAY: "100000",
      ...env,
    },
  };
}

/**
 * Chromium's new headless mode is the whole browser: every window preloads the omnibox popups'
 * WebUI pages (chrome://omnibox-popup.top-chrome/), which cost about a third of the browser's CPU
 * per test context on this machine without showing anything a test looks at. Chromium honours
 * only the last --disable-features, so the list Playwright passes is repeated here before ours.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
];
const UNUSED_BROWSER_UI = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "WebUIOmniboxFullPopup", "PreloadTopChromeWebUI"];

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  fullyParallel: true,
  workers: 2,
  // No retries, in CI too: a test that passes only on its second try is a failure to fix, not to hide.
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // The list, and each failed test's page snapshot in the output (CI keeps no test-results/).
  reporter: [["list"], ["./tests/e2e/support/failure-context-reporter.ts"]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  globalTeardown: "./tests/e2e/global-teardown.ts",
  use: {
    baseURL,
    // A trace records a screencast and DOM snapshots of every step of every test; that is about a
    // quarter of the browser suite's time on two cores. CI keeps only the run's output (where the
    // failure-context reporter prints each failed test's page), so it records none; locally a
    // failed test leaves its trace in test-results/.
    trace: process.env.CI ? "off" : "retain-on-failure",
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_FLAGS, `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...UNUSED_BROWSER_UI].join(",")}`],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: [
    {
      command: `node tests/fixtures/news/serve-e2e.ts ${feedPort}`,
      url: `${feedBase}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    appServer(port, baseURL, mainDataDir, {
      LOG_LEVEL: "warn",
      NEWS_FEEDS: ["frontier-lab.xml", "research-weekly.atom", "robotics.json"].map((f) => `${feedBase}/feeds/${f}`).join(","),
      // No run starts because the clock passed :00, :30 or 08:00 during the tests.
      JOB_SCHEDULES: "false",
      // Forms sent at once are not held as too fast here, so no test waits for a person's typing time;
      // the second server keeps the default, and the autofill tests of forms and chat use it.
      FORM_MIN_FILL_MS: "0",
      ...aiProvider.env,
    }),
    aiProvider.webServer,
    appServer(degradedPort, degradedURL, degradedDataDir, {
      LOG_LEVEL: "error",
      NEWS_FEEDS: unreachableFeeds,
      // Scheduled, so the pages can say when the sources are next tried (a run only meets refused feeds).
      JOB_SCHEDULES: "true",
    }),
  ],
});
