/**
 * Playwright wiring for the fake AI provider: a second web server (its own
 * process) and the variables that point the app at it. Used by playwright.config.ts.
 */
export function fakeAiProvider(appPort: number) {
  const port = Number(process.env.E2E_AI_PORT ?? appPort + 1000);
  const url = `http://127.0.0.1:${port}/v1`;
  return {
    webServer: {
      command: "node tests/e2e/support/fake-ai-provider.ts",
      url: `${url}/models`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore" as const,
      stderr: "pipe" as const,
      env: { FAKE_AI_PORT: String(port) },
    },
    /** For the app server's env. */
    env: { AI_BASE_URL: url, AI_MODEL: "fake-model", AI_API_KEY: "sk-e2e-test", AI_TIMEOUT_MS: "5000" },
  };
}
