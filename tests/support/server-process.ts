import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { SERVER_NODE_FLAGS } from "../../server/node-flags.ts";
import { freePort } from "./free-port.ts";

export { freePort };

/**
 * Runs the real production server (`node server/main.ts`, built bundle) as a
 * child process, the way `npm start` does, on a free port.
 */
export type ServerProcess = {
  url: string;
  child: ChildProcess;
  output: () => string;
  /** Sends the signal and waits for the exit code. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
  exited: Promise<number | null>;
};

export async function makeDataDir(prefix = "nordlys-srv-"): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  await fs.chmod(dir, 0o755);
  return dir;
}

export function spawnServer(
  env: Record<string, string>,
  nodeArgs: string[] = [],
): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...nodeArgs, "server/main.ts"], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    // No scheduled runs unless a test asks for them (JOB_SCHEDULES): the clock passing :00, :30 or
    // 08:00 during a test must not start a refresh or a newsletter nobody asked for.
    env: { ...process.env, NODE_ENV: "production", PORT: "0", LOG_LEVEL: "info", JOB_SCHEDULES: "false", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

export async function startServer(
  env: Record<string, string>,
  { timeoutMs = 45_000, nodeArgs = [] }: { timeoutMs?: number; nodeArgs?: string[] } = {},
): Promise<ServerProcess> {
  const { child, output, exited } = spawnServer(env, nodeArgs);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in time:\n${output()}`)), timeoutMs);
    const check = () => {
      const match = /"url":"(http:\/\/[^"]+)","mode"/.exec(output());
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on("data", check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with code ${code} before listening:\n${output()}`));
    });
  });
  return {
    url,
    child,
    output,
    exited,
    stop: async (signal = "SIGTERM") => {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}

/**
 * The production server in a new data directory, on a free port that is also its PUBLIC_URL
 * (`base`): the address its links and the admin's same-origin checks name.
 */
export async function startServerAtOwnUrl(
  env: Record<string, string> = {},
  options: { timeoutMs?: number } = {},
): Promise<{ server: ServerProcess; dataDir: string; base: string }> {
  const dataDir = await makeDataDir();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await startServer({ DATA_DIR: dataDir, PORT: String(port), PUBLIC_URL: base, ...env }, options).catch(async (error) => {
    await stopServer(undefined, dataDir);
    throw error;
  });
  return { server, dataDir, base };
}

/** Stops the server (if it started) and removes its data directory (if there is one). */
export async function stopServer(server: ServerProcess | undefined, dataDir: string | undefined): Promise<void> {
  await server?.stop();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
}

/** PIDs of running postgres server processes whose data directory is `clusterDir`. */
export async function postgresProcessesFor(clusterDir: string): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await fs.readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const cmdline = await fs.readFile(`/proc/${entry}/cmdline`, "utf8").catch(() => "");
    const args = cmdline.split("\0");
    if (args[0]?.endsWith("/postgres") && args.includes(clusterDir)) pids.push(Number(entry));
  }
  return pids;
}

/**
 * One production server for a whole test file, on its own embedded database
 * in a new data directory: started before the file's tests, stopped and
 * removed after them. Returns getters (the values exist once `beforeAll` ran).
 */
export function useServerForFile(env: Record<string, string> = {}): { server: () => ServerProcess; dataDir: () => string } {
  let server: ServerProcess | undefined;
  let dataDir: string | undefined;
  beforeAll(async () => {
    dataDir = await makeDataDir();
    server = await startServer({ DATA_DIR: dataDir, ...env });
  });
  afterAll(() => stopServer(server, dataDir));
  return { server: () => server!, dataDir: () => dataDir! };
}
