/**
 * Proves that something does NOT happen for a while: checks `holds` right away and then every
 * `everyMs` until `for` ms have passed, and fails at the first check that returns false, naming
 * `what` and when it broke. Neither `vi.waitFor` nor Playwright's `expect.poll` can prove an
 * absence (they stop at the first success), and a fixed sleep followed by one check misses a
 * violation that comes and goes. Where the absence follows an event that can be awaited (a job
 * finished, a reply arrived), wait for that event instead and check the absence once.
 *
 * Plain TypeScript, no test runner: the Vitest and the Playwright suites both use it.
 */
export async function expectStaysTrue(
  holds: () => boolean | Promise<boolean>,
  { for: forMs, everyMs = 100, what = "condition" }: { for: number; everyMs?: number; what?: string },
): Promise<void> {
  const started = Date.now();
  const deadline = started + forMs;
  for (;;) {
    if (!(await holds())) throw new Error(`${what} stopped holding after ${Date.now() - started} ms (it had to hold for ${forMs} ms)`);
    const left = deadline - Date.now();
    if (left <= 0) return;
    await new Promise((resolve) => setTimeout(resolve, Math.min(everyMs, left)));
  }
}
