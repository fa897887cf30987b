import { vi } from "vitest";

/**
 * The one polling helper of the Vitest suites: calls `check` every 100 ms until it returns a
 * truthy value and resolves with that value, or fails after `timeoutMs` naming `what` (built on
 * `vi.waitFor`). Use it to wait for something to happen; to prove that something does NOT happen,
 * poll the opposite until a deadline you can justify, never sleep.
 */
export async function waitUntil<T>(check: () => T | Promise<T>, timeoutMs = 20_000, what = "condition"): Promise<Exclude<T, null | undefined | false | 0 | "">> {
  return vi.waitFor(
    async () => {
      const value = await check();
      if (!value) throw new Error(`${what} not met within ${timeoutMs} ms`);
      return value as Exclude<T, null | undefined | false | 0 | "">;
    },
    { timeout: timeoutMs, interval: 100 },
  );
}
