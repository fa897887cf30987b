import fs from "node:fs/promises";
import path from "node:path";
import { Gauge } from "prom-client";
import { logger } from "./logger";
import { counter, metricsRegistry } from "./metrics";

/**
 * Free space where the embedded database writes (docs/decisions/0171).
 *
 * Every few seconds `fs.statfs` measures the data directory and, when it lives elsewhere, the
 * embedded PostgreSQL cluster's folder. Under DISK_LOW_MB on either, the disk is "low": writes
 * nobody asked for (page views, news refreshes, conversion records) are skipped and counted
 * (`skipWrite`), while forms, leads and subscriptions still store. /healthz, /metrics and the
 * admin dashboard say so.
 *
 * A reserve file of DISK_RESERVE_MB on each watched volume keeps room that only the app gives
 * back: it is deleted before PostgreSQL (re)starts while the disk is low (crash recovery and
 * start-up write WAL: a full disk otherwise keeps it from ever starting again), and while
 * running when free space falls under the reserve's size; it is written again once free space
 * is back over DISK_LOW_MB plus the reserve.
 */

export type DiskVolume = { name: "data" | "cluster"; dir: string; freeBytes: number; reservePath: string };

export type DiskState = {
  isLow: boolean;
  lowBytes: number;
  volumes: Array<{ name: DiskVolume["name"]; dir: string; freeBytes: number; hasReserve: boolean }>;
};

export type DiskWatchOptions = {
  dataDir: string;
  lowBytes: number;
  /** 0: no reserve. */
  reserveBytes: number;
  intervalMs: number;
};

const RESERVE_FILE = "disk-reserve";

const skippedWrites = counter(
  "nordlys_disk_low_skipped_writes_total",
  "Writes skipped while free disk space was under DISK_LOW_MB, by kind (page_view, news_refresh, conversion)",
  ["kind"],
);

// On globalThis: the dev server reloads modules, and the watch started by the runtime must stay the one read.
const watchKey = Symbol.for("nordlys.disk-watch");
const holder = globalThis as typeof globalThis & { [watchKey]?: DiskWatch };
const watching = () => holder[watchKey];

/** True while a watched volume has less free space than DISK_LOW_MB (false when nothing is watched). */
export function isDiskLow(): boolean {
  return watching()?.state().isLow ?? false;
}

/** While the disk is low: the smallest free space of the watched volumes and the threshold, in MB (admin dashboard, /healthz). */
export function lowDiskFacts(): { freeMb: number; lowMb: number } | null {
  const state = watching()?.state();
  if (!state?.isLow) return null;
  const free = Math.min(...state.volumes.map((volume) => volume.freeBytes));
  return { freeMb: Math.floor(free / 1048576), lowMb: Math.floor(state.lowBytes / 1048576) };
}

/**
 * Counts one write skipped because the disk is low, and says whether it must be skipped:
 * `if (skipWrite("page_view")) return;`.
 */
export function skipWrite(kind: "page_view" | "news_refresh" | "conversion", count = 1): boolean {
  if (!isDiskLow()) return false;
  skippedWrites.inc({ kind }, count);
  return true;
}

new Gauge({
  name: "nordlys_disk_free_bytes",
  help: "Free bytes (for unprivileged users) on the volume of the data directory and of the embedded database's cluster",
  labelNames: ["volume"] as const,
  registers: [metricsRegistry],
  collect() {
    this.reset();
    for (const volume of watching()?.state().volumes ?? []) this.set({ volume: volume.name }, volume.freeBytes);
  },
});

new Gauge({
  name: "nordlys_disk_low",
  help: "1 while free space on a watched volume is under DISK_LOW_MB (non-essential writes are skipped)",
  registers: [metricsRegistry],
  collect() {
    this.set(isDiskLow() ? 1 : 0);
  },
});

new Gauge({
  name: "nordlys_disk_reserve_files",
  help: "Reserve files held for the embedded database (0 while given back because the disk is short)",
  registers: [metricsRegistry],
  collect() {
    this.set(
      watching()
        ?.state()
        .volumes.filter((volume) => volume.hasReserve).length ?? 0,
    );
  },
});

async function freeBytesOf(dir: string): Promise<number> {
  const stats = await fs.statfs(dir);
  return stats.bavail * stats.bsize;
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

/** Writes `bytes` of zeros (real blocks, not a sparse file) as `file`; on any failure nothing is left. */
async function writeReserve(file: string, bytes: number): Promise<void> {
  const partial = `${file}.partial`;
  const chunk = Buffer.alloc(1024 * 1024);
  const handle = await fs.open(partial, "w", 0o600);
  try {
    for (let written = 0; written < bytes; written += chunk.length) {
      await handle.write(chunk, 0, Math.min(chunk.length, bytes - written));
    }
    await handle.sync();
    await handle.close();
    await fs.rename(partial, file);
  } catch (error) {
    await handle.close().catch(() => undefined);
    await fs.rm(partial, { force: true });
    throw error;
  }
}

export class DiskWatch {
  private volumes: DiskVolume[] = [];
  private reserves = new Map<string, boolean>();
  private isLow = false;
  private timer: NodeJS.Timeout | undefined;
  private checking: Promise<void> | undefined;

  constructor(private readonly options: DiskWatchOptions) {
    const dataDir = path.resolve(options.dataDir);
    this.volumes.push({ name: "data", dir: dataDir, freeBytes: Number.NaN, reservePath: path.join(dataDir, RESERVE_FILE) });
  }

  state(): DiskState {
    return {
      isLow: this.isLow,
      lowBytes: this.options.lowBytes,
      volumes: this.volumes.map((volume) => ({
        name: volume.name,
        dir: volume.dir,
        freeBytes: volume.freeBytes,
        hasReserve: this.reserves.get(volume.reservePath) ?? false,
      })),
    };
  }

  /**
   * Before the embedded PostgreSQL starts (and restarts): watches the cluster's volume too
   * when it is another one, measures, and gives the reserve back where space is short. Also
   * before anything of the app's start writes (without the cluster, not chosen yet): on a
   * truly full disk even the lock file could not be written.
   */
  async beforeDatabaseStart(clusterDir?: string): Promise<void> {
    if (clusterDir) await this.addClusterVolume(clusterDir);
    await this.measure();
    for (const volume of this.volumes) {
      if (volume.freeBytes < this.options.lowBytes) await this.releaseReserve(volume, "the database is starting and free space is low");
    }
    await this.measure();
  }

  /** Measures once, then every `intervalMs`. */
  async start(): Promise<void> {
    holder[watchKey] = this;
    if (this.timer) return;
    await this.check();
    this.timer = setInterval(() => void this.check(), this.options.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.checking;
    if (holder[watchKey] === this) delete holder[watchKey];
  }

  /** One measure and what follows from it (low state, reserve released or written again). */
  check(): Promise<void> {
    this.checking ??= this.checkOnce()
      .catch((error: unknown) => logger.warn({ err: error }, "Disk space check failed"))
      .finally(() => {
        this.checking = undefined;
      });
    return this.checking;
  }

  private async checkOnce(): Promise<void> {
    await this.measure();
    const { lowBytes, reserveBytes } = this.options;
    for (const volume of this.volumes) {
      const hasReserve = this.reserves.get(volume.reservePath) ?? false;
      if (hasReserve && volume.freeBytes < Math.max(reserveBytes, 1)) {
        await this.releaseReserve(volume, "free space is almost gone");
      } else if (!hasReserve && reserveBytes > 0 && volume.freeBytes >= lowBytes + reserveBytes) {
        try {
          await writeReserve(volume.reservePath, reserveBytes);
          this.reserves.set(volume.reservePath, true);
          logger.info({ file: volume.reservePath, bytes: reserveBytes }, "Disk: reserve for the embedded database written");
        } catch (error) {
          logger.warn({ err: error, file: volume.reservePath }, "Disk: could not write the reserve file");
        }
      }
    }
    await this.measure();
    const isLow = this.volumes.some((volume) => volume.freeBytes < lowBytes);
    if (isLow !== this.isLow) {
      const volumes = this.volumes.map(({ name, dir, freeBytes }) => ({ name, dir, freeMb: Math.floor(freeBytes / 1048576) }));
      if (isLow)
        logger.error(
          { volumes, lowMb: lowBytes / 1048576 },
          "Disk space low: page views, news refreshes and conversion records are not stored until space is freed",
        );
      else logger.info({ volumes }, "Disk space back: storing everything again");
    }
    this.isLow = isLow;
  }

  private async addClusterVolume(clusterDir: string): Promise<void> {
    if (this.volumes.some((volume) => volume.name === "cluster")) return;
    const data = this.volumes[0]!;
    const parent = path.dirname(path.resolve(clusterDir));
    const [dataStat, clusterStat] = await Promise.all([fs.stat(data.dir), fs.stat(parent)]);
    if (dataStat.dev === clusterStat.dev) return;
    this.volumes.push({
      name: "cluster",
      dir: parent,
      freeBytes: Number.NaN,
      reservePath: path.join(parent, `${path.basename(clusterDir)}.${RESERVE_FILE}`),
    });
  }

  private async measure(): Promise<void> {
    for (const volume of this.volumes) {
      volume.freeBytes = await freeBytesOf(volume.dir);
      // Known once: afterwards only this class writes or deletes it.
      if (!this.reserves.has(volume.reservePath)) this.reserves.set(volume.reservePath, await exists(volume.reservePath));
    }
  }

  private async releaseReserve(volume: DiskVolume, reason: string): Promise<void> {
    this.reserves.set(volume.reservePath, false);
    if (!(await exists(volume.reservePath))) return;
    await fs.rm(volume.reservePath, { force: true });
    logger.warn({ file: volume.reservePath, reason }, "Disk: reserve file deleted so that PostgreSQL has room");
  }
}
