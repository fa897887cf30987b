import fs from "node:fs/promises";

/** Removes the run's data directory (the server has stopped by now). */
export default async function globalTeardown() {
  const dir = process.env.E2E_DATA_DIR;
  if (dir?.includes("nordlys-e2e-")) await fs.rm(dir, { recursive: true, force: true });
}
