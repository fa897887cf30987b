import { vi } from "vitest";

type Truthy<T> = Exclude<T, null | undefined | false | 0 | "">;

/**
 * The one polling helper of the Vitest suites: calls `check` every 100 ms (or `everyMs`) until it
 * returns a truthy value and resolves with that value, or fails after `timeoutMs` naming `what`
 * (built on `vi.waitFor`; a check that throws is tried again, and its last error is reported).
 * Use it to wait for something to happen; to prove that something does NOT happen, use
 * `expectStaysTrue` (tests/support/stays-true.ts), never a sleep.
 */
export async function waitUntil<T>(
  check: () => T | Promise<T>,
  timeoutOrOptions: number | { timeoutMs?: number; everyMs?: number; what?: string } = {},
  what?: string,
): Promise<Truthy<T>> {
  const options = typeof timeoutOrOptions === "number" ? { timeoutMs: timeoutOrOptions, what } : timeoutOrOptions;
  const { timeoutMs = 20_000, everyMs = 100 } = options;
  const name = options.what ?? what ?? "condition";
  return vi.waitFor(
    async () => {
      const value = await check();
      if (!value) throw new Error(`${name} not met within ${timeoutMs} ms (last value: ${JSON.stringify(value)})`);
      return value as Truthy<T>;
    },
    { timeout: timeoutMs, interval: everyMs },
  );
}
