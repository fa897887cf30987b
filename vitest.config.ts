import { defineConfig } from "vitest/config";

/**
 * Two projects (docs/architecture.md, "Tests"):
 * - `unit`: plain functions and components next to the code (app/, server/, tests/support/):
 *   no build, no database; `npm run test:unit` runs them in seconds. The files share their
 *   workers' module cache (`isolate: false`): most of them import the same server modules (the
 *   database client, pg-boss, the mail templates), and loading those once per worker instead of
 *   once per file is what keeps the run well under 30 s on two cores. A test that changes
 *   process.env or other module state restores it in `afterEach`.
 * - `integration`: tests/integration/, against a real embedded PostgreSQL (one server for the
 *   run, a cloned database per file) and, where a test starts the app, the production build.
 */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: two files at a time, each with its own database.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: "unit", isolate: false, include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "tests/support/**/*.test.ts"] },
      },
      {
        extends: true,
        test: { name: "integration", include: ["tests/integration/**/*.test.ts"], globalSetup: ["tests/support/global-setup.ts"] },
      },
    ],
  },
});
