import type { EmbeddedDbStatus } from "./db/embedded.ts";

/**
 * What /healthz reports besides a ping: the embedded PostgreSQL's supervisor (restarting, given
 * up) when the app runs one. Set by the runtime; unset with DATABASE_URL.
 */
// On globalThis, like the runtime: the dev server reloads modules.
const statusKey = Symbol.for("nordlys.embedded-db-status");
const holder = globalThis as typeof globalThis & { [statusKey]?: () => EmbeddedDbStatus };

export function setEmbeddedDbStatus(getter: (() => EmbeddedDbStatus) | undefined): void {
  if (getter) holder[statusKey] = getter;
  else delete holder[statusKey];
}

export function embeddedDbStatus(): EmbeddedDbStatus | undefined {
  return holder[statusKey]?.();
}
