import { randomInt } from "node:crypto";
import type { Browser, Locator, Page } from "@playwright/test";
import { disclaimers } from "../../app/content/disclaimers";
import { site } from "../../app/content/site";
import { formDefinitions, type FormSource } from "../../app/features/forms/definitions";
import { withServerDatabase } from "../support/admin-seed";
import { outboxMailsFor } from "./support/outbox";
import { expect, expectNoAxeViolations, expectNoClassConflicts, test, waitForHydration } from "./fixtures";

/**
 * The apply, mentoring and contact forms in a real browser, with and without
 * JavaScript. The server runs without SMTP_URL, so every mail lands as an .eml
 * file in the e2e data directory's outbox, where these tests look for it.
 */

/**
 * `area`: where the form is. On /mentoring that is the request form's <div id="request">: once a
 * mentor takes bookings (tests/e2e/mentoring.spec.ts seeds one), the booking form above it has its
 * own Name, Email and notice.
 */
type FormCase = { source: FormSource; path: string; area: string; long: Record<string, string> };

const cases: FormCase[] = [
  {
    source: "apply",
    path: "/apply",
    area: "main",
    long: {
      "Your idea": "A booking assistant for physiotherapy clinics.",
      "Why should we build this?": "Clinics lose a day a week to phone calls.",
    },
  },
  { source: "mentoring", path: "/mentoring", area: "#request", long: { "Your learning goals": "Ship my first RAG app in a month." } },
  { source: "contact", path: "/contact", area: "main", long: { Message: "We need an AI assistant for our support desk." } },
];

// Several steps per test, each form filled twice: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 60_000 });

const uniqueEmail = (source: string) => `${source}-${Date.now()}-${randomInt(1e6)}@example.com`;

test.beforeEach(async ({ page, baseURL }) => {
  // Each test is its own client for the per-IP limit (the server trusts proxies on loopback).
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": `198.18.${randomInt(256)}.${randomInt(1, 255)}` });
  // Out of the way: the cookie banner is tested elsewhere.
  await page.context().addCookies([{ name: "cookie_consent", value: "declined", url: baseURL! }]);
});

const areaOf = (page: Page, form: FormCase) => page.locator(form.area);

async function fill(page: Page, form: FormCase, email: string) {
  const area = areaOf(page, form);
  await area.getByLabel("Name", { exact: true }).fill("Ada Lovelace");
  await area.getByLabel("Email", { exact: true }).fill(email);
  for (const [label, value] of Object.entries(form.long)) await area.getByLabel(label, { exact: true }).fill(value);
  await area.getByLabel(disclaimers[formDefinitions[form.source].disclaimer].checkboxLabel).check();
}

/**
 * The stored submission with this e-mail and the mails queued for it, from the database of the
 * second e2e server: it keeps the default minimum fill time, which the main one lowers to 0 so
 * that no test waits through it (playwright.config.ts).
 */
async function storedSubmission(email: string) {
  return withServerDatabase(process.env.E2E_DEGRADED_DATA_DIR ?? "", async (client) => {
    const rows = await client.query<{ hold_reason: string | null; fill_ms: number | null }>(
      "select hold_reason, fill_ms from submissions where email = $1",
      [email],
    );
    const jobs = await client.query<{ n: number }>(
      "select count(*)::int as n from pgboss.job where name = 'send-mail' and data::text like $1",
      [`%${email}%`],
    );
    return { rows: rows.rows, mailJobs: jobs.rows[0]!.n };
  });
}

async function expectFieldError(page: Page, area: Locator, label: string, message: string) {
  const control = area.getByLabel(label, { exact: true });
  await expect(control).toHaveAttribute("aria-invalid", "true", { timeout: 15_000 });
  const describedBy = (await control.getAttribute("aria-describedby")) ?? "";
  expect(describedBy).not.toBe("");
  await expect(page.locator(`[id="${describedBy.split(" ").at(-1)}"]`)).toHaveText(message);
}

/** The confirmation that replaces a form after a stored submission: heading, reply promise, next steps; no form. */
async function expectConfirmation(page: Page, source: FormSource, area: Locator) {
  const definition = formDefinitions[source];
  const confirmation = page.getByRole("region", { name: definition.success });
  await expect(confirmation.getByRole("heading", { level: 2, name: definition.success })).toBeVisible({ timeout: 15_000 });
  await expect(confirmation.getByText(site.replyPromise)).toBeVisible();
  await expect(confirmation.getByRole("heading", { name: "What happens next" })).toBeVisible();
  await expect(confirmation.getByRole("listitem")).toHaveText([...definition.nextSteps]);
  await expect(area.getByLabel("Name", { exact: true })).toHaveCount(0);
  await expect(area.getByRole("button", { name: definition.submitLabel })).toHaveCount(0);
  return confirmation;
}

/**
 * axe needs scripts, so a page rendered without JavaScript is checked as it is:
 * its HTML (scripts removed) is served at the same URL to a scripted page.
 */
async function expectStaticPageAccessible(browser: Browser, page: Page) {
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
  const url = page.url();
  const context = await browser.newContext({ baseURL: new URL(url).origin, javaScriptEnabled: true });
  try {
    const checker = await context.newPage();
    await checker.route(url, (route) => route.fulfill({ status: 200, contentType: "text/html", body: html }));
    await checker.goto(url);
    await expectNoAxeViolations(checker);
    await expectNoClassConflicts(checker);
  } finally {
    await context.close();
  }
}

test.describe("with JavaScript", () => {
  for (const form of cases) {
    const definition = formDefinitions[form.source];
    const disclaimer = disclaimers[definition.disclaimer];

    test(`${form.path}: checks fields in the browser, sends without a reload, toasts and confirms on the page until asked for another`, async ({
      page,
    }) => {
      await page.goto(form.path);
      await waitForHydration(page);
      // After hydration: with a mentor taking bookings, /mentoring then follows the browser's zone,
      // a navigation that loads the page, and the form's start time, again.
      const area = areaOf(page, form);

      const notice = area.getByRole("region", { name: disclaimer.title });
      await expect(notice.getByRole("listitem")).toHaveCount(form.source === "apply" ? 4 : 3);

      // Nothing typed: once the browser's check has loaded (a visitor's first focus fetches it),
      // errors next to each field and no request.
      await area.getByLabel("Name", { exact: true }).focus();
      await expect(page.locator(`form#${form.source}-form`)).toHaveAttribute("data-checks", "browser");
      let posts = 0;
      page.on("request", (request) => {
        if (request.method() === "POST") posts++;
      });
      await area.getByRole("button", { name: definition.submitLabel }).click();
      await expectFieldError(page, area, "Name", "Name is required");
      await expectFieldError(page, area, "Email", "Valid email required");
      await expect(area.getByText("Please acknowledge the terms to proceed")).toBeVisible();
      expect(posts).toBe(0);
      await expectNoAxeViolations(page);
      await expectNoClassConflicts(page);

      const email = uniqueEmail(form.source);
      await fill(page, form, email);
      await expect(area.getByText("Name is required")).toBeHidden();

      // A slow answer shows the busy state ('Submitting...' on apply).
      await page.route(
        (url) => url.pathname.startsWith(form.path),
        async (route) => {
          if (route.request().method() === "POST") await new Promise((resolve) => setTimeout(resolve, 700));
          await route.continue();
        },
      );
      await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
      await area.getByRole("button", { name: definition.submitLabel }).click();
      const busy = page.getByRole("button", { name: definition.submittingLabel });
      await expect(busy).toBeDisabled();
      if (form.source === "apply") await expect(busy).toHaveText("Submitting...");

      await expect(page.locator("[data-sonner-toast]").getByText(definition.success)).toBeVisible({ timeout: 15_000 });
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
      // The form gives way to a confirmation that stays (after the toast has gone), its heading focused for screen readers.
      const confirmation = await expectConfirmation(page, form.source, area);
      await expect(confirmation.getByRole("heading", { level: 2 })).toBeFocused();
      await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
      await expect(confirmation).toBeVisible();
      await expectNoAxeViolations(page);
      await expectNoClassConflicts(page);

      // Stored, then mailed: the studio's notification and the sender's acknowledgement.
      await expect.poll(async () => (await outboxMailsFor(email)).length, { timeout: 15_000 }).toBe(2);

      // "Send another message" brings back an empty form, focused on its first field, without a reload.
      await page.unroute((url) => url.pathname.startsWith(form.path));
      await confirmation.getByRole("link", { name: definition.sendAnother }).click();
      await expect(area.getByLabel("Name", { exact: true })).toBeFocused();
      await expect(area.getByLabel("Name", { exact: true })).toHaveValue("");
      await expect(area.getByLabel("Email", { exact: true })).toHaveValue("");
      await expect(area.getByLabel(disclaimer.checkboxLabel)).not.toBeChecked();
      await expect(area.getByTestId("submission-confirmation")).toHaveCount(0);
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    });
  }

  test("a form filled and sent at once, as autofill does, shows the usual confirmation and is held for review instead of lost", async ({
    page,
  }) => {
    const form = cases[2]!;
    const definition = formDefinitions[form.source];
    // No waiting for anything: autofill fills the form, the visitor clicks. On a machine too busy to
    // load, fill and send the page within the trap's 3 s, that attempt is an ordinary submission:
    // wait for its answer and try again (at most three times).
    let email = "";
    let sentAfterMs = Infinity;
    for (let attempt = 0; attempt < 3 && sentAfterMs >= 2_500; attempt++) {
      const requestedAt = Date.now();
      await page.goto(`${process.env.E2E_DEGRADED_URL}${form.path}`);
      email = uniqueEmail("autofill");
      await fill(page, form, email);
      await areaOf(page, form).getByRole("button", { name: definition.submitLabel }).click();
      sentAfterMs = Date.now() - requestedAt;
      // Exactly what a person sees (decision 0100): the success toast and the same confirmation, word for word.
      await expect(page.locator("[data-sonner-toast]").getByText(definition.success).first()).toBeVisible({ timeout: 15_000 });
    }
    expect(sentAfterMs, "the form could not be loaded, filled and sent within 2.5 s in three attempts").toBeLessThan(2_500);
    const confirmation = await expectConfirmation(page, form.source, areaOf(page, form));
    await expect(confirmation).not.toContainText(/held|review|automated/i);

    // Stored, held with its reason, and no mail queued for it (mails are queued with the row, or not at all).
    const stored = await storedSubmission(email);
    expect(stored.rows, `sent ${sentAfterMs} ms after the page was requested`).toMatchObject([{ hold_reason: "too-fast" }]);
    expect(stored.rows[0]!.fill_ms).toBeLessThan(3_000);
    expect(stored.mailJobs).toBe(0);
    expect(await outboxMailsFor(email, process.env.E2E_DEGRADED_DATA_DIR)).toEqual([]);
  });

  test.describe("refused", () => {
    test.use({ expectedConsoleErrors: [/status of 429/] });

    test("a refused submission shows the server's message and keeps what was typed", async ({ page, request }) => {
      const ip = `198.19.${randomInt(256)}.${randomInt(1, 255)}`;
      await page.setExtraHTTPHeaders({ "X-Forwarded-For": ip });
      // Use up this address's submissions through the API.
      for (let i = 0; i < 5; i++) {
        const response = await request.post("/api/send-contact-email", {
          headers: { "X-Forwarded-For": ip },
          data: { source: "contact", name: "Load", email: `load${i}@example.com`, message: "Hi", disclaimerAccepted: true },
        });
        expect(response.status()).toBe(200);
      }
      const form = cases[2]!;
      await page.goto(form.path);
      await waitForHydration(page);
      const email = uniqueEmail("refused");
      await fill(page, form, email);
      await page.getByRole("button", { name: "Send Message" }).click();
      await expect(
        page.locator("[data-sonner-toast]").getByText("Too many submissions from your network. Please wait a few minutes and try again."),
      ).toBeVisible();
      await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
      await expect(page.getByLabel("Message", { exact: true })).toHaveValue(form.long.Message!);
    });
  });
});

test.describe("without JavaScript", () => {
  // Invalid posts are answered with 400 and the page with its errors.
  test.use({ javaScriptEnabled: false, expectedConsoleErrors: [/status of 400/] });

  for (const form of cases) {
    const definition = formDefinitions[form.source];
    const disclaimer = disclaimers[definition.disclaimer];

    test(`${form.path}: a plain POST shows errors inline, keeps values, then confirms; the link brings an empty form back`, async ({
      page,
      browser,
    }) => {
      await page.goto(form.path);
      const area = areaOf(page, form);
      await area.getByLabel("Name", { exact: true }).fill("Ada Lovelace");
      await area.getByLabel("Email", { exact: true }).fill("not-an-email");
      await area.getByRole("button", { name: definition.submitLabel }).click();

      await expectFieldError(page, area, "Email", "Valid email required");
      for (const [label] of Object.entries(form.long))
        await expect(area.getByLabel(label, { exact: true })).toHaveAttribute("aria-invalid", "true");
      await expect(area.getByText("Please acknowledge the terms to proceed")).toBeVisible();
      await expect(area.getByLabel("Name", { exact: true })).toHaveValue("Ada Lovelace");
      await expect(area.getByLabel("Name", { exact: true })).not.toHaveAttribute("aria-invalid", "true");
      await expectStaticPageAccessible(browser, page);

      const email = uniqueEmail(`nojs-${form.source}`);
      await fill(page, form, email);
      await area.getByRole("button", { name: definition.submitLabel }).click();

      const confirmation = await expectConfirmation(page, form.source, area);
      await expectStaticPageAccessible(browser, page);
      await expect.poll(async () => (await outboxMailsFor(email)).length, { timeout: 15_000 }).toBe(2);

      await confirmation.getByRole("link", { name: definition.sendAnother }).click();
      await expect(page).toHaveURL(form.path);
      await expect(area.getByLabel("Name", { exact: true })).toHaveValue("");
      await expect(area.getByLabel(disclaimer.checkboxLabel)).not.toBeChecked();
    });
  }
});
