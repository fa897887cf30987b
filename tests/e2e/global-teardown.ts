import fs from "node:fs/promises";

/** Removes the run's data directories (the servers have stopped by now). */
export default async function globalTeardown() {
  for (const dir of [process.env.E2E_DATA_DIR, process.env.E2E_DEGRADED_DATA_DIR]) {
    if (dir?.includes("nordlys-e2e-")) await fs.rm(dir, { recursive: true, force: true });
  }
}
