import { randomInt, randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { request as playwrightRequest } from "@playwright/test";
import { insertLead, withServerDatabase } from "../support/admin-seed";
import { freshTotpCode } from "../support/totp";
import { expect, expectNoAxeViolations, expectNoClassConflicts, test, waitForHydration } from "./fixtures";
import { signInAsAdmin } from "./support/admin";
import { outboxMailsFor } from "./support/outbox";

/**
 * The admin area as an application of its own: its frame (no marketing chrome), the way back
 * to a deep link after sign-in, chat transcripts as the visitor saw them, and what "Send
 * Newsletter Now" says.
 */
const dataDir = process.env.E2E_DATA_DIR ?? "";
const unique = () => randomUUID().slice(0, 8);

// Sign-in hashes passwords with scrypt on purpose; on a busy machine these tests need more time.
test.beforeEach(async ({ page }) => {
  test.slow();
  // Each test signs in from an address of its own: sign-ins and password confirmations share a
  // per-address limit (20 in 15 minutes), which the whole suite from one address would reach.
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": `198.18.${randomInt(256)}.${randomInt(1, 255)}` });
});

/** None of the marketing site's chrome is in the page, visible or not. */
async function expectNoMarketingChrome(page: Page) {
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  await expect(page.locator('[aria-label="Chat with us"]')).toHaveCount(0);
  await expect(page.locator('[aria-label="Cookie settings"], [aria-label="Cookie consent"]')).toHaveCount(0);
  await expect(page.getByRole("link", { name: /^Start\b/ })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Mentor", exact: true })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Get Involved" })).toHaveCount(0);
}

test("the sign-in and every admin page have the admin's own frame: no marketing navigation, buttons, chat, cookie button or footer", async ({
  page,
}) => {
  await page.goto("/admin/login");
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await expectNoMarketingChrome(page);
  await expect(page.getByRole("banner").getByRole("link", { name: /Nordlys/ })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Admin" })).toHaveCount(0);

  await signInAsAdmin(page, "/admin");
  for (const path of ["/admin", "/admin/leads", "/admin/newsletter", "/admin/account"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoMarketingChrome(page);
    await expect(page.getByRole("banner").getByRole("navigation", { name: "Admin" })).toBeVisible();
  }
  await expectNoAxeViolations(page);
  await expectNoClassConflicts(page);

  // The skip link is the first stop for a keyboard and leads into the page's main landmark.
  await waitForHydration(page);
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("main")).toBeFocused();
});

test("at 390 px the admin navigation folds into a Menu that opens, leads to a page and closes again", async ({ page }) => {
  await signInAsAdmin(page, "/admin/leads");
  await page.setViewportSize({ width: 390, height: 844 });
  await waitForHydration(page);
  await expect(page.getByRole("navigation", { name: "Admin" })).toBeHidden();
  const menu = page.getByText("Menu", { exact: false }).filter({ hasText: "Leads" });
  await menu.click();
  const nav = page.getByRole("navigation", { name: "Admin" });
  await expect(nav).toBeVisible();
  await expect(nav.getByRole("link", { name: "Leads" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  await expectNoAxeViolations(page);
  await expectNoClassConflicts(page);
  await nav.getByRole("link", { name: "Newsletter" }).click();
  await expect(page).toHaveURL("/admin/newsletter");
  await expect(page.getByRole("heading", { level: 1, name: "Newsletter" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Admin" })).toBeHidden();
  // Focus moves to the new page's content, not lost with the closed menu.
  await expect(page.getByRole("main")).toBeFocused();
  // Nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("a signed-out visit to an admin page leads to the sign-in and, after password and code, back to that page", async ({ page }) => {
  const admin = await signInAsAdmin(page, "/admin");
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL("/admin/login");

  await page.goto("/admin/subscribers?q=nobody");
  await expect(page).toHaveURL("/admin/login?redirectTo=%2Fadmin%2Fsubscribers%3Fq%3Dnobody");
  await expect(page.getByText("Please log in to access this page")).toBeVisible();
  await expectNoMarketingChrome(page);
  await waitForHydration(page);
  await page.getByLabel("E-mail").fill(admin.email);
  await page.getByLabel("Password").fill(admin.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Two-factor code" })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel("Authentication code").fill(await freshTotpCode(admin.totp));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL("/admin/subscribers?q=nobody", { timeout: 30_000 });
  await expect(page.getByRole("heading", { level: 1, name: "Subscribers" })).toBeVisible();
});

test("a chat transcript shows the assistant's links and bold as the visitor saw them; markup and script links stay inert", async ({
  page,
}) => {
  const leadName = `Transcript ${unique()}`;
  const leadEmail = `${unique()}@lead.example`;
  await insertLead(dataDir, {
    name: leadName,
    email: leadEmail,
    messages: [
      { role: "user", content: "What do you build? **not bold from me**" },
      {
        role: "assistant",
        content:
          "We ship **working assistants** in weeks. See our [services](/services) or [the docs](https://docs.example.com/start). " +
          '<script>window.__transcriptRan = true</script><img src=x onerror="window.__transcriptRan = true"> [click me](javascript:window.__transcriptRan=true)',
      },
    ],
  });
  await signInAsAdmin(page, `/admin/leads?q=${encodeURIComponent(leadEmail)}`);
  const lead = page.getByRole("article", { name: leadName });
  await lead.getByRole("button", { name: "View Chat" }).click();
  const dialog = page.getByRole("dialog", { name: `Chat with ${leadName}` });
  const assistant = dialog.getByRole("listitem").filter({ hasText: "AI Assistant" });

  await expect(assistant.locator("strong")).toHaveText("working assistants");
  await expect(assistant.getByRole("link", { name: "services" })).toHaveAttribute("href", "/services");
  const external = assistant.getByRole("link", { name: /the docs/ });
  await expect(external).toHaveAttribute("href", "https://docs.example.com/start");
  await expect(external).toHaveAttribute("rel", "noopener noreferrer");
  // Markup is text; the javascript: link is its label only.
  await expect(assistant).toContainText("<script>window.__transcriptRan = true</script>");
  await expect(assistant).toContainText('<img src=x onerror="window.__transcriptRan = true">');
  await expect(assistant.getByText("click me")).toBeVisible();
  await expect(dialog.getByRole("link", { name: "click me" })).toHaveCount(0);
  await expect(dialog.locator("script, img")).toHaveCount(0);
  await assistant.getByText("click me").click();
  expect(await page.evaluate(() => (window as unknown as { __transcriptRan?: boolean }).__transcriptRan)).toBeUndefined();
  // The visitor's own text is shown as typed.
  await expect(dialog.getByRole("listitem").filter({ hasText: "User" })).toContainText("**not bold from me**");
  await expectNoAxeViolations(page);
  await expectNoClassConflicts(page);
});

test("Send Newsletter Now: says whether an issue was ever sent, and the success toast comes only with mail sent", async ({
  page,
  baseURL,
}) => {
  const hadIssue = await withServerDatabase(
    dataDir,
    async (client) => (await client.query("select 1 from newsletter_issues limit 1")).rowCount! > 0,
  );
  // Stories to send: the first request fills the empty news hub from the fixture feeds.
  const api = await playwrightRequest.newContext({ baseURL });
  expect((await api.post("/api/fetch-ai-news", { data: { force: false } })).ok()).toBe(true);
  await api.dispose();
  const reader = `reader-${unique()}@example.com`;
  await withServerDatabase(dataDir, (client) =>
    client.query("insert into newsletter_subscriptions (email, confirmed, confirmed_at) values ($1, true, now())", [reader]),
  );

  await signInAsAdmin(page, "/admin/newsletter");
  const result = page.getByTestId("send-result");
  await expect(result).toHaveText(
    hadIssue
      ? "Nothing sent from this page yet. A press sends today's issue to anyone who has not had it."
      : "No issue has been sent yet: the first press sends the first issue.",
  );
  await waitForHydration(page);
  // The sign-in's own toast has gone: every toast below is the send's.
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });

  // The button shows the issue first; only the confirmation mails the new reader: the product's
  // success toast, with the number this press sent.
  await page.getByRole("button", { name: "Send Newsletter Now" }).click();
  await expect(page).toHaveURL("/admin/newsletter?step=preview");
  // The HTML part in a sandboxed frame (no scripts: Playwright's own cannot look inside either).
  await expect(page.getByTestId("preview-html")).toHaveAttribute("srcdoc", /Unsubscribe/);
  await expect(page.getByTestId("preview-html")).toHaveAttribute("sandbox", "");
  expect(await outboxMailsFor(reader)).toHaveLength(0);
  await page.getByRole("button", { name: /^Send to \d+ subscribers?$/ }).click();
  const sentNow = result.locator("dt", { hasText: "Sent now" }).locator("xpath=following-sibling::dd");
  await expect(sentNow).toHaveText(/^\d+$/, { timeout: 60_000 });
  await expect(page).toHaveURL("/admin/newsletter");
  const firstCount = Number(await sentNow.textContent());
  expect(firstCount).toBeGreaterThanOrEqual(1);
  await expect(page.locator('[data-sonner-toast][data-type="success"]')).toHaveText(
    `Newsletter sent successfully to ${firstCount} subscribers!`,
  );
  await expect.poll(async () => (await outboxMailsFor(reader)).length, { timeout: 15_000 }).toBe(1);
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });

  // Pressed again: the reader has the issue. A success toast only if someone confirmed in between and was mailed now.
  await page.getByRole("button", { name: "Send Newsletter Now" }).click();
  await expect(page.getByTestId("preview-recipients")).toContainText(/already have today's issue/);
  await page.getByRole("button", { name: /^Send to \d+ subscribers?$/ }).click();
  await expect(page.getByRole("button", { name: "Send Newsletter Now" })).toBeEnabled({ timeout: 60_000 });
  await expect(page.locator('[data-sonner-toast][data-type="info"], [data-sonner-toast][data-type="success"]')).toHaveCount(1);
  const secondCount = Number(await sentNow.textContent());
  if (secondCount === 0) {
    await expect(page.locator('[data-sonner-toast][data-type="success"]')).toHaveCount(0);
    await expect(page.locator('[data-sonner-toast][data-type="info"]')).toContainText("Nothing new to send");
  } else {
    await expect(page.locator('[data-sonner-toast][data-type="success"]')).toHaveText(
      `Newsletter sent successfully to ${secondCount} subscribers!`,
    );
  }
  expect(await outboxMailsFor(reader)).toHaveLength(1);
});
