import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { getAppSecret } from "./secret";

/**
 * Secrets the app must keep and use again (a mentor's calendar app password) are stored sealed:
 * AES-256-GCM with a key derived from APP_SECRET for one purpose, so a copy of the database alone
 * does not give them away, and a sealed value of one purpose cannot be opened as another.
 * Format: `v1.<iv>.<tag>.<ciphertext>`, base64url. Changing APP_SECRET makes them unreadable:
 * the mentor enters the password again.
 */
function keyFor(purpose: string): Buffer {
  return Buffer.from(hkdfSync("sha256", getAppSecret(), "nordlys-sealed-text", purpose, 32));
}

export function sealText(purpose: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFor(purpose), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(".");
}

/** The plain text, or null when the value was not sealed with this secret and purpose. */
export function openText(purpose: string, sealed: string): string | null {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyFor(purpose), Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
