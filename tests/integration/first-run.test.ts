import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SERVER_NODE_FLAGS } from "../../server/node-flags";
import { makeDataDir, postgresProcessesFor } from "../support/server-process";

const root = path.resolve(import.meta.dirname, "../..");

/** A fresh clone's settings: nothing configured, whatever the test runner's environment holds. */
function freshEnv(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ["LOG_LEVEL", "LOG_FORMAT", "PUBLIC_URL", "PORT", "SMTP_URL", "AI_BASE_URL", "AI_MODEL", "DATABASE_URL"])
    delete env[name];
  return { ...env, NODE_ENV: "production", DATA_DIR: dataDir, JOB_SCHEDULES: "false", ...extra };
}

function waitFor(read: () => string, pattern: RegExp, exited: Promise<unknown>, timeoutMs = 45_000): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out waiting for ${pattern}:\n${read()}`)), timeoutMs);
    const poll = setInterval(() => {
      const match = pattern.exec(read());
      if (match) {
        clearTimeout(timer);
        clearInterval(poll);
        resolve(match);
      }
    }, 50);
    void exited.then(() => {
      const match = pattern.exec(read());
      clearTimeout(timer);
      clearInterval(poll);
      if (match) resolve(match);
      else reject(new Error(`exited before ${pattern}:\n${read()}`));
    });
  });
}

function run(args: string[], env: NodeJS.ProcessEnv, detached = false) {
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"], detached });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, stdout: () => stdout, stderr: () => stderr, all: () => stdout + stderr };
}

/** JSON log lines at error level (50) or above. */
function errorLines(output: string): string[] {
  return output.split("\n").filter((line) => /^\{"level":(5|6)\d/.test(line));
}

describe("the first run, for a person at a terminal (LOG_FORMAT=text)", () => {
  let dataDir: string;
  let server: ReturnType<typeof run>;
  let port: string;

  beforeAll(async () => {
    dataDir = await makeDataDir();
    // Its own process group, like a terminal's foreground job: Ctrl-C signals the whole group.
    server = run([...SERVER_NODE_FLAGS, "server/main.ts"], freshEnv(dataDir, { LOG_FORMAT: "text", PORT: "0" }), true);
    port = (await waitFor(server.stdout, /open http:\/\/127\.0\.0\.1:(\d+)/, server.exited))[1]!;
    await waitFor(server.stdout, /Stop with Ctrl-C/, server.exited);
  });

  afterAll(async () => {
    if (server?.child.exitCode === null) process.kill(-server.child.pid!, "SIGKILL");
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it("says where to go, where data and mail end up, and what is not configured", () => {
    const out = server.stdout();
    expect(out).toContain(`embedded PostgreSQL in ${path.join(dataDir, "postgres")}`);
    expect(out).toContain(`written as .eml files to ${path.join(dataDir, "outbox")}`);
    expect(out).toMatch(/AI +no provider configured .*the chat answers from the site's content/);
    expect(out).toMatch(/News +no stories yet: .*the news hub stays empty/);
    // The readable block, not the info-level JSON lines.
    expect(out).not.toMatch(/^\{"level":30/m);
  });

  it("stops on Ctrl-C with no error line and no postgres left running", async () => {
    const clusterDir = path.join(dataDir, "postgres");
    expect((await postgresProcessesFor(clusterDir)).length).toBeGreaterThan(0);
    process.kill(-server.child.pid!, "SIGINT");
    expect(await server.exited).toBe(0);
    expect(errorLines(server.all())).toEqual([]);
    expect(server.all()).not.toMatch(/"level":40[^\n]*(connection|Job queue)/);
    expect(server.stdout()).toContain("Stopped.");
    expect(await postgresProcessesFor(clusterDir)).toEqual([]);
  });

  it("admin:create afterwards points at the address the server ran on, not a default port", async () => {
    const cli = run(
      ["--import", "tsx", "scripts/admin-create.ts", "--email", "first-run@example.com", "--password", "correct horse battery staple"],
      freshEnv(dataDir),
    );
    expect(await cli.exited, cli.all()).toBe(0);
    // The one-time enrolment link a new admin opens before the first sign-in.
    expect(cli.stdout()).toMatch(new RegExp(`http://localhost:${port}/admin/enrol\\?token=[\\w-]{20,}`));
  });
});

describe("output that is not a terminal", () => {
  it("is JSON lines only, the summary left out", async () => {
    const dataDir = await makeDataDir();
    const server = run([...SERVER_NODE_FLAGS, "server/main.ts"], freshEnv(dataDir, { PORT: "0" }));
    try {
      await waitFor(server.stdout, /"msg":"Server listening"/, server.exited);
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);
      const lines = server
        .stdout()
        .split("\n")
        .filter((line) => line.trim());
      expect(lines.length).toBeGreaterThan(2);
      for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
      expect(server.stdout()).not.toContain("Nordlys is running");
    } finally {
      if (server.child.exitCode === null) server.child.kill("SIGKILL");
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
