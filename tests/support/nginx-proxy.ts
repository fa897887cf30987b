import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { freePort } from "./free-port.ts";

/**
 * Debian's nginx with the repository's proxy configuration (deploy/nginx/nginx.conf), as a child
 * process on loopback: what `npm run bench` measures and tests/integration/proxy-cache.test.ts
 * checks. Only the listening port, the app's addresses and the cache folder differ from what
 * compose.yaml runs. Plain TypeScript that Node runs itself (the bench imports it).
 */

export const NGINX_PATH = process.env.NGINX_PATH || "/usr/sbin/nginx";
const CONFIG = path.resolve(import.meta.dirname, "../../deploy/nginx/nginx.conf");

export type NginxProxy = { url: string; port: number; pid: number | undefined; dir: string; stop: () => Promise<void> };

/** The repository's configuration with a loopback port, these app addresses and `dir` for the cache; throws if a line to change is missing. */
export function proxyConfig({ port, upstreams, dir }: { port: number; upstreams: string[]; dir: string }): string {
  const replace = (text: string, from: string | RegExp, to: string) => {
    const changed = text.replace(from, to);
    if (changed === text) throw new Error(`deploy/nginx/nginx.conf no longer has ${String(from)}`);
    return changed;
  };
  let config = fs.readFileSync(CONFIG, "utf8");
  config = replace(config, /^(\s*)listen 80\b([^;]*);$/m, `$1listen 127.0.0.1:${port}$2;`);
  config = replace(config, /^(\s*)server app:3000;$/m, upstreams.map((address) => `$1server ${address};`).join("\n"));
  config = config.replaceAll("/var/cache/nginx", dir);
  return config;
}

/** Starts nginx in front of `upstreams` (`127.0.0.1:port` each) and waits until it takes connections. */
export async function startNginxProxy(upstreams: string[]): Promise<NginxProxy> {
  if (!fs.existsSync(NGINX_PATH)) throw new Error(`nginx is missing (${NGINX_PATH}): apt-get install nginx, or set NGINX_PATH`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nordlys-proxy-"));
  // Started by root, nginx's workers run as another user: they must reach the cache folder.
  fs.chmodSync(dir, 0o755);
  const port = await freePort();
  const configFile = path.join(dir, "nginx.conf");
  fs.writeFileSync(configFile, proxyConfig({ port, upstreams, dir }));
  const errorLog = path.join(dir, "error.log");
  const child = spawn(NGINX_PATH, ["-p", dir, "-c", configFile, "-e", errorLog, "-g", `daemon off; pid ${path.join(dir, "nginx.pid")};`], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    // SIGQUIT: nginx's graceful stop.
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGQUIT");
    await exited;
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) {
      const log = fs.existsSync(errorLog) ? fs.readFileSync(errorLog, "utf8") : "";
      throw new Error(`nginx exited with ${child.exitCode}:\n${stderr}${log}`);
    }
    if (await accepts(port)) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error("nginx did not take connections within 10 s");
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url: `http://127.0.0.1:${port}`, port, pid: child.pid, dir, stop };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}
