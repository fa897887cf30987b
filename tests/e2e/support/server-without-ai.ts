import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { SERVER_NODE_FLAGS } from "../../../server/node-flags";

/**
 * A second production server with no AI provider, its own embedded database
 * and a free port, for the browser tests of what a fresh clone shows (the
 * suite's main server has the fake provider). `stop()` ends it and removes its data.
 */
export async function startServerWithoutAi(): Promise<{ url: string; dataDir: string; stop: () => Promise<void> }> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "nordlys-e2e-no-ai-"));
  await fs.chmod(dataDir, 0o755);
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, "server/main.ts"], {
    cwd: path.resolve(import.meta.dirname, "../../.."),
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      JOB_SCHEDULES: "false",
      NEWS_FEEDS: "",
      AI_BASE_URL: "",
      AI_MODEL: "",
      AI_API_KEY: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server without AI did not start:\n${output}`)), 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"url":"(http:\/\/[^"]+)","mode"/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`the server without AI exited before listening:\n${output}`));
    });
  });
  return {
    url,
    /** Its DATA_DIR: tests/support/admin-seed.ts's withServerDatabase reaches its database from it. */
    dataDir,
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
