import { execFile, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { startEmbeddedPostgres } from "../app/.server/db/embedded.ts";
import { runMigrations } from "../app/.server/db/migrate.ts";
import { SERVER_NODE_FLAGS } from "../server/node-flags.ts";
import { freePort } from "../tests/support/free-port.ts";

/**
 * Shared pieces of the TypeScript benchmarks that run production servers on a database of their
 * own (bench:chaos, bench:content, bench:inbox): a work folder, the database, the servers and an
 * admin signed in to them.
 */
export const root = path.resolve(import.meta.dirname, "..");

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A new folder in the system's temporary one that the database's user may enter too. */
export async function workFolder(prefix: string): Promise<string> {
  const work = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  await fs.chmod(work, 0o755);
  return work;
}

/**
 * The database a bench fills, migrated: DATABASE_URL when it is set, else an embedded PostgreSQL
 * in `work`/db, which the bench stops (`database.stop()`).
 */
export async function benchDatabase(work: string) {
  const database = process.env.DATABASE_URL ? null : await startEmbeddedPostgres({ dataDir: path.join(work, "db") });
  const url = process.env.DATABASE_URL || database!.url;
  database?.expectStop();
  await runMigrations(url);
  return { database, url };
}

export type BenchServer = {
  base: string;
  /** The environment it runs with, for a command-line tool that works on its data. */
  env: NodeJS.ProcessEnv;
  child: ChildProcess;
  logFile: string;
  log: fs.FileHandle;
  exited: () => boolean;
};

/**
 * `node server/main.ts` (the production build) on a free port, its data in `work`/`name` and its
 * output in `work`/`name`.log; no news feeds, no scheduled jobs, warnings and errors only. `env`
 * adds to that (DATABASE_URL, above all).
 */
export async function spawnServer(work: string, name: string, env: Record<string, string>): Promise<BenchServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = path.join(work, name);
  await fs.mkdir(dataDir, { mode: 0o755 });
  const noFeeds = path.join(dataDir, "no-feeds.txt");
  await fs.writeFile(noFeeds, "");
  const logFile = path.join(work, `${name}.log`);
  const log = await fs.open(logFile, "w");
  const serverEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    NEWS_FEEDS: noFeeds,
    LOG_LEVEL: "warn",
    JOB_SCHEDULES: "false",
    ...env,
  };
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, "server/main.ts"], {
    cwd: root,
    stdio: ["ignore", log.fd, log.fd],
    env: serverEnv,
  });
  let exited = false;
  child.on("exit", () => (exited = true));
  return { base, env: serverEnv, child, logFile, log, exited: () => exited };
}

/** Says why the bench stops (with the bench's `say`), runs its `cleanUp` and exits with code 1. */
export async function giveUp(say: (message: string) => void, cleanUp: () => Promise<void>, why: string): Promise<never> {
  say(why);
  await cleanUp();
  process.exit(1);
}

/** Waits until the server answers /healthz: false when it exits first or 120 s pass. */
export async function becameHealthy(server: BenchServer): Promise<boolean> {
  const deadline = performance.now() + 120_000;
  while (performance.now() < deadline && !server.exited()) {
    const ok = await fetch(`${server.base}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return true;
    await sleep(100);
  }
  return false;
}

/**
 * An admin made with the real `admin:create` against the server's database, signed in from
 * `clientIp`: the cookie header of the session, empty when sign-in failed (with the status it answered).
 */
export async function signInNewAdmin(
  server: BenchServer,
  admin: { email: string; password: string },
  clientIp: string,
): Promise<{ cookie: string; status: number }> {
  await promisify(execFile)(
    process.execPath,
    [path.join(root, "node_modules/tsx/dist/cli.mjs"), "scripts/admin-create.ts", "--email", admin.email, "--password", admin.password],
    { cwd: root, env: server.env, timeout: 60_000 },
  );
  const signIn = await fetch(`${server.base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": clientIp },
    body: JSON.stringify(admin),
  });
  const cookie = signIn.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  return { cookie: signIn.status === 200 ? cookie : "", status: signIn.status };
}
