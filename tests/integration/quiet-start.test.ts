import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { SERVER_NODE_FLAGS } from "../../server/node-flags";
import { freePort, makeDataDir } from "../support/server-process";

/**
 * A quiet first start at a terminal (docs/decisions/0185): run under a real pseudo-terminal
 * (`script` from util-linux), the build is two lines instead of Vite's ~250 (all of them when it
 * fails), and a news refresh is one line instead of a JSON line per failed feed. Without a
 * terminal, the output is what it was: everything, and JSON.
 */
const root = path.resolve(import.meta.dirname, "../..");
let tmp: string;

/** Runs a shell command line under a pseudo-terminal (stdin, stdout and stderr are its tty). */
function underTerminal(commandLine: string, env: NodeJS.ProcessEnv = process.env) {
  return collect(
    spawn("script", ["-qfec", commandLine, "/dev/null"], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"], detached: true }),
  );
}

function plain(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  return collect(spawn(command, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"], detached: true }));
}

function collect(child: ReturnType<typeof spawn>) {
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  return { child, exited, output: () => output.replace(/\r\n/g, "\n") };
}

const lines = (text: string) => text.split("\n").filter((line) => line.trim() !== "");
const shellQuote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), "nordlys-quiet-"));
  // A "build" that talks like Vite: 250 lines, then succeeds or fails.
  // (process.exitCode, not process.exit(): a tool that exits at once may leave its last writes to a pipe unsent.)
  await fs.writeFile(
    path.join(tmp, "chatty.mjs"),
    `for (let i = 0; i < 250; i++) console.log("vite line " + i); process.exitCode = Number(process.argv[2] ?? 0);\n`,
  );
  await fs.writeFile(
    path.join(tmp, "step.mjs"),
    `import { runStep } from ${JSON.stringify(path.join(root, "scripts/quiet-step.mjs"))};\n` +
      `process.exit(await runStep(process.execPath, [${JSON.stringify(path.join(tmp, "chatty.mjs"))}, process.argv[2]], { label: "Building the production bundle..." }));\n`,
  );
});

afterAll(async () => {
  if (tmp) await fs.rm(tmp, { recursive: true, force: true });
});

describe("the build step", () => {
  it("at a terminal: a line while it runs and one when done, not the tool's 250", async () => {
    const run = underTerminal(`${shellQuote(process.execPath)} ${shellQuote(path.join(tmp, "step.mjs"))} 0`);
    expect(await run.exited).toBe(0);
    expect(lines(run.output())).toEqual([
      "[nordlys] Building the production bundle...",
      expect.stringMatching(/^\[nordlys\] Building the production bundle: done in \d+ s\.$/),
    ]);
  });

  it("at a terminal, when it fails: everything the tool said", async () => {
    // The shell stays a moment after the step: `script` may stop reading the terminal as soon as
    // its child ends, before the last of a burst of output has come through.
    const run = underTerminal(`${shellQuote(process.execPath)} ${shellQuote(path.join(tmp, "step.mjs"))} 3; rc=$?; sleep 1; exit $rc`);
    expect(await run.exited).toBe(3);
    expect(run.output()).toContain("vite line 0\n");
    expect(run.output()).toContain("vite line 249\n");
  });

  it("without a terminal: the full output as it comes", async () => {
    const run = plain(process.execPath, [path.join(tmp, "step.mjs"), "0"]);
    expect(await run.exited).toBe(0);
    expect(lines(run.output()).filter((line) => line.startsWith("vite line "))).toHaveLength(250);
  });

  it("vite.config.ts imports with file extensions (Vite's configLoader warning, printed twice per build, has no cause)", async () => {
    const config = await fs.readFile(path.join(root, "vite.config.ts"), "utf8");
    const relative = [...config.matchAll(/^import [^\n]* from "(\.{1,2}\/[^"]+)";$/gm)].map((match) => match[1]!);
    expect(relative.length).toBeGreaterThan(0);
    for (const specifier of relative) expect(specifier).toMatch(/\.(ts|mjs|js|cjs)$/);
  });
});

describe("a news refresh after the start summary", () => {
  const feeds = ["http://127.0.0.1:9/feeds/one.xml", "http://127.0.0.1:9/feeds/two.xml"].join(",");
  const dataDirs: string[] = [];

  afterAll(async () => {
    for (const dir of dataDirs) await fs.rm(dir, { recursive: true, force: true });
  });

  async function serverEnv() {
    const dataDir = await makeDataDir();
    dataDirs.push(dataDir);
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      PORT: String(port),
      NEWS_FEEDS: feeds,
      JOB_SCHEDULES: "false",
    };
    for (const name of ["LOG_LEVEL", "LOG_FORMAT", "PUBLIC_URL", "SMTP_URL", "AI_BASE_URL", "AI_MODEL", "DATABASE_URL"]) delete env[name];
    return { env, base: `http://127.0.0.1:${port}` };
  }

  /** Waits until the output matches `pattern`; on time-out the error shows the output. */
  async function until(read: () => string, pattern: RegExp, timeoutMs = 150_000) {
    await vi.waitFor(() => expect(read()).toMatch(pattern), { timeout: timeoutMs, interval: 100 });
  }

  async function stop(run: ReturnType<typeof collect>) {
    try {
      process.kill(-run.child.pid!, "SIGINT");
    } catch {
      return;
    }
    const killer = setTimeout(() => {
      try {
        process.kill(-run.child.pid!, "SIGKILL");
      } catch {
        // already gone
      }
    }, 30_000);
    await run.exited;
    clearTimeout(killer);
  }

  it("at a terminal: one line that says how many sources answered, no JSON line per failed feed", async () => {
    const { env, base } = await serverEnv();
    const node = [process.execPath, ...SERVER_NODE_FLAGS, "server/main.ts"].map(shellQuote).join(" ");
    const run = underTerminal(node, env);
    try {
      await until(run.output, /Nordlys is running: open/);
      const answer = await fetch(`${base}/api/fetch-ai-news`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ force: true }),
      });
      expect(answer.status).toBe(200);
      await until(run.output, /News refresh: 0 of 2 sources answered, 0 new stories; see \/admin\/feeds\n/);
      expect(run.output()).not.toContain("News feed fetch failed");
      expect(run.output().indexOf("Nordlys is running")).toBeLessThan(run.output().indexOf("News refresh: 0 of 2"));
    } finally {
      await stop(run);
    }
  }, 240_000);

  it("without a terminal: the JSON lines, one per failed feed, as before", async () => {
    const { env, base } = await serverEnv();
    const run = plain(process.execPath, [...SERVER_NODE_FLAGS, "server/main.ts"], env);
    try {
      await until(run.output, /"msg":"Server listening"|"url":"http/);
      await fetch(`${base}/api/fetch-ai-news`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ force: true }),
      });
      await until(run.output, /"msg":"News refresh done"/);
      const failed = lines(run.output()).filter((line) => line.includes('"msg":"News feed fetch failed"'));
      expect(failed).toHaveLength(2);
      for (const line of lines(run.output())) expect(() => JSON.parse(line)).not.toThrow();
      expect(run.output()).not.toContain("News refresh: 0 of 2");
    } finally {
      await stop(run);
    }
  }, 240_000);
});
