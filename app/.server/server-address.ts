import fs from "node:fs/promises";
import path from "node:path";
import { parseEnv } from "./env";

/**
 * The base URL the server last ran with, recorded in DATA_DIR/server-address.json when it
 * starts listening, so that command-line tools (`npm run newsletter:send`, `admin:create`)
 * put the same address into links and messages, whatever PORT the server was started with.
 */
const FILE = "server-address.json";

export async function recordServerAddress(dataDir: string, publicUrl: string): Promise<void> {
  const file = path.join(dataDir, FILE);
  await fs.writeFile(`${file}.tmp`, `${JSON.stringify({ publicUrl, pid: process.pid })}\n`, { mode: 0o644 });
  await fs.rename(`${file}.tmp`, file);
}

async function readServerAddress(dataDir: string): Promise<string | undefined> {
  try {
    const { publicUrl } = JSON.parse(await fs.readFile(path.join(dataDir, FILE), "utf8")) as { publicUrl?: unknown };
    return typeof publicUrl === "string" && /^https?:\/\//.test(publicUrl) ? publicUrl : undefined;
  } catch {
    return undefined;
  }
}

/**
 * For a command-line tool, before it reads its configuration: when PUBLIC_URL is not set, links
 * use the address the server recorded (not `localhost:` + this process's PORT). Answers the base
 * URL the tool will use.
 */
export async function adoptServerAddress(source: NodeJS.ProcessEnv = process.env): Promise<string> {
  const env = parseEnv(source);
  if (source.PUBLIC_URL?.trim()) return env.PUBLIC_URL;
  const recorded = await readServerAddress(path.resolve(env.DATA_DIR));
  if (!recorded) return env.PUBLIC_URL;
  source.PUBLIC_URL = recorded;
  return recorded;
}
