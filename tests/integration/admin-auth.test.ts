import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq, like, sql } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getAdminAccess, requireAdmin, requireAdminApi, TWO_FACTOR_REQUIRED_MESSAGE } from "../../app/.server/admin-guard";
import type { AppError } from "../../app/.server/errors";
import { getAuth, setPasswordResetMailer } from "../../app/.server/auth";
import { adminAuditLog, userRoles, users, verifications } from "../../app/.server/db/tables/index";
import { resetEnvForTests } from "../../app/.server/env";
import { setJobs, startJobs, type Jobs } from "../../app/.server/jobs";
import { closeMailer, sendMailJob } from "../../app/.server/mail/index";
import { setAppSecret } from "../../app/.server/secret";
import { action as accountAction } from "../../app/routes/admin/account";
import { createOrPromoteAdmin } from "../../app/features/admin/create-admin.server";
import { ENROLMENT_LINK_HOURS, redeemEnrolmentLink } from "../../app/features/admin/admin-enrolment.server";
import { listOutbox, outboxDir, readOutboxMessage } from "../../app/features/admin/outbox.server";
import { requestPasswordReset, resetPassword } from "../../app/features/admin/password-reset.server";
import { sendPasswordResetEmail } from "../../app/features/admin/send-password-reset-email.server";
import { signInWithPassword } from "../../app/features/admin/sign-in-with-password.server";
import { confirmTotpEnrolment, startTotpEnrolment } from "../../app/features/admin/two-factor-enrolment.server";
import { verifySecondFactor } from "../../app/features/admin/verify-second-factor.server";
import { setupTestDatabase } from "../support/database";
import { routeArgs } from "../support/route-args";
import { freshTotpCode, totpFromUri } from "../support/totp";

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
  // What the server's start hands in (server/app.ts); this file asks for resets without it.
  setPasswordResetMailer(sendPasswordResetEmail);
});

afterAll(async () => {
  setJobs(undefined);
  setPasswordResetMailer(undefined);
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
  request(url = `${BASE}/admin/login`, method = "POST"): Request {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    return new Request(url, { method, headers: cookie ? { cookie, origin: BASE } : { origin: BASE } });
  }
  get(url: string): Request {
    return this.request(url, "GET");
  }
}

let ipCounter = 0;
const freshIp = () => `10.0.0.${++ipCounter}`;

/** Per account, the cookie its enrolment link set in "its" browser: every sign-in of that account starts from it. */
const enrolmentCookies = new Map<string, Headers>();

/** As `admin:create` followed by the new admin opening the printed link (decision 0186). */
async function createAdmin(input: Parameters<typeof createOrPromoteAdmin>[0]) {
  const result = await createOrPromoteAdmin(input);
  if (result.enrolment) {
    const opened = await redeemEnrolmentLink(result.enrolment.token);
    if (opened.status !== "accepted") throw new Error("the enrolment link did not work");
    enrolmentCookies.set(input.email.trim().toLowerCase(), opened.headers);
  }
  return result;
}

/** A browser that has opened the account's enrolment link, if it had one. */
function browserOf(email: string): Jar {
  const jar = new Jar();
  const cookie = enrolmentCookies.get(email.toLowerCase());
  if (cookie) jar.apply(cookie);
  return jar;
}

async function signIn(email: string, password: string, jar = browserOf(email), clientIp = freshIp(), code?: string) {
  const result = await signInWithPassword({ email, password, code, request: jar.request(), clientIp });
  if ("headers" in result) jar.apply(result.headers);
  return { result, jar };
}

/** Turns two-factor on for a signed-in account, as the set-up page does; returns its authenticator. */
async function enrolTotp(jar: Jar, password: string) {
  const started = await startTotpEnrolment({ password, request: jar.request() });
  if (started.status !== "started") throw new Error(started.status);
  jar.apply(started.headers);
  const totp = totpFromUri(started.setup.totpUri);
  const confirmed = await confirmTotpEnrolment({ code: await freshTotpCode(totp), request: jar.request() });
  if (confirmed.status !== "enabled") throw new Error(confirmed.status);
  jar.apply(confirmed.headers);
  return { totp, backupCodes: started.setup.backupCodes };
}

/** A new admin with two-factor on: its password, authenticator and a signed-in jar. */
async function enrolledAdmin(email: string, password = `${email} password`) {
  await createAdmin({ email, password });
  const { jar } = await signIn(email, password);
  return { email, password, jar, ...(await enrolTotp(jar, password)) };
}

/** Signs in with password then code, as the sign-in page does. */
async function signInWithCode(email: string, password: string, code: string, clientIp = freshIp()) {
  const pending = await signIn(email, password, new Jar(), clientIp);
  expect(pending.result.status).toBe("two-factor");
  const verified = await verifySecondFactor({ code, method: "totp", request: pending.jar.request(), clientIp });
  if (verified.status === "signed-in") pending.jar.apply(verified.headers);
  return { status: verified.status, jar: pending.jar };
}

/** The link of the newest reset mail, read from the .eml file as the server's operator would. */
async function latestResetToken(count: number): Promise<string> {
  await expect.poll(async () => (await listOutbox(1)).total, { timeout: 20_000 }).toBe(count);
  const [newest] = (await listOutbox(1)).messages;
  const parsed = await simpleParser(await fs.readFile(path.join(outboxDir(), newest?.file ?? "")));
  const link = /https?:\/\/\S+\/admin\/reset-password\?token=\S+/.exec(parsed.text ?? "")?.[0];
  if (!link) throw new Error("no reset link in the mail");
  return new URL(link).searchParams.get("token") ?? "";
}

describe("admin accounts and the access rule", () => {
  it("creates an admin whose password signs in, and lets that session through the guard", async () => {
    const created = await createAdmin({ email: "Ada@Example.com", password: "a long enough password" });
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

    const created = await createAdmin({ email: "bo@example.com", password: "another long password" });
    const { jar } = await signIn("bo@example.com", "another long password");
    await database.current.db.delete(userRoles).where(eq(userRoles.userId, created.userId));
    expect(await getAdminAccess(jar.request())).toMatchObject({ status: "forbidden" });

    // Promoting again without a password keeps the password and restores access.
    const promoted = await createAdmin({ email: "bo@example.com" });
    expect(promoted).toMatchObject({ status: "promoted", passwordChanged: false });
    expect(await getAdminAccess(jar.request())).toMatchObject({ status: "admin" });

    await database.current.db.execute(sql`alter table user_roles rename to user_roles_away`);
    try {
      expect(await getAdminAccess(jar.request())).toEqual({ status: "error" });
    } finally {
      await database.current.db.execute(sql`alter table user_roles_away rename to user_roles`);
    }
  });

  it("limits attempts per IP address across accounts", async () => {
    const ip = "192.0.2.77";
    for (let i = 0; i < 20; i++) {
      expect((await signIn(`guess${i}@example.com`, "some password!", new Jar(), ip)).result.status).toBe("invalid");
    }
    const error = await signIn("ada@example.com", "a long enough password", new Jar(), ip).catch((e: unknown) => e);
    expect((error as AppError).code).toBe("rate_limited");
    expect(Number((error as AppError).details.retryAfterSeconds)).toBeGreaterThan(0);
  });
});

describe("two-factor authentication", () => {
  it("enrols TOTP, then asks for a code at sign-in; backup codes work once", async () => {
    await createAdmin({ email: "di@example.com", password: "di's long password" });
    const { jar } = await signIn("di@example.com", "di's long password");

    expect((await startTotpEnrolment({ password: "wrong password!", request: jar.request() })).status).toBe("wrong-password");
    const started = await startTotpEnrolment({ password: "di's long password", request: jar.request() });
    if (started.status !== "started") throw new Error(started.status);
    jar.apply(started.headers);
    expect(started.setup.qrDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(started.setup.backupCodes).toHaveLength(10);
    const totp = totpFromUri(started.setup.totpUri);
    expect(totp.secret.base32).toBe(started.setup.secret);

    expect((await confirmTotpEnrolment({ code: "000000", request: jar.request() })).status).toBe("invalid");
    const confirmed = await confirmTotpEnrolment({ code: await freshTotpCode(totp), request: jar.request() });
    expect(confirmed.status).toBe("enabled");
    const [user] = await database.current.db.select().from(users).where(eq(users.email, "di@example.com"));
    expect(user?.twoFactorEnabled).toBe(true);

    // Password alone now gives no session, only the pending second step.
    const pending = await signIn("di@example.com", "di's long password");
    expect(pending.result.status).toBe("two-factor");
    expect(await getAdminAccess(pending.jar.request())).toEqual({ status: "anonymous" });
    const wrong = await verifySecondFactor({ code: "123456", method: "totp", request: pending.jar.request(), clientIp: freshIp() });
    expect(wrong.status).toBe("invalid");
    const right = await verifySecondFactor({
      code: await freshTotpCode(totp),
      method: "totp",
      request: pending.jar.request(),
      clientIp: freshIp(),
    });
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

  // May wait for the clock to reach a fresh 30-second step.
  it(
    "accepts a TOTP code once: sent again while still valid, or twice at the same moment, only one sign-in gets it",
    { timeout: 90_000 },
    async () => {
      const admin = await enrolledAdmin("replay@example.com");
      const code = await freshTotpCode(admin.totp);
      expect((await signInWithCode(admin.email, admin.password, code)).status).toBe("signed-in");
      // The same code, seconds later, from another address: refused although the clock still accepts it.
      const replayed = await signInWithCode(admin.email, admin.password, code);
      expect(replayed.status).toBe("invalid");
      expect(await getAdminAccess(replayed.jar.request())).toEqual({ status: "anonymous" });

      // Two pending sign-ins race with one new code (as two instances would): exactly one gets in.
      const [first, second] = [await signIn(admin.email, admin.password), await signIn(admin.email, admin.password)];
      const racing = await freshTotpCode(admin.totp);
      const results = await Promise.all(
        [first, second].map(({ jar }) => verifySecondFactor({ code: racing, method: "totp", request: jar.request(), clientIp: freshIp() })),
      );
      expect(results.map((result) => result.status).sort()).toEqual(["invalid", "signed-in"]);
    },
  );

  it("refuses to trust a device: trustDevice is an error, and the next sign-in still asks for a code", async () => {
    const admin = await enrolledAdmin("trust@example.com");
    const pending = await signIn(admin.email, admin.password);
    const refused = await getAuth()
      .api.verifyTOTP({
        body: { code: await freshTotpCode(admin.totp), trustDevice: true },
        headers: pending.jar.request().headers,
        returnHeaders: true,
      })
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ body: { code: "TRUST_DEVICE_NOT_OFFERED" } });
    const again = await signIn(admin.email, admin.password, pending.jar);
    expect(again.result.status).toBe("two-factor");
  });
});

describe("two-factor required before any data (ADMIN_REQUIRE_TWO_FACTOR)", () => {
  afterEach(() => {
    delete process.env.ADMIN_REQUIRE_TWO_FACTOR;
    resetEnvForTests();
  });

  it("sends an admin without two-factor to the set-up page and refuses the admin API with 403", async () => {
    await createAdmin({ email: "new@example.com", password: "new admin password" });
    const { result, jar } = await signIn("new@example.com", "new admin password");
    expect(result).toMatchObject({ status: "signed-in", twoFactorEnabled: false });

    const page = await requireAdmin(jar.get(`${BASE}/admin/leads?q=x`)).catch((response: unknown) => response);
    expect(page).toBeInstanceOf(Response);
    expect((page as Response).headers.get("Location")).toBe("/admin/two-factor-setup?redirectTo=%2Fadmin%2Fleads%3Fq%3Dx");
    const api = await requireAdminApi(jar.get(`${BASE}/api/admin/leads`)).catch((error: unknown) => error);
    expect(api).toMatchObject({ code: "forbidden", message: TWO_FACTOR_REQUIRED_MESSAGE });
    // The set-up page itself lets them in.
    expect(await requireAdmin(jar.get(`${BASE}/admin/two-factor-setup`), { allowWithoutTwoFactor: true })).toMatchObject({
      email: "new@example.com",
    });

    await enrolTotp(jar, "new admin password");
    expect(await requireAdminApi(jar.get(`${BASE}/api/admin/leads`))).toMatchObject({ email: "new@example.com", twoFactorEnabled: true });
  });

  it("lets an admin without two-factor in when the setting is off (local development)", async () => {
    process.env.ADMIN_REQUIRE_TWO_FACTOR = "false";
    resetEnvForTests();
    await createAdmin({ email: "dev@example.com", password: "dev admin password" });
    const { jar } = await signIn("dev@example.com", "dev admin password");
    expect(await requireAdminApi(jar.get(`${BASE}/api/admin/leads`))).toMatchObject({ twoFactorEnabled: false });
    expect(await requireAdmin(jar.get(`${BASE}/admin/leads`))).toMatchObject({ email: "dev@example.com" });
  });
});

describe("the enrolment link of a new admin (admin:create)", () => {
  it("does not let a password alone sign in to an account without two-factor, so it cannot enrol an authenticator", async () => {
    const created = await createOrPromoteAdmin({ email: "hal@example.com", password: "hal's long password" });
    expect(created.enrolment?.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const { result, jar } = await signIn("hal@example.com", "hal's long password", new Jar());
    expect(result).toEqual({ status: "enrolment-link-required", openedAt: null });
    expect(await getAdminAccess(jar.request())).toEqual({ status: "anonymous" });
    // No session: the set-up step refuses outright.
    await expect(startTotpEnrolment({ password: "hal's long password", request: jar.request() })).rejects.toThrow(/Unauthorized/);
    // Only a hash of the token is stored.
    const rows = await database.current.db.select().from(verifications).where(like(verifications.identifier, "admin-enrolment:%"));
    expect(rows.some((row) => row.value.includes(created.enrolment!.token))).toBe(false);
    // A wrong password still says only "invalid" and counts as before.
    expect((await signIn("hal@example.com", "not hal's password", new Jar())).result.status).toBe("invalid");
  });

  it("works once, in the browser that opened it, for its own account only; an enrolled admin signs in as before", async () => {
    const created = await createOrPromoteAdmin({ email: "ivy@example.com", password: "ivy's long password" });
    const other = await createOrPromoteAdmin({ email: "jo@example.com", password: "jo's long password" });
    const token = created.enrolment!.token;
    const opened = await redeemEnrolmentLink(token);
    expect(opened.status).toBe("accepted");
    expect(await redeemEnrolmentLink(token)).toEqual({ status: "invalid" });

    const browser = new Jar();
    if (opened.status === "accepted") browser.apply(opened.headers);
    // Ivy's link does not open Jo's account.
    expect((await signIn("jo@example.com", "jo's long password", browser)).result.status).toBe("enrolment-link-required");
    const { result } = await signIn("ivy@example.com", "ivy's long password", browser);
    expect(result).toMatchObject({ status: "signed-in", twoFactorEnabled: false });
    const { totp } = await enrolTotp(browser, "ivy's long password");
    // Enrolled: any browser signs in with the password and a code, link or not.
    const pending = await signIn("ivy@example.com", "ivy's long password", new Jar());
    expect(pending.result.status).toBe("two-factor");
    const verified = await verifySecondFactor({
      code: await freshTotpCode(totp),
      method: "totp",
      request: pending.jar.request(),
      clientIp: freshIp(),
    });
    expect(verified.status).toBe("signed-in");
    expect(other.enrolment).toBeDefined();
  });

  it("opened on another address of the server (localhost, then 127.0.0.1): the sign-in says where to sign in", async () => {
    const created = await createOrPromoteAdmin({ email: "lou@example.com", password: "lou's long password" });
    const elsewhere = "http://localhost:4321";
    expect((await redeemEnrolmentLink(created.enrolment!.token, new Date(), elsewhere)).status).toBe("accepted");
    // This browser, on this address, has no cookie of the link: it is told where the link was opened.
    expect((await signIn("lou@example.com", "lou's long password", new Jar())).result).toEqual({
      status: "enrolment-link-required",
      openedAt: elsewhere,
    });
    // Opened on this very address (another browser): the usual message, no address to go to.
    const again = await createOrPromoteAdmin({ email: "lou@example.com", password: "lou's long password", resetEnrolment: true });
    expect((await redeemEnrolmentLink(again.enrolment!.token, new Date(), new URL(BASE).origin)).status).toBe("accepted");
    expect((await signIn("lou@example.com", "lou's long password", new Jar())).result).toEqual({
      status: "enrolment-link-required",
      openedAt: null,
    });
  });

  it("expires after 24 hours, and a new admin:create replaces the old link", async () => {
    const created = await createOrPromoteAdmin({ email: "kit@example.com", password: "kit's long password" });
    const issuedAt = Date.now();
    expect(await redeemEnrolmentLink(created.enrolment!.token, new Date(issuedAt + ENROLMENT_LINK_HOURS * 3600_000 + 1000))).toEqual({
      status: "invalid",
    });

    const second = await createOrPromoteAdmin({ email: "kit@example.com" });
    const third = await createOrPromoteAdmin({ email: "kit@example.com" });
    // Only the newest link works.
    expect(await redeemEnrolmentLink(second.enrolment!.token)).toEqual({ status: "invalid" });
    // Expired in the database (as 24 hours later): refused.
    await database.current.db.$client.query(
      "update verifications set expires_at = now() - interval '1 second' where identifier like 'admin-enrolment:%'",
    );
    expect(await redeemEnrolmentLink(third.enrolment!.token)).toEqual({ status: "invalid" });
    const fourth = await createOrPromoteAdmin({ email: "kit@example.com" });
    expect((await redeemEnrolmentLink(fourth.enrolment!.token)).status).toBe("accepted");
    // Garbage is simply invalid.
    expect(await redeemEnrolmentLink("")).toEqual({ status: "invalid" });
    expect(await redeemEnrolmentLink("x".repeat(5000))).toEqual({ status: "invalid" });
  });

  it("--reset-enrolment turns an enrolled admin's two-factor off and issues a link (a lost phone)", async () => {
    const admin = await enrolledAdmin("lou@example.com");
    expect((await createOrPromoteAdmin({ email: admin.email })).enrolment).toBeUndefined();
    const reset = await createOrPromoteAdmin({ email: admin.email, resetEnrolment: true });
    expect(reset.twoFactorReset).toBe(true);
    expect(reset.enrolment).toBeDefined();
    // The old authenticator no longer signs in; the password alone does not either.
    expect((await signIn(admin.email, admin.password, new Jar())).result.status).toBe("enrolment-link-required");
    const opened = await redeemEnrolmentLink(reset.enrolment!.token);
    const browser = new Jar();
    if (opened.status === "accepted") browser.apply(opened.headers);
    expect((await signIn(admin.email, admin.password, browser)).result).toMatchObject({ status: "signed-in", twoFactorEnabled: false });
  });
});

describe("a flood of wrong passwords from many addresses", () => {
  it("slows the account down but never locks out the right password with the right code", async () => {
    const admin = await enrolledAdmin("flood@example.com");
    // 30 wrong passwords from 30 addresses: no address reaches its own limit.
    for (let i = 0; i < 30; i++) {
      const attempt = await signIn(admin.email, `wrong guess ${i}`, new Jar(), `198.18.0.${i + 1}`);
      expect(["invalid", "code-required"]).toContain(attempt.result.status);
    }
    // From now on a password alone is not even checked, right or wrong: guessing is stopped.
    expect((await signIn(admin.email, "yet another guess")).result).toMatchObject({ status: "code-required" });
    const alone = await signIn(admin.email, admin.password);
    expect(alone.result.status).toBe("code-required");
    if (alone.result.status === "code-required") expect(alone.result.retryAfterSeconds).toBeGreaterThan(0);
    // The right password with a wrong code, or a wrong password with a right code, gets nowhere.
    expect((await signIn(admin.email, admin.password, new Jar(), freshIp(), "000000")).result.status).toBe("invalid");
    const code = await freshTotpCode(admin.totp);
    expect((await signIn(admin.email, "a wrong password", new Jar(), freshIp(), code)).result.status).toBe("invalid");
    // The owner: password and code together, from a new address, in one step (the code above was never accepted).
    const owner = await signIn(admin.email, admin.password, new Jar(), freshIp(), code);
    expect(owner.result.status).toBe("signed-in");
    expect(await getAdminAccess(owner.jar.request())).toMatchObject({ status: "admin", user: { email: admin.email } });
    // A backup code works the same way.
    const backup = await signIn(admin.email, admin.password, new Jar(), freshIp(), admin.backupCodes[0]);
    expect(backup.result.status).toBe("signed-in");
  });

  it("does not let an account without two-factor in on its password alone while under attack", async () => {
    await createAdmin({ email: "plain@example.com", password: "plain admin password" });
    for (let i = 0; i < 8; i++) await signIn("plain@example.com", `wrong guess ${i}`, new Jar(), `198.18.1.${i + 1}`);
    expect((await signIn("plain@example.com", "plain admin password")).result.status).toBe("code-required");
    const withCode = await signIn("plain@example.com", "plain admin password", new Jar(), freshIp(), "123456");
    expect(withCode.result.status).toBe("invalid");
    expect(await getAdminAccess(withCode.jar.request())).toEqual({ status: "anonymous" });
  });
});

describe("password confirmations on admin pages", () => {
  /** POST /admin/account with a signed-in session, as the account page's forms do. */
  async function postAccount(jar: Jar, fields: Record<string, string>, clientIp: string) {
    const session = jar.request(`${BASE}/admin/account`);
    const request = new Request(`${BASE}/admin/account`, {
      method: "POST",
      headers: { cookie: session.headers.get("cookie") ?? "", origin: BASE, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });
    try {
      const result = (await accountAction(routeArgs(request, { clientIp }))) as unknown;
      const value = result as { type?: string; data?: { fieldError?: string }; init?: { status?: number } | null; status?: number };
      if (result instanceof Response) return { status: result.status, fieldError: undefined };
      return { status: value.init?.status ?? 200, fieldError: value.data?.fieldError };
    } catch (thrown) {
      if (thrown instanceof Response) return { status: thrown.status, fieldError: undefined };
      throw thrown;
    }
  }

  async function twoFactorOn(email: string) {
    const [user] = await database.current.db.select({ on: users.twoFactorEnabled }).from(users).where(eq(users.email, email));
    return user?.on;
  }

  it("share the sign-in limits: a stolen session cannot guess the password that turns two-factor off", async () => {
    const admin = await enrolledAdmin("confirm-guess@example.com");
    const ip = freshIp();
    // Wrong guesses count against the account like failed sign-ins (8 per 15 minutes).
    for (let i = 0; i < 8; i++) {
      expect(await postAccount(admin.jar, { intent: "disable", password: `guess ${i}` }, ip)).toMatchObject({ status: 400 });
    }
    // Then even the right password is not checked: two-factor stays on.
    const limited = await postAccount(admin.jar, { intent: "disable", password: admin.password }, freshIp());
    expect(limited.status).toBe(429);
    expect(limited.fieldError).toMatch(/Too many password attempts/);
    expect(await twoFactorOn(admin.email)).toBe(true);
    // And a sign-in with the password alone is held back too: the budget is the same one.
    expect((await signIn(admin.email, admin.password)).result.status).toBe("code-required");
  });

  it("count every confirmation against the caller's address, as sign-ins do", async () => {
    const admin = await enrolledAdmin("confirm-ip@example.com");
    const ip = freshIp();
    // 20 attempts per address per 15 minutes, shared with sign-ins from it.
    for (let i = 0; i < 20; i++)
      await signInWithPassword({ email: `nobody${i}@example.com`, password: "x", request: new Jar().request(), clientIp: ip });
    const limited = await postAccount(admin.jar, { intent: "disable", password: admin.password }, ip);
    expect(limited.status).toBe(429);
    expect(await twoFactorOn(admin.email)).toBe(true);
    // From another address the owner's right password still works.
    const done = await postAccount(admin.jar, { intent: "disable", password: admin.password }, freshIp());
    expect(done.status).toBe(302);
    expect(await twoFactorOn(admin.email)).toBe(false);
  });
});

describe("password reset by e-mail", () => {
  it("mails a link whose token sets a new password; unknown addresses get nothing", async () => {
    await createAdmin({ email: "ed@example.com", password: "ed's old password" });
    await requestPasswordReset({ email: "nobody-here@example.com", clientIp: freshIp() });
    expect((await listOutbox(1)).total).toBe(0);

    await requestPasswordReset({ email: "ed@example.com", clientIp: freshIp() });
    const token = await latestResetToken(1);

    expect(await resetPassword({ token: "made-up-token", newPassword: "ed's new password" })).toEqual({ status: "invalid-token" });
    expect(await resetPassword({ token, newPassword: "ed's new password" })).toEqual({ status: "reset" });
    expect(await resetPassword({ token, newPassword: "ed's third password" })).toEqual({ status: "invalid-token" });
    expect((await signIn("ed@example.com", "ed's old password")).result.status).toBe("invalid");
    expect((await signIn("ed@example.com", "ed's new password")).result.status).toBe("signed-in");
  });

  it("lists a reset mail in the outbox without its text: the link is only in the file on the server", async () => {
    const list = await listOutbox(1);
    const resetMail = list.messages.find((message) => message.to === "ed@example.com");
    expect(resetMail).toMatchObject({ subject: expect.stringMatching(/Reset your .* admin password/), redacted: true });
    const shown = await readOutboxMessage(resetMail?.file ?? "");
    expect(shown).toMatchObject({ redacted: true, to: "ed@example.com" });
    expect(shown?.text).toMatch(/not shown to admins/);
    expect(JSON.stringify(shown)).not.toMatch(/token=/);
    const raw = await simpleParser(await fs.readFile(path.join(outboxDir(), resetMail?.file ?? "")));
    expect(raw.text).toMatch(/\/admin\/reset-password\?token=/);
  });

  it("revokes reset links sent before a password change: by another link, and by the CLI", async () => {
    await createAdmin({ email: "fa@example.com", password: "fa's first password" });
    const before = (await listOutbox(1)).total;
    await requestPasswordReset({ email: "fa@example.com", clientIp: freshIp() });
    const first = await latestResetToken(before + 1);
    await requestPasswordReset({ email: "fa@example.com", clientIp: freshIp() });
    const second = await latestResetToken(before + 2);
    await requestPasswordReset({ email: "fa@example.com", clientIp: freshIp() });
    const third = await latestResetToken(before + 3);

    expect(await resetPassword({ token: second, newPassword: "fa's second password" })).toEqual({ status: "reset" });
    // The other links were issued for the old password: they no longer work.
    expect(await resetPassword({ token: first, newPassword: "fa's attacker password" })).toEqual({ status: "invalid-token" });
    expect(await resetPassword({ token: third, newPassword: "fa's attacker password" })).toEqual({ status: "invalid-token" });
    expect((await signIn("fa@example.com", "fa's second password")).result.status).toBe("signed-in");

    await requestPasswordReset({ email: "fa@example.com", clientIp: freshIp() });
    const fourth = await latestResetToken(before + 4);
    await createAdmin({ email: "fa@example.com", password: "fa's password from the CLI" });
    expect(await resetPassword({ token: fourth, newPassword: "fa's attacker password" })).toEqual({ status: "invalid-token" });
    const left = await database.current.db.select().from(verifications).where(like(verifications.identifier, "reset-password:%"));
    expect(left).toEqual([]);
  });

  it("revokes reset links when the password is changed while signed in", async () => {
    await createAdmin({ email: "gu@example.com", password: "gu's first password" });
    const before = (await listOutbox(1)).total;
    await requestPasswordReset({ email: "gu@example.com", clientIp: freshIp() });
    const token = await latestResetToken(before + 1);
    const { jar } = await signIn("gu@example.com", "gu's first password");
    await getAuth().api.changePassword({
      body: { currentPassword: "gu's first password", newPassword: "gu's second password" },
      headers: jar.request().headers,
    });
    expect(await resetPassword({ token, newPassword: "gu's attacker password" })).toEqual({ status: "invalid-token" });
  });

  it("reads outbox files only by their listed names", async () => {
    expect(await readOutboxMessage("../app-secret")).toBeNull();
    expect(await readOutboxMessage("missing.eml")).toBeNull();
  });
});
