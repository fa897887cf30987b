import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The signature check docs/admin.md gives receivers ("The inbox: the studio's mailbox and
 * webhooks"), run as written against signatures made by the Standard Webhooks library: a receiver
 * who copies it accepts our deliveries and refuses altered or stale ones.
 */
type Verify = (secret: string, headers: Record<string, string>, rawBody: string, toleranceSeconds?: number) => boolean;

const root = path.resolve(import.meta.dirname, "../../..");
let dir = "";
let verifyWebhook: Verify;

beforeAll(async () => {
  const doc = fs.readFileSync(path.join(root, "docs/admin.md"), "utf8");
  const section = doc.slice(doc.indexOf("## The inbox: the studio's mailbox and webhooks"));
  const code = /```js\n([\s\S]*?)```/.exec(section)?.[1];
  if (!code) throw new Error("docs/admin.md has no JavaScript example in its webhooks section");
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "nordlys-webhook-doc-"));
  const file = path.join(dir, "verify.mjs");
  fs.writeFileSync(file, code);
  ({ verifyWebhook } = (await import(pathToFileURL(file).href)) as { verifyWebhook: Verify });
});

afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe("the webhook verification example in docs/admin.md", () => {
  const secret = `whsec_${randomBytes(24).toString("base64")}`;
  const body = JSON.stringify({
    type: "enquiry.created",
    timestamp: "2026-11-26T09:12:03.120Z",
    data: { person: { email: "per@example.com" } },
  });
  const signed = (at: Date, payload = body) => ({
    "webhook-id": "msg_2x9V1",
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": new Webhook(secret).sign("msg_2x9V1", at, payload),
  });

  it("accepts a delivery signed the Standard Webhooks way", () => {
    expect(verifyWebhook(secret, signed(new Date()), body)).toBe(true);
  });

  it("refuses a changed body, another secret, a signature for another id, and a delivery older than five minutes", () => {
    const headers = signed(new Date());
    expect(verifyWebhook(secret, headers, body.replace("per@", "eve@"))).toBe(false);
    expect(verifyWebhook(`whsec_${randomBytes(24).toString("base64")}`, headers, body)).toBe(false);
    expect(verifyWebhook(secret, { ...headers, "webhook-id": "msg_other" }, body)).toBe(false);
    expect(verifyWebhook(secret, signed(new Date(Date.now() - 10 * 60_000)), body)).toBe(false);
    expect(verifyWebhook(secret, { "webhook-id": "msg_2x9V1" }, body)).toBe(false);
  });
});
