import { randomInt } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { simpleParser } from "mailparser";
import type { Page } from "@playwright/test";
import { setAppSecret } from "../../app/.server/secret";
import { newsletterMessages } from "../../app/features/newsletter/schema";
import { createNewsletterToken, verifyNewsletterToken } from "../../app/features/newsletter/token.server";
import { expect, expectNoAxeViolations, expectNoClassConflicts, test, waitForHydration } from "./fixtures";

/**
 * The newsletter in a real browser: sign-up on the home page and /ai-news
 * (with and without JavaScript), the confirmation page, the unsubscribe page
 * and the one-click endpoint. The server has no SMTP_URL, so the confirmation
 * mail is an .eml file in the e2e data directory's outbox.
 */
test.describe.configure({ timeout: 60_000 });

const uniqueEmail = (label: string) => `${label}-${Date.now()}-${randomInt(1e6)}@example.com`;

test.beforeEach(async ({ page, baseURL }) => {
  // Each test is its own client for the per-IP sign-up limit (the server trusts proxies on loopback).
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": `198.18.${randomInt(256)}.${randomInt(1, 255)}` });
  await page.context().addCookies([{ name: "cookie_consent", value: "declined", url: baseURL! }]);
});

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").getByText(text, { exact: true });

/** The confirmation link mailed to `address` (waits for the send-mail job to write it). */
async function confirmationLink(address: string): Promise<string> {
  const dir = path.join(process.env.E2E_DATA_DIR!, "outbox");
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        // Finished mails only: the writer renames "<name>.eml.tmp" to "<name>.eml" when done.
        const files = (await fs.readdir(dir).catch(() => [])).filter(
          (file) => file.includes("newsletter-confirmation") && file.endsWith(".eml"),
        );
        for (const file of files) {
          const mail = await simpleParser(await fs.readFile(path.join(dir, file)));
          const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
          if (!to.some((entry) => entry.value.some((value) => value.address === address))) continue;
          link = /href="([^"]+\/newsletter\/confirm\?token=[\w-]+)"/.exec(String(mail.html))?.[1];
        }
        return link;
      },
      { timeout: 20_000 },
    )
    .toBeTruthy();
  return link!;
}

/** An unsubscribe token for the subscription behind a confirmation link, signed with the server's own secret. */
async function unsubscribeTokenFor(confirmUrl: string): Promise<string> {
  setAppSecret((await fs.readFile(path.join(process.env.E2E_DATA_DIR!, "app-secret"), "utf8")).trim());
  const verified = verifyNewsletterToken("confirm", new URL(confirmUrl).searchParams.get("token"));
  expect(verified).not.toBeNull();
  return createNewsletterToken("unsubscribe", verified!.subscriptionId);
}

/** axe checks the page, not a toast caught mid-animation: wait until the toasts are gone. */
async function expectAccessibleWhenToastsGone(page: Page) {
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  await expectNoAxeViolations(page);
  await expectNoClassConflicts(page);
}

/**
 * The success is said once: in the confirmation panel that replaces the form,
 * not also in a toast (decision 0113). Toasts render a frame or two after the
 * state that asks for them, so the check waits for two frames first.
 */
async function expectSubscribedOnce(page: Page, message: string) {
  const panel = page.getByTestId("newsletter-subscribed");
  await expect(panel).toContainText(message);
  await expect(panel).toContainText("We sent you an e-mail with a confirmation link.");
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await expect(page.getByText(message, { exact: true })).toHaveCount(1);
  await expect(toast(page, message)).toHaveCount(0);
}

async function signUp(page: Page, email: string) {
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Subscribe", exact: true }).click();
}

/** Signs a new address up on the page at `path` and sees `success` said once; the address is returned. */
async function subscribeFrom(page: Page, path: string, tag: string, success: string) {
  await page.goto(path);
  await waitForHydration(page);
  const email = uniqueEmail(tag);
  await signUp(page, email);
  await expectSubscribedOnce(page, success);
  return email;
}

test.describe("with JavaScript", () => {
  test("home: the product's validation toasts, the success said once (panel, no toast), then double opt-in", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const card = page.locator("#newsletter");
    await card.scrollIntoViewIfNeeded();

    await page.getByRole("button", { name: "Subscribe", exact: true }).click();
    await expect(toast(page, "Please enter your email address")).toBeVisible();
    await signUp(page, "not-an-address");
    await expect(toast(page, "Please enter a valid email address")).toBeVisible();
    // The form stays usable after errors.
    await expect(page.getByLabel("Email address")).toHaveValue("not-an-address");

    // A sign-up changes nothing else on the page: the home page's data is not loaded again.
    const reloads: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "GET" && new URL(request.url()).pathname.endsWith(".data")) reloads.push(request.url());
    });
    const email = uniqueEmail("home");
    await signUp(page, `  ${email.toUpperCase()} `);
    await expectSubscribedOnce(page, "Successfully subscribed! Check your email for confirmation.");
    await expect(page.getByRole("region", { name: "Latest AI News" })).toBeVisible();
    expect(
      reloads.every((url) => new URL(url).searchParams.get("_routes")?.split(",").includes("routes/home") === false),
      reloads.join(" "),
    ).toBe(true);
    await expect(card.getByTestId("newsletter-subscribed")).toBeFocused();
    await expectAccessibleWhenToastsGone(page);
    await card.getByRole("button", { name: "Subscribe another address" }).click();
    await expect(page.getByLabel("Email address")).toHaveValue("");

    // The mail's link opens a page with a button; pressing it confirms.
    const link = await confirmationLink(email);
    await page.goto(link.replace(/^https?:\/\/[^/]+/, ""));
    await expect(page.getByRole("heading", { level: 1, name: "Confirm your subscription" })).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoClassConflicts(page);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Confirm subscription" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "You're subscribed" })).toBeVisible();
    await expect(page.getByRole("status")).toContainText("Subscription confirmed.");

    // Signing up again from the news page: the product's info toast.
    await page.goto("/ai-news");
    await waitForHydration(page);
    await signUp(page, email);
    await expect(toast(page, "You're already subscribed to our newsletter!")).toBeVisible();
  });

  test.describe("signing up again after unsubscribing", () => {
    // The sign-up answers 429 while no confirmation mail can go to the address: the browser logs it.
    test.use({ expectedConsoleErrors: [/status of 429/] });

    test("within the hour of the last mail: a toast says a new link needs a wait, and for how long", async ({ page }) => {
      const email = await subscribeFrom(page, "/ai-news", "again", "Successfully subscribed! Check your email.");
      const token = await unsubscribeTokenFor(await confirmationLink(email));
      await page.goto(`/unsubscribe?token=${token}`);
      await expect(page.getByRole("heading", { level: 1, name: "Unsubscribed" })).toBeVisible();

      await page.goto("/ai-news");
      await waitForHydration(page);
      await signUp(page, email);
      await expect(
        page
          .locator("[data-sonner-toast]")
          .getByText(/^To subscribe again, this address needs a new confirmation link, .* try again in (59|60) minutes\.$/),
      ).toBeVisible();
      // Said as information, not as an error: nothing is wrong with the address.
      await expect(page.locator('[data-sonner-toast][data-type="info"]')).toHaveCount(1);
      await expect(page.locator('[data-sonner-toast][data-type="error"]')).toHaveCount(0);
      await expect(page.getByTestId("newsletter-subscribed")).toHaveCount(0);
      await expect(page.getByLabel("Email address")).toHaveValue(email);
      // The form stays, with the pointer still on the button: axe checks the page at rest.
      await page.mouse.move(0, 0);
      await expectAccessibleWhenToastsGone(page);
    });
  });

  test("/ai-news: its own success text; the unsubscribe page then unsubscribes by itself", async ({ page }) => {
    const email = await subscribeFrom(page, "/ai-news", "news", "Successfully subscribed! Check your email.");
    await expectAccessibleWhenToastsGone(page);

    const token = await unsubscribeTokenFor(await confirmationLink(email));
    await page.goto(`/unsubscribe?token=${token}`);
    await expect(page.getByRole("heading", { level: 1, name: "Unsubscribed" })).toBeVisible();
    await expect(page.getByText(newsletterMessages.unsubscribeSuccess)).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoClassConflicts(page);
    await page.getByRole("link", { name: "Return to the homepage" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("/unsubscribe with a missing, forged or base64-e-mail token: 'Invalid unsubscribe link'", async ({ page }) => {
    for (const url of ["/unsubscribe", "/unsubscribe?token=forged", `/unsubscribe?token=${btoa("someone@example.com")}`]) {
      await page.goto(url);
      await expect(page.getByRole("alert")).toContainText("Invalid unsubscribe link");
    }
    await expectNoAxeViolations(page);
    await expectNoClassConflicts(page);
  });

  test("RFC 8058 one-click: a cookieless POST answers 200 without a redirect", async ({ page, playwright, baseURL }) => {
    const email = await subscribeFrom(page, "/", "oneclick", "Successfully subscribed! Check your email for confirmation.");
    const token = await unsubscribeTokenFor(await confirmationLink(email));

    const client = await playwright.request.newContext({ baseURL }); // no cookies, like a mail provider
    try {
      const response = await client.post(`/unsubscribe/one-click?token=${token}`, {
        form: { "List-Unsubscribe": "One-Click" },
        maxRedirects: 0,
      });
      expect(response.status()).toBe(200);
      expect(response.headers()["location"]).toBeUndefined();
      expect(await response.text()).toContain(newsletterMessages.unsubscribeSuccess);
      const forged = await client.post("/unsubscribe/one-click?token=forged", {
        form: { "List-Unsubscribe": "One-Click" },
        maxRedirects: 0,
      });
      expect(forged.status()).toBe(400);
    } finally {
      await client.dispose();
    }
  });
});

test.describe("admin", () => {
  test("/admin/newsletter sends visitors to the sign-in with the product's toast; the send endpoint answers 401 JSON", async ({
    page,
    request,
  }) => {
    await page.goto("/admin/newsletter");
    await expect(page).toHaveURL("/admin/login?redirectTo=%2Fadmin%2Fnewsletter");
    await expect(toast(page, "Please log in to access this page")).toBeVisible();
    const response = await request.post("/api/send-daily-newsletter");
    expect(response.status()).toBe(401);
    expect(await response.json()).toMatchObject({ error: "Please log in to access this page" });
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, expectedConsoleErrors: [/status of (400|429)/] });

  test("sign-up posts to a page that answers with errors inline or the confirmation panel; unsubscribe works by button", async ({
    page,
  }) => {
    await page.goto("/");
    await signUp(page, "nope");
    await expect(page).toHaveURL(/\/newsletter\/subscribe$/);
    await expect(page.getByRole("alert")).toHaveText("Please enter a valid email address");
    await expect(page.getByLabel("Email address")).toHaveValue("nope");
    await expect(page.getByLabel("Email address")).toHaveAttribute("aria-invalid", "true");

    const email = uniqueEmail("nojs");
    await signUp(page, email);
    await expect(page.getByTestId("newsletter-subscribed")).toContainText("Successfully subscribed! Check your email for confirmation.");

    const link = await confirmationLink(email);
    await page.goto(link.replace(/^https?:\/\/[^/]+/, ""));
    await page.getByRole("button", { name: "Confirm subscription" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "You're subscribed" })).toBeVisible();

    await page.goto(`/unsubscribe?token=${await unsubscribeTokenFor(link)}`);
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Unsubscribed" })).toBeVisible();
    await expect(page.getByText(newsletterMessages.unsubscribeSuccess)).toBeVisible();
  });

  test("signing up again after unsubscribing, within the hour of the last mail: a note says when a new link can be sent", async ({
    page,
    request,
  }) => {
    await page.goto("/");
    const email = uniqueEmail("nojs-again");
    await signUp(page, email);
    await expect(page.getByTestId("newsletter-subscribed")).toContainText("Successfully subscribed! Check your email for confirmation.");
    const unsubscribed = await request.post(`/unsubscribe/one-click?token=${await unsubscribeTokenFor(await confirmationLink(email))}`);
    expect(unsubscribed.status()).toBe(200);

    // The address stays in the field, and is not marked invalid: nothing is wrong with it.
    await page.goto("/");
    await signUp(page, email);
    await expect(page).toHaveURL(/\/newsletter\/subscribe$/);
    await expect(page.getByRole("status")).toContainText(
      /^To subscribe again, this address needs a new confirmation link, .* try again in (59|60) minutes\.$/,
    );
    await expect(page.getByLabel("Email address")).toHaveValue(email);
    await expect(page.getByLabel("Email address")).not.toHaveAttribute("aria-invalid");
    await expect(page.getByRole("alert")).toHaveCount(0);
  });
});
