import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { createCookie, type Cookie } from "react-router";
import { logger } from "./logger";

/**
 * APP_SECRET signs tokens (unsubscribe links, confirmations). When it is not
 * configured, one is generated on first start and kept under DATA_DIR so that
 * links stay valid across restarts.
 */
export async function resolveAppSecret(options: { configured?: string; dataDir: string; isProduction: boolean }): Promise<string> {
  if (options.configured) return options.configured;
  const file = path.join(path.resolve(options.dataDir), "app-secret");
  const stored = (await fs.readFile(file, "utf8").catch(() => "")).trim();
  if (stored.length >= 32) return stored;

  const secret = randomBytes(32).toString("hex");
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, `${secret}\n`, { mode: 0o600 });
  const message =
    "APP_SECRET is not set: generated one and stored it in the data directory. Set APP_SECRET explicitly when running several instances.";
  if (options.isProduction) logger.warn({ file }, message);
  else logger.info({ file }, message);
  return secret;
}

let current: string | undefined;

export function setAppSecret(secret: string): void {
  current = secret;
}

export function getAppSecret(): string {
  if (!current) throw new Error("APP_SECRET is not resolved yet (startRuntime() has not run).");
  return current;
}

/**
 * A cookie of this site's pages (path /, SameSite=Lax, HttpOnly) signed with APP_SECRET, lasting
 * `maxAge` seconds: made on first use, once the secret is resolved.
 */
export function signedCookie(name: string, maxAge: number): () => Cookie {
  let cookie: Cookie | undefined;
  return () => (cookie ??= createCookie(name, { path: "/", sameSite: "lax", httpOnly: true, maxAge, secrets: [getAppSecret()] }));
}
