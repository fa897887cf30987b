import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAdminAccess } from "../../app/.server/admin-guard.ts";
import { ApiError } from "../../app/.server/api.ts";
import { adminAuditLog, userRoles, users } from "../../app/.server/db/schema/index.ts";
import { resetEnvForTests } from "../../app/.server/env.ts";
import { setJobs, startJobs, type Jobs } from "../../app/.server/jobs.ts";
import { closeMailer, sendMailJob } from "../../app/.server/mail/index.ts";
import { setAppSecret } from "../../app/.server/secret.ts";
import { createOrPromoteAdmin } from "../../app/features/admin/create-admin.server.ts";
import { listOutbox, readOutboxMessage } from "../../app/features/admin/outbox.server.ts";
import { requestPasswordReset, resetPassword } from "../../app/features/admin/password-reset.server.ts";
import { signInWithPassword } from "../../app/features/admin/sign-in-with-password.server.ts";
import { confirmTotpEnrolment, startTotpEnrolment } from "../../app/features/admin/two-factor-enrolment.server.ts";
import { verifySecondFactor } from "../../app/features/admin/verify-second-factor.server.ts";
import { setupTestDatabase } from "../support/database.ts";

/**
 * The admin sign-in operations against a real migrated database: better-auth
 * with our tables, the access rule, brute-force limits, TOTP and reset mail.
 */
const database = setupTestDatabase();
setAppSecret("admin-test-secret-admin-test-secret-000");
const BASE = "http://127.0.0.1:4999";
let dataDir: string;

let jobs: Jobs | undefined;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "nordlys-admin-test-"));
  process.env.DATA_DIR = dataDir;
  process.env.PUBLIC_URL = BASE;
  delete process.env.SMTP_URL;
  resetEnvForTests();
  // Reset mails go through the shared mail queue (outbox mode: no SMTP_URL).
  jobs = await startJobs({
    url: database.current.url,
    definitions: [{ ...sendMailJob, pollingIntervalSeconds: 0.5 }],
  });
  setJobs(jobs);
});

afterAll(async () => {
  setJobs(undefined);
  await jobs?.stop();
  closeMailer();
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** A tiny cookie jar: applies Set-Cookie lines (deletions included) to a Cookie header. */
class Jar {
  private cookies = new Map<string, string>();
  apply(headers: Headers) {
    for (const line of headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const index = pair.indexOf("=");
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      if (/max-age=0/i.test(line) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  request(url = `${BASE}/admin/login`): Request {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    return new Request(url, { method: "POST", headers: cookie ? { cookie } : {} });
  }
}

let ipCounter = 0;
const freshIp = () => `10.0.0.${++ipCounter}`;

async function signIn(email: string, password: string, jar = new Jar(), clientIp = freshIp()) {
  const result = await signInWithPassword({ email, password, request: jar.request(), clientIp });
  if (result.status !== "invalid") jar.apply(result.headers);
  return { result, jar };
}

describe("admin accounts and the access rule", () => {
  it("creates an admin whose password signs in, and lets that session through the guard", async () => {
    const created = await createOrPromoteAdmin({ email: "Ada@Example.com", password: "a long enough password" });
    expect(created.status).toBe("created");
    const { result, jar } = await signIn("ada@example.com", "a long enough password");
    expect(result.status).toBe("signed-in");
    const access = await getAdminAccess(jar.request(`${BASE}/admin/leads`));
    expect(access).toMatchObject({ status: "admin", user: { email: "ada@example.com" } });
    const audit = await database.current.db.select().from(adminAuditLog).where(eq(adminAuditLog.userEmail, "ada@example.com"));
    expect(audit.map((row) => row.action)).toContain("sign-in");
    expect(audit[0]?.ipHash).toMatch(/^[\w-]{20,}$/);
  });

  it("stores only a hash of the password", async () => {
    const rows = await database.current.db.execute(sql`select password from accounts`);
    for (const row of rows.rows as Array<{ password: string }>) expect(row.password).not.toContain("a long enough password");
  });

  it("refuses a wrong password with the same answer as an unknown address", async () => {
    expect((await signIn("ada@example.com", "not the password!")).result.status).toBe("invalid");
    expect((await signIn("nobody@example.com", "not the password!")).result.status).toBe("invalid");
  });

  it("tells anonymous, non-admin and broken lookups apart", async () => {
    expect(await getAdminAccess(new Request(`${BASE}/admin/leads`))).toEqual({ status: "anonymous" });

    const created = await createOrPromoteAdmin({ email: "bo@example.com", password: "another long password" });
    const { jar } = await signIn("bo@example.com", "another long password");
    await database.current.db.delete(userRoles).where(eq(userRoles.userId, created.userId));
    expect(await getAdminAccess(jar.request())).toMatchObject({ status: "forbidden" });

    // Promoting again without a password keeps the password and restores access.
    const promoted = await createOrPromoteAdmin({ email: "bo@example.com" });
    expect(promoted).toMatchObject({ status: "promoted", passwordChanged: false });
    expect(await getAdminAccess(jar.request())).toMatchObject({ status: "admin" });

    await database.current.db.execute(sql`alter table user_roles rename to user_roles_away`);
    try {
      expect(await getAdminAccess(jar.request())).toEqual({ status: "error" });
    } finally {
      await database.current.db.execute(sql`alter table user_roles_away rename to user_roles`);
    }
  });

  it("limits failed passwords per account: after 8, even the right password gets 429", async () => {
    await createOrPromoteAdmin({ email: "cy@example.com", password: "cy's long password" });
    for (let i = 0; i < 8; i++) expect((await signIn("cy@example.com", `wrong password ${i}`)).result.status).toBe("invalid");
    const error = await signIn("cy@example.com", "cy's long password").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(429);
    expect((error as ApiError).message).toMatch(/Too many sign-in attempts/);
    // Another account from the same addresses is not affected.
    expect((await signIn("ada@example.com", "a long enough password")).result.status).toBe("signed-in");
  });

  it("limits attempts per IP address across accounts", async () => {
    const ip = "192.0.2.77";
    for (let i = 0; i < 20; i++) {
      expect((await signIn(`guess${i}@example.com`, "some password!", new Jar(), ip)).result.status).toBe("invalid");
    }
    const error = await signIn("ada@example.com", "a long enough password", new Jar(), ip).catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(429);
    expect(Number(new Headers((error as ApiError).headers).get("Retry-After"))).toBeGreaterThan(0);
  });
});

describe("two-factor authentication", () => {
  it("enrols TOTP, then asks for a code at sign-in; backup codes work once", async () => {
    await createOrPromoteAdmin({ email: "di@example.com", password: "di's long password" });
    const { jar } = await signIn("di@example.com", "di's long password");

    expect((await startTotpEnrolment({ password: "wrong password!", request: jar.request() })).status).toBe("wrong-password");
    const started = await startTotpEnrolment({ password: "di's long password", request: jar.request() });
    if (started.status !== "started") throw new Error(started.status);
    jar.apply(started.headers);
    expect(started.setup.qrDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(started.setup.backupCodes).toHaveLength(10);
    const totp = OTPAuth.URI.parse(started.setup.totpUri) as OTPAuth.TOTP;
    expect(totp.secret.base32).toBe(started.setup.secret);

    expect((await confirmTotpEnrolment({ code: "000000", request: jar.request() })).status).toBe("invalid");
    const confirmed = await confirmTotpEnrolment({ code: totp.generate(), request: jar.request() });
    expect(confirmed.status).toBe("enabled");
    const [user] = await database.current.db.select().from(users).where(eq(users.email, "di@example.com"));
    expect(user?.twoFactorEnabled).toBe(true);

    // Password alone now gives no session, only the pending second step.
    const pending = await signIn("di@example.com", "di's long password");
    expect(pending.result.status).toBe("two-factor");
    expect(await getAdminAccess(pending.jar.request())).toEqual({ status: "anonymous" });
    const wrong = await verifySecondFactor({ code: "123456", method: "totp", request: pending.jar.request(), clientIp: freshIp() });
    expect(wrong.status).toBe("invalid");
    const right = await verifySecondFactor({ code: totp.generate(), method: "totp", request: pending.jar.request(), clientIp: freshIp() });
    if (right.status !== "signed-in") throw new Error(right.status);
    pending.jar.apply(right.headers);
    expect(await getAdminAccess(pending.jar.request())).toMatchObject({ status: "admin" });

    const backupCode = started.setup.backupCodes[0] ?? "";
    const viaBackup = await signIn("di@example.com", "di's long password");
    const used = await verifySecondFactor({ code: backupCode, method: "backup", request: viaBackup.jar.request(), clientIp: freshIp() });
    expect(used.status).toBe("signed-in");
    const again = await signIn("di@example.com", "di's long password");
    const reused = await verifySecondFactor({ code: backupCode, method: "backup", request: again.jar.request(), clientIp: freshIp() });
    expect(reused.status).toBe("invalid");
  });
});

describe("password reset by e-mail", () => {
  it("mails a link to the outbox whose token sets a new password; unknown addresses get nothing", async () => {
    await createOrPromoteAdmin({ email: "ed@example.com", password: "ed's old password" });
    await requestPasswordReset({ email: "nobody-here@example.com", clientIp: freshIp() });
    expect((await listOutbox(1)).total).toBe(0);

    await requestPasswordReset({ email: "ed@example.com", clientIp: freshIp() });
    await expect.poll(async () => (await listOutbox(1)).total, { timeout: 20_000 }).toBe(1);
    const list = await listOutbox(1);
    expect(list.messages[0]).toMatchObject({ to: "ed@example.com", subject: expect.stringMatching(/Reset your .* admin password/) });
    const message = await readOutboxMessage(list.messages[0]?.file ?? "");
    const link = /https?:\/\/\S+\/admin\/reset-password\?token=\S+/.exec(message?.text ?? "")?.[0];
    expect(link).toBeTruthy();
    const token = new URL(link ?? "").searchParams.get("token") ?? "";

    expect(await resetPassword({ token: "made-up-token", newPassword: "ed's new password" })).toEqual({ status: "invalid-token" });
    expect(await resetPassword({ token, newPassword: "ed's new password" })).toEqual({ status: "reset" });
    expect(await resetPassword({ token, newPassword: "ed's third password" })).toEqual({ status: "invalid-token" });
    expect((await signIn("ed@example.com", "ed's old password")).result.status).toBe("invalid");
    expect((await signIn("ed@example.com", "ed's new password")).result.status).toBe("signed-in");
  });

  it("reads outbox files only by their listed names", async () => {
    expect(await readOutboxMessage("../app-secret")).toBeNull();
    expect(await readOutboxMessage("missing.eml")).toBeNull();
  });
});
