import { Gauge } from "prom-client";
import type { EmbeddedDbStatus } from "./db/embedded";
import { metricsRegistry } from "./metrics";

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

new Gauge({
  name: "nordlys_embedded_db_up",
  help: "1 while the embedded PostgreSQL runs, 0 while its supervisor restarts it or has given up (absent with DATABASE_URL)",
  registers: [metricsRegistry],
  collect() {
    this.reset();
    const status = embeddedDbStatus();
    if (status) this.set(status.state === "up" ? 1 : 0);
  },
});

new Gauge({
  name: "nordlys_embedded_db_restarts",
  help: "Times the embedded PostgreSQL was started again after it died, since this process started",
  registers: [metricsRegistry],
  collect() {
    this.reset();
    const status = embeddedDbStatus();
    if (status) this.set(status.restarts);
  },
});
