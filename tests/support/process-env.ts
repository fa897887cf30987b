import { afterAll } from "vitest";
import { resetEnvForTests } from "../../app/.server/env.ts";

/**
 * For a test file that changes process.env: puts it back as the file found it once all its
 * tests ran, and makes the app read it again. Call it at the top of the file, before the hooks
 * that start what the environment configures (after-all hooks run last-registered first, so
 * the environment is restored after those are stopped).
 */
export function restoreEnvAfterAll(): void {
  const saved = { ...process.env };
  afterAll(() => {
    process.env = saved;
    resetEnvForTests();
  });
}
