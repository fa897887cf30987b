import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DiskWatch, isDiskLow, lowDiskFacts, skipWrite } from "./disk-space";
import { metricsRegistry } from "./metrics";

/** The watch on a real folder; "low" is reached by a threshold above the disk's free space. */
describe("DiskWatch", () => {
  let dir: string;
  let watch: DiskWatch | undefined;
  const MB = 1024 * 1024;
  const reserve = () => path.join(dir, "disk-reserve");
  const reserveSize = () =>
    fs.stat(reserve()).then(
      (stat) => stat.size,
      () => 0,
    );
  const skippedPageViews = async () =>
    (await metricsRegistry.getSingleMetric("nordlys_disk_low_skipped_writes_total")!.get()).values.find(
      (value) => value.labels.kind === "page_view",
    )?.value ?? 0;

  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), "nordlys-disk-watch-"));
  });
  afterEach(async () => {
    await watch?.stop();
    watch = undefined;
    await fs.rm(dir, { recursive: true, force: true });
  });

  it("writes the reserve when space is plentiful, and nothing is skipped", async () => {
    watch = new DiskWatch({ dataDir: dir, lowBytes: 0, reserveBytes: 2 * MB, intervalMs: 60_000 });
    await watch.start();
    expect(await reserveSize()).toBe(2 * MB);
    expect(isDiskLow()).toBe(false);
    expect(lowDiskFacts()).toBeNull();
    expect(skipWrite("page_view")).toBe(false);
    expect(await metricsRegistry.getSingleMetricAsString("nordlys_disk_low")).toMatch(/^nordlys_disk_low 0$/m);
  });

  it("while low: gives the reserve back before the database starts, skips and counts writes, and says so", async () => {
    await fs.writeFile(reserve(), Buffer.alloc(MB));
    const free = (await fs.statfs(dir)).bavail * (await fs.statfs(dir)).bsize;
    watch = new DiskWatch({ dataDir: dir, lowBytes: free * 2, reserveBytes: MB, intervalMs: 60_000 });
    await watch.beforeDatabaseStart();
    expect(await reserveSize()).toBe(0);

    await watch.start();
    expect(isDiskLow()).toBe(true);
    expect(lowDiskFacts()).toMatchObject({ lowMb: Math.floor((free * 2) / MB) });
    const before = await skippedPageViews();
    expect(skipWrite("page_view", 3)).toBe(true);
    expect(await skippedPageViews()).toBe(before + 3);
    expect(await metricsRegistry.getSingleMetricAsString("nordlys_disk_low")).toMatch(/^nordlys_disk_low 1$/m);
    // Not written again while low.
    await watch.check();
    expect(await reserveSize()).toBe(0);

    await watch.stop();
    watch = undefined;
    expect(isDiskLow()).toBe(false);
  });
});
