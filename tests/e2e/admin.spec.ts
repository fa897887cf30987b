import { randomInt, randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import { createAdminWithCli, demoteUser, enrolmentLinkFrom, insertLead, withServerDatabase } from "../support/admin-seed";
import { freshTotpCode, totpFromSecret } from "../support/totp";
import { expect, expectNoAxeViolations, expectNoClassConflicts, test, waitForHydration } from "./fixtures";
import { createAdmin, openEnrolmentLink, signInAsAdmin, signInWithCode, submitPassword } from "./support/admin";
import { outboxMailsFor } from "./support/outbox";

/**
 * The admin area in a browser. Accounts come from the real `admin:create`
 * CLI and leads from SQL against the e2e server's embedded database.
 */
const dataDir = process.env.E2E_DATA_DIR ?? "";
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

// Sign-in hashes passwords with scrypt on purpose; on a busy machine these tests need more time.
test.beforeEach(async ({ page }) => {
  test.slow();
  // Each test signs in from an address of its own: sign-ins and password confirmations share a
  // per-address limit (20 in 15 minutes), which the whole suite from one address would reach.
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": `198.18.${randomInt(256)}.${randomInt(1, 255)}` });
});

test.describe("sign-in page", () => {
  // A refused password answers 401, which the browser logs.
  test.use({ expectedConsoleErrors: [/status of 401/] });

  test("is accessible and refuses a wrong password without saying which part was wrong", async ({ page }) => {
    await page.goto("/admin/login");
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoClassConflicts(page);
    await waitForHydration(page);
    await page.getByLabel("E-mail").fill(`nobody-${unique()}@example.com`);
    await page.getByLabel("Password").fill("not a real password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert")).toHaveText("Invalid e-mail or password.", { timeout: 30_000 });
  });
});

test("a signed-in user without the admin role is sent home with its toast", async ({ page }) => {
  const email = `member-${unique()}@example.com`;
  const printed = await createAdminWithCli(dataDir, email, "member password 123");
  await demoteUser(dataDir, email);
  await openEnrolmentLink(page, enrolmentLinkFrom(printed));
  await submitPassword(page, email, "member password 123");
  await expect(page).toHaveURL("/");
  await expect(page.getByText("You don't have permission to access this page")).toBeVisible();
});

test.describe("admin journey", () => {
  // The wrong code on purpose answers 400, and the password before the enrolment link 403, which the browser logs.
  test.use({ expectedConsoleErrors: [/status of 40[03]/] });

  test("an enrolment link opened at localhost: the sign-in at 127.0.0.1 says where to sign in, and signing in there works", async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const { email, password, enrolmentLink } = await createAdmin();
    const localhost = baseURL!.replace("127.0.0.1", "localhost");
    const link = new URL(enrolmentLink);
    await page.goto(`${localhost}${link.pathname}${link.search}`);
    await expect(page).toHaveURL(`${localhost}/admin/login`);
    // Back on the address the browser had open before: the link's cookie is not here.
    await submitPassword(page, email, password);
    await expect(page.getByRole("alert")).toContainText(`You opened the enrolment link at ${localhost}`);
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: `Sign in at ${localhost}` }).click();
    await expect(page).toHaveURL(`${localhost}/admin/login`);
    await waitForHydration(page);
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(`${localhost}/admin/two-factor-setup?redirectTo=%2Fadmin`, { timeout: 30_000 });
  });

  test("a new admin sets up TOTP at first sign-in before seeing any lead, signs out, signs in with a code, reviews a chat, exports CSV and deletes a lead", async ({
    page,
  }) => {
    // Two scrypt sign-ins, a set-up and four axe runs: on a busy machine this takes over a minute.
    test.setTimeout(180_000);
    const { email, password, enrolmentLink } = await createAdmin();
    const leadName = `Lead ${unique()}`;
    await insertLead(dataDir, {
      name: leadName,
      email: `${unique()}@lead.example`,
      company: "Fjord Analytics",
      message: "We need a support assistant.",
      messages: [
        { role: "user", content: "Can you build a support bot?" },
        { role: "assistant", content: "Yes. Tell me about your customers." },
      ],
    });
    const silentLead = `Silent ${unique()}`;
    await insertLead(dataDir, { name: silentLead, email: `${unique()}@lead.example` });

    // The password alone does not open an account without two-factor: the enrolment link is needed first.
    await submitPassword(page, email, password);
    await expect(page.getByRole("alert")).toContainText("Open the enrolment link that npm run admin:create printed");
    // The commands are shown as code, each on one line.
    await expect(page.getByRole("alert").locator("code").first()).toHaveText("npm run admin:create");
    await openEnrolmentLink(page, enrolmentLink);
    await expect(page.getByText("Enrolment link accepted")).toBeVisible();
    // The password step leads to the two-factor set-up, not to the leads.
    await submitPassword(page, email, password);
    await expect(page).toHaveURL("/admin/two-factor-setup?redirectTo=%2Fadmin");
    await expect(page.getByRole("heading", { level: 1, name: "Set up two-factor sign-in" })).toBeVisible();
    await expect(page.getByText(leadName)).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Admin" })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await expectNoClassConflicts(page);
    // Any other admin page sends them back here.
    await page.goto("/admin/outbox");
    await expect(page).toHaveURL("/admin/two-factor-setup?redirectTo=%2Fadmin%2Foutbox");
    await page.goto("/admin/two-factor-setup?redirectTo=%2Fadmin%2Fleads");
    await waitForHydration(page);

    await page.getByLabel("Your password").fill(password);
    await page.getByRole("button", { name: "Set up two-factor authentication" }).click();
    await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole("list", { name: "Backup codes" }).getByRole("listitem")).toHaveCount(10);
    const secret = (await page.getByTestId("totp-secret").textContent()) ?? "";
    const totp = totpFromSecret(secret);
    await expectNoAxeViolations(page);
    await expectNoClassConflicts(page);
    await page.getByLabel("3. Enter the 6-digit code the app shows").fill("000000");
    await page.getByRole("button", { name: "Turn on two-factor authentication" }).click();
    await expect(page.getByText("That code is not valid. Check the time on your phone and try again.")).toBeVisible();
    await page.getByLabel("3. Enter the 6-digit code the app shows").fill(await freshTotpCode(totp));
    await page.getByRole("button", { name: "Turn on two-factor authentication" }).click();
    await expect(page.getByText("Two-factor authentication is on")).toBeVisible();
    await expect(page).toHaveURL("/admin/leads");
    await expect(page.getByRole("article", { name: leadName })).toBeVisible();

    // The account page shows it on.
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Account" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Account" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Turn off two-factor authentication" })).toBeVisible();

    // Sign out, then sign in again: the password alone is not enough.
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL("/admin/login");
    await expect(page.getByText("You are signed out")).toBeVisible();
    await page.goto("/admin/leads");
    await expect(page).toHaveURL("/admin/login?redirectTo=%2Fadmin%2Fleads");
    await expect(page.getByText("Please log in to access this page")).toBeVisible();

    await submitPassword(page, email, password);
    await expect(page.getByRole("heading", { level: 1, name: "Two-factor code" })).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoClassConflicts(page);
    await page.getByLabel("Authentication code").fill("000000");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByRole("alert")).toContainText("That code is not valid");
    await page.getByLabel("Authentication code").fill(await freshTotpCode(totp));
    await page.getByRole("button", { name: "Verify" }).click();
    // Signing in without a page to return to lands on the dashboard.
    await expect(page).toHaveURL("/admin");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();

    // Review a lead's chat.
    await page
      .getByRole("navigation", { name: "Admin" })
      .getByRole("link", { name: /^Leads/ })
      .click();
    await expect(page).toHaveURL("/admin/leads");
    await waitForHydration(page);
    await expect(page.getByText("GDPR")).toBeVisible();
    const card = page.getByRole("article", { name: leadName });
    await expect(card.getByText("chatbot")).toBeVisible();
    await expect(card.getByText("Fjord Analytics")).toBeVisible();
    await expect(page.getByRole("article", { name: silentLead }).getByRole("button", { name: "View Chat" })).toBeDisabled();
    await expectNoAxeViolations(page);
    await expectNoClassConflicts(page);
    await card.getByRole("button", { name: "View Chat" }).click();
    const dialog = page.getByRole("dialog", { name: `Chat with ${leadName}` });
    await expect(dialog.getByText("Can you build a support bot?")).toBeVisible();
    await expect(dialog.getByText("User", { exact: true })).toBeVisible();
    await expect(dialog.getByText("AI Assistant", { exact: true })).toBeVisible();
    await expect(dialog.getByRole("log", { name: "Conversation" })).toHaveCSS("height", "500px");
    await expectNoAxeViolations(page);
    await expectNoClassConflicts(page);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    // Search, then export what the search found.
    await page.getByLabel("Search leads").fill(leadName);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByRole("article")).toHaveCount(1);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await fs.readFile((await download.path()) ?? "", "utf8");
    expect(csv).toContain(leadName);
    expect(csv).toContain("User: Can you build a support bot?");
    expect(csv).not.toContain(silentLead);

    // Delete with confirmation.
    await card.getByRole("link", { name: `Delete lead ${leadName}` }).click();
    const confirm = page.getByRole("group", { name: `Delete the lead of ${leadName}?` });
    await expect(confirm).toBeFocused();
    await confirm.getByRole("button", { name: "Delete permanently" }).click();
    await expect(page.getByText("Lead deleted")).toBeVisible();
    await expect(page.getByRole("article", { name: leadName })).toHaveCount(0);
    await expect(page.getByText("No leads match this search")).toBeVisible();
  });
});

test("signInAsAdmin and signInWithCode give other tests an enrolled admin", async ({ page }) => {
  const admin = await signInAsAdmin(page, "/admin/submissions");
  await expect(page.getByRole("heading", { level: 1, name: "Submissions" })).toBeVisible();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL("/admin/login");
  await signInWithCode(page, admin, "/admin/outbox");
  await expect(page.getByRole("heading", { level: 1, name: "Outbox" })).toBeVisible();
});

test.describe("held items", () => {
  test("an admin finds what looked automated under Held, deletes a held lead, and releases a submission whose mails then go out once", async ({
    page,
    request,
  }) => {
    const tag = unique();
    const client = { "X-Forwarded-For": `198.18.${randomInt(256)}.${randomInt(1, 255)}` };
    // Through the public API, as a browser's autofill would send them: the hidden field filled in.
    const submissionName = `Held ${tag}`;
    const submissionEmail = `held-${tag}@example.com`;
    const sent = await request.post("/api/send-contact-email", {
      headers: client,
      data: {
        source: "contact",
        name: submissionName,
        email: submissionEmail,
        message: "My password manager filled this in.",
        disclaimerAccepted: true,
        website: "https://autofill.example",
      },
    });
    expect(await sent.json()).toEqual({ success: true });
    const leadName = `Held Lead ${tag}`;
    const captured = await request.post("/api/lead-chatbot", {
      headers: client,
      data: {
        action: "capture_lead",
        userData: { name: leadName, email: `held-lead-${tag}@example.com` },
        conversationId: randomUUID(),
        website: "x",
      },
    });
    expect(captured.status()).toBe(200);

    await signInAsAdmin(page, "/admin/leads");
    const nav = page.getByRole("navigation", { name: "Admin" });
    await expect(nav.getByRole("link", { name: /^Submissions \d+ held$/ })).toBeVisible();
    await expect(nav.getByRole("link", { name: /^Leads \d+ held$/ })).toBeVisible();

    // Leads: the inbox does not show it; Held does, with the reason; delete it.
    await waitForHydration(page);
    await expect(page.getByRole("article", { name: leadName })).toHaveCount(0);
    const views = page.getByRole("navigation", { name: "Inbox or held items" });
    await expect(views.getByRole("link", { name: "Inbox" })).toHaveAttribute("aria-current", "page");
    await views.getByRole("link", { name: /^Held \(\d+\)$/ }).click();
    await expect(page).toHaveURL(/[?&]held=1/);
    const leadCard = page.getByRole("article", { name: leadName });
    await expect(leadCard.getByText("Held: Hidden field filled")).toBeVisible();
    await expect(leadCard.getByRole("button", { name: `Release lead ${leadName}` })).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoClassConflicts(page);
    await leadCard.getByRole("link", { name: `Delete lead ${leadName}` }).click();
    const confirm = page.getByRole("group", { name: `Delete the lead of ${leadName}?` });
    await expect(confirm).toBeFocused();
    await confirm.getByRole("button", { name: "Delete permanently" }).click();
    await expect(page.getByText("Lead deleted")).toBeVisible();
    await expect(page).toHaveURL(/[?&]held=1/);
    await expect(page.getByRole("article", { name: leadName })).toHaveCount(0);

    // Submissions: Held, search within it, release.
    await nav.getByRole("link", { name: /^Submissions/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Submissions" })).toBeVisible();
    await expect(page.getByRole("article", { name: submissionName })).toHaveCount(0);
    await page
      .getByRole("navigation", { name: "Inbox or held items" })
      .getByRole("link", { name: /^Held \(\d+\)$/ })
      .click();
    // The search form of the held list (it keeps held=1): not the one of the page before it.
    await expect(page).toHaveURL(/held=1/);
    await page.getByLabel("Search submissions").fill(tag);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/held=1/);
    const card = page.getByRole("article", { name: submissionName });
    await expect(card.getByText("Held: Hidden field filled")).toBeVisible();
    await expect(card.getByText(/bots do this, and so do some autofill tools/)).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoClassConflicts(page);
    expect(await outboxMailsFor(submissionEmail)).toEqual([]);

    await card.getByRole("button", { name: `Release submission of ${submissionName}` }).click();
    await expect(page.getByText("Submission released")).toBeVisible();
    await expect(page.getByRole("article", { name: submissionName })).toHaveCount(0);
    await expect(page.getByText("No submissions match")).toBeVisible();
    // The notification to the studio and the acknowledgement to the sender, once each.
    await expect.poll(async () => (await outboxMailsFor(submissionEmail)).length, { timeout: 15_000 }).toBe(2);
    const queued = await withServerDatabase(
      dataDir,
      async (db) =>
        (
          await db.query<{ n: number }>("select count(*)::int as n from pgboss.job where name = 'send-mail' and data::text like $1", [
            `%${submissionEmail}%`,
          ])
        ).rows[0]!.n,
    );
    expect(queued).toBe(2);

    // Now an ordinary submission in the inbox.
    await page.getByRole("navigation", { name: "Inbox or held items" }).getByRole("link", { name: "Inbox" }).click();
    await expect(page.getByRole("article", { name: submissionName })).toBeVisible();
    await expect(page.getByRole("button", { name: `Release submission of ${submissionName}` })).toHaveCount(0);
  });
});
