import { logger } from "./logger";

/**
 * Work that must finish before the database pool closes on shutdown (e.g. the analytics
 * buffer's last batch). `runtime.stop()` runs these first, after the HTTP server has drained
 * its requests and before the jobs stop and the pool closes (docs/architecture.md).
 */
const hooks = new Map<string, () => Promise<void>>();

/** Registers (or replaces) the step called `name`. */
export function beforeShutdown(name: string, step: () => Promise<void>): void {
  hooks.set(name, step);
}

/** Runs every registered step, one after the other; a failing step is logged and the rest still run. */
export async function runShutdownHooks(): Promise<void> {
  for (const [name, step] of [...hooks]) {
    try {
      await step();
    } catch (error) {
      logger.error({ err: error, step: name }, "Shutdown step failed");
    }
  }
  hooks.clear();
}
