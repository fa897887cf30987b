import type * as OTPAuth from "otpauth";
import type { Page } from "@playwright/test";
import { createAdminWithCli, enrolmentLinkFrom } from "../../support/admin-seed";
import { freshTotpCode, totpFromSecret } from "../../support/totp";
import { adminSession } from "../../support/admin-session";
import { expect, test, waitForHydration } from "../fixtures";

/**
 * Admins in the browser. Every admin sets up two-factor at first sign-in
 * (ADMIN_REQUIRE_TWO_FACTOR is on in the e2e server), so a test about the
 * admin area starts with:
 *
 *   const admin = await signInAsAdmin(page);            // new admin, TOTP on, on /admin/leads (signed in over HTTP)
 *   const admin = await signInAsAdmin(page, "/admin/submissions");
 *   ...sign out...; await signInWithCode(page, admin);  // again, with a fresh code
 */
export type BrowserAdmin = { email: string; password: string; totp: OTPAuth.TOTP };

const dataDir = () => process.env.E2E_DATA_DIR ?? "";
let counter = 0;

/** A new admin account (an owner unless `roles` says) through the real `admin:create` CLI, with the enrolment link it printed. */
export async function createAdmin(roles: string[] = []): Promise<{ email: string; password: string; enrolmentLink: string }> {
  const email = `admin-${process.pid}-${++counter}-${Date.now().toString(36)}@example.com`;
  const password = "admin password for e2e";
  const printed = await createAdminWithCli(
    dataDir(),
    email,
    password,
    "",
    roles.flatMap((role) => ["--role", role]),
  );
  return { email, password, enrolmentLink: enrolmentLinkFrom(printed) };
}

/** Opens the enrolment link in this browser, as the new admin does before the first sign-in. */
export async function openEnrolmentLink(page: Page, link: string) {
  const url = new URL(link);
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page).toHaveURL(/\/admin\/login$/);
}

/** Fills the sign-in form (password step) and waits for the answer. */
export async function submitPassword(page: Page, email: string, password: string, redirectTo?: string) {
  await page.goto(redirectTo ? `/admin/login?redirectTo=${encodeURIComponent(redirectTo)}` : "/admin/login");
  await waitForHydration(page);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  // Password hashing is deliberately slow (scrypt); give it time on a busy machine.
  await expect(page.getByRole("button", { name: "Signing in..." })).toHaveCount(0, { timeout: 30_000 });
}

/** On the set-up page: confirms the password, reads the key as an authenticator app would, enters the first code. */
export async function completeTwoFactorSetup(page: Page, password: string): Promise<OTPAuth.TOTP> {
  await expect(page.getByRole("heading", { level: 1, name: "Set up two-factor sign-in" })).toBeVisible();
  await page.getByLabel("Your password").fill(password);
  await page.getByRole("button", { name: "Set up two-factor authentication" }).click();
  const secret = (await page.getByTestId("totp-secret").textContent({ timeout: 30_000 })) ?? "";
  const totp = totpFromSecret(secret);
  await page.getByLabel("3. Enter the 6-digit code the app shows").fill(await freshTotpCode(totp));
  await page.getByRole("button", { name: "Turn on two-factor authentication" }).click();
  await expect(page.getByText("Two-factor authentication is on")).toBeVisible({ timeout: 30_000 });
  return totp;
}

/**
 * A new admin with two-factor set up, signed in in this browser; ends on `target`. The sign-in
 * and set-up run over HTTP (the requests the pages make without JavaScript, tests/support/admin-session.ts)
 * and the browser gets the session's cookie: the tests of those pages walk them with the steps above.
 */
export async function signInAsAdmin(
  page: Page,
  target = "/admin/leads",
  roles: string[] = [],
  { javaScript = true }: { javaScript?: boolean } = {},
): Promise<BrowserAdmin> {
  const baseURL = test.info().project.use.baseURL!;
  // Each from an address of its own (198.18.0.0/15, for tests), as separate people are: the sign-in's limits count per address.
  const clientIp = `198.18.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 254) + 1}`;
  const { email, password, totp, cookie } = await adminSession(baseURL, dataDir(), { password: "admin password for e2e", roles, clientIp });
  await page
    .context()
    .addCookies(
      cookie
        .split("; ")
        .map((pair) => ({ name: pair.slice(0, pair.indexOf("=")), value: pair.slice(pair.indexOf("=") + 1), url: baseURL })),
    );
  await page.goto(target);
  await expect(page).toHaveURL(target);
  if (javaScript) await waitForHydration(page);
  return { email, password, totp };
}

/** Signs an enrolled admin in again: password, then a fresh code. */
export async function signInWithCode(page: Page, admin: BrowserAdmin, target = "/admin/leads") {
  await submitPassword(page, admin.email, admin.password, target);
  await expect(page.getByRole("heading", { level: 1, name: "Two-factor code" })).toBeVisible();
  await page.getByLabel("Authentication code").fill(await freshTotpCode(admin.totp));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(target, { timeout: 30_000 });
}
