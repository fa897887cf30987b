import { randomInt, randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Page, Route } from "@playwright/test";
import { setAppSecret } from "../../app/.server/secret";
import { disclaimers } from "../../app/content/disclaimers";
import { ADMIN_REQUEST_FAILED } from "../../app/features/admin/failed-request";
import { CHAT_MESSAGES } from "../../app/features/chat/schema";
import { formDefinitions, type FormSource } from "../../app/features/forms/definitions";
import { NEWS_MESSAGES } from "../../app/features/news/schema";
import { newsletterMessages } from "../../app/features/newsletter/schema";
import { createNewsletterToken } from "../../app/features/newsletter/token.server";
import { withServerDatabase } from "../support/admin-seed";
import { signInAsAdmin } from "./support/admin";
import { expect, test, waitForHydration } from "./fixtures";

/**
 * A request that fails on the way never takes the page (docs/decisions/0177): each form and
 * fetcher, with its post aborted (offline, a dropped connection) and answered by a proxy's HTML
 * 502, keeps the page and what was typed, and shows the product's failure message.
 */

const failures = {
  aborted: (route: Route) => route.abort("failed"),
  "an HTML 502": (route: Route) => route.fulfill({ status: 502, contentType: "text/html", body: "<html>Bad gateway</html>" }),
} as const;
type Failure = keyof typeof failures;

// The browser reports each failed request on the console; those are expected here.
// (One pattern: Playwright reads a second array element as the option's settings.)
test.use({ expectedConsoleErrors: [/net::ERR_FAILED|status of 502 \(Bad Gateway\)/] });
// Sign-in (slow password hashing) and several steps per test on a busy machine.
test.describe.configure({ timeout: 60_000 });

test.beforeEach(async ({ page, baseURL }) => {
  // Each test is its own client for the per-IP limits (the server trusts proxies on loopback).
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": `198.18.${randomInt(256)}.${randomInt(1, 255)}` });
  await page.context().addCookies([{ name: "cookie_consent", value: "declined", url: baseURL! }]);
});

/** Fails every POST whose path is `pathname` (a route action's `.data` request, or an /api endpoint) the given way. */
async function failPosts(page: Page, pathname: string, failure: Failure) {
  let failed = 0;
  await page.route(
    (url) => url.pathname === pathname,
    async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      failed++;
      await failures[failure](route);
    },
  );
  return { count: () => failed };
}

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").getByText(text, { exact: true });

/** The start of the page's heading (the home page's heading ends with a rotating phrase). */
async function headingNow(page: Page): Promise<RegExp> {
  const text = (await page.getByRole("heading", { level: 1 }).textContent()) ?? "";
  return new RegExp(`^${text.slice(0, 12).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`);
}

/** The page is still the page: its heading, and never the error page. */
async function expectPageKept(page: Page, heading: string | RegExp) {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
  await expect(page.getByText("Something went wrong on our side")).toHaveCount(0);
}

const formCases: { source: FormSource; path: string; long: Record<string, string> }[] = [
  {
    source: "apply",
    path: "/apply",
    long: { "Your idea": "A booking assistant for clinics.", "Why should we build this?": "Clinics lose a day a week to calls." },
  },
  { source: "mentoring", path: "/mentoring", long: { "Your learning goals": "Ship my first RAG app." } },
  { source: "contact", path: "/contact", long: { Message: "We need an assistant for our support desk." } },
];

for (const failure of Object.keys(failures) as Failure[]) {
  test.describe(`a post ${failure}`, () => {
    for (const form of formCases) {
      test(`${form.path}: the form keeps what was typed and says '${formDefinitions[form.source].failure}'`, async ({ page }) => {
        await page.goto(form.path);
        await waitForHydration(page);
        const heading = await headingNow(page);
        const posts = await failPosts(page, `${form.path}.data`, failure);
        // The request form only: on /mentoring a mentor's booking form above it has its own Name and Email.
        const area = page.locator(form.source === "mentoring" ? "#request" : "main");
        const email = `failed-${randomInt(1e9)}@example.com`;
        await area.getByLabel("Name", { exact: true }).fill("Ada Lovelace");
        await area.getByLabel("Email", { exact: true }).fill(email);
        for (const [label, value] of Object.entries(form.long)) await area.getByLabel(label, { exact: true }).fill(value);
        const checkbox = area.getByLabel(disclaimers[formDefinitions[form.source].disclaimer].checkboxLabel);
        await checkbox.check();
        await area.getByRole("button", { name: formDefinitions[form.source].submitLabel }).click();

        await expect(toast(page, formDefinitions[form.source].failure)).toBeVisible({ timeout: 30_000 });
        expect(posts.count()).toBe(1);
        await expectPageKept(page, heading);
        await expect(area.getByLabel("Name", { exact: true })).toHaveValue("Ada Lovelace");
        await expect(area.getByLabel("Email", { exact: true })).toHaveValue(email);
        for (const [label, value] of Object.entries(form.long)) await expect(area.getByLabel(label, { exact: true })).toHaveValue(value);
        await expect(checkbox).toBeChecked();
        await expect(area.getByRole("button", { name: formDefinitions[form.source].submitLabel })).toBeEnabled();
      });
    }

    for (const where of ["/", "/ai-news"]) {
      test(`${where}: the newsletter sign-up keeps the address and says '${newsletterMessages.failedLater}'`, async ({ page }) => {
        await page.goto(where);
        await waitForHydration(page);
        const heading = await headingNow(page);
        const posts = await failPosts(page, "/newsletter/subscribe.data", failure);
        const card = page.getByRole("region", { name: "Get the daily AI news" });
        const email = `reader-${randomInt(1e9)}@example.com`;
        await card.getByLabel("Email address").fill(email);
        await card.getByRole("button", { name: "Subscribe" }).click();

        await expect.poll(posts.count, { message: "the sign-up was posted", timeout: 15_000 }).toBe(1);
        await expect(toast(page, newsletterMessages.failedLater)).toBeVisible({ timeout: 30_000 });
        expect(posts.count()).toBe(1);
        await expectPageKept(page, heading);
        await expect(card.getByLabel("Email address")).toHaveValue(email);
        await expect(card.getByRole("button", { name: "Subscribe" })).toBeEnabled();
      });

      test(`${where}: 'Refresh News' keeps the stories and says '${NEWS_MESSAGES.loadFailed}'`, async ({ page }) => {
        await page.goto(where);
        await waitForHydration(page);
        const heading = await headingNow(page);
        // A fresh server checks the sources at its first page view; the page shows the stories once it is done.
        await expect(page.getByText("Checking the news sources now…")).toHaveCount(0, { timeout: 45_000 });
        const cards = page.getByTestId("news-card");
        await expect(cards.first()).toBeVisible({ timeout: 30_000 });
        const shown = await cards.count();
        const posts = await failPosts(page, "/ai-news.data", failure);
        await page.getByRole("button", { name: "Refresh News" }).click();

        // First that the click posted the refresh, so that a failure says which half went wrong.
        await expect.poll(posts.count, { message: "the refresh was posted", timeout: 15_000 }).toBe(1);
        await expect(toast(page, NEWS_MESSAGES.loadFailed)).toBeVisible({ timeout: 30_000 });
        expect(posts.count()).toBe(1);
        await expectPageKept(page, heading);
        await expect(cards).toHaveCount(shown);
        await expect(page.getByRole("button", { name: "Refresh News" })).toBeEnabled();
      });
    }

    test(`/ai-news with no stories: 'Try Again' keeps the page and says '${NEWS_MESSAGES.loadFailed}'`, async ({ page }) => {
      // The second app under test has no reachable feed: its news pages offer 'Try Again'.
      const degraded = process.env.E2E_DEGRADED_URL!;
      await page.context().addCookies([{ name: "cookie_consent", value: "declined", url: degraded }]);
      await page.goto(`${degraded}/ai-news`);
      await waitForHydration(page);
      const hub = page.locator("main");
      await expect(hub.getByText("No news available", { exact: true })).toBeVisible({ timeout: 20_000 });
      const posts = await failPosts(page, "/ai-news.data", failure);
      await hub.getByRole("button", { name: "Try Again" }).click();

      await expect(toast(page, NEWS_MESSAGES.loadFailed)).toBeVisible({ timeout: 30_000 });
      expect(posts.count()).toBe(1);
      await expectPageKept(page, "AI News Hub");
      await expect(hub.getByRole("button", { name: "Try Again" })).toBeEnabled();
    });

    test(`/unsubscribe: the page stays and says '${newsletterMessages.unsubscribeFailed}'`, async ({ page }) => {
      // A token the server accepts (signed with its own secret); the post never reaches it.
      setAppSecret((await fs.readFile(path.join(process.env.E2E_DATA_DIR!, "app-secret"), "utf8")).trim());
      const token = createNewsletterToken("unsubscribe", randomUUID());
      const posts = await failPosts(page, "/unsubscribe.data", failure);
      await page.goto(`/unsubscribe?token=${token}`);
      // With JavaScript the page posts by itself as soon as it has hydrated.
      await expect(page.getByRole("alert").filter({ hasText: newsletterMessages.unsubscribeFailed })).toBeVisible({ timeout: 30_000 });
      expect(posts.count()).toBe(1);
      await expectPageKept(page, "Unsubscribe");
      // The failure can be tried again from the page, which posts once more.
      await page.getByRole("button", { name: "Try again" }).click();
      await expect.poll(() => posts.count()).toBe(2);
      await expect(page.getByRole("alert").filter({ hasText: newsletterMessages.unsubscribeFailed })).toBeVisible();
    });

    test(`/newsletter/confirm: the button stays and the page says '${newsletterMessages.confirmFailed}'`, async ({ page }) => {
      // A subscription waiting for its confirmation, and the link of its mail (signed with the server's secret).
      setAppSecret((await fs.readFile(path.join(process.env.E2E_DATA_DIR!, "app-secret"), "utf8")).trim());
      const email = `confirm-${randomInt(1e9)}@example.com`;
      const id = await withServerDatabase(
        process.env.E2E_DATA_DIR!,
        async (client) =>
          (await client.query<{ id: string }>("insert into newsletter_subscriptions (email) values ($1) returning id", [email])).rows[0]!
            .id,
      );
      await page.goto(`/newsletter/confirm?token=${createNewsletterToken("confirm", id)}`);
      await waitForHydration(page);
      const posts = await failPosts(page, "/newsletter/confirm.data", failure);
      await page.getByRole("button", { name: "Confirm subscription" }).click();

      await expect(page.getByRole("alert").filter({ hasText: newsletterMessages.confirmFailed })).toBeVisible({ timeout: 30_000 });
      expect(posts.count()).toBe(1);
      await expectPageKept(page, "Confirm your subscription");
      await expect(page.getByRole("button", { name: "Confirm subscription" })).toBeEnabled();
      const confirmed = await withServerDatabase(
        process.env.E2E_DATA_DIR!,
        async (client) =>
          (await client.query<{ confirmed: boolean }>("select confirmed from newsletter_subscriptions where id = $1", [id])).rows[0]!
            .confirmed,
      );
      expect(confirmed).toBe(false);
    });

    test(`the chat keeps the message in its input and says '${CHAT_MESSAGES.sendFailedDescription}'`, async ({ page }) => {
      await page.goto("/services");
      await waitForHydration(page);
      await page.getByRole("button", { name: "Chat with us" }).click();
      const panel = page.getByRole("dialog", { name: "Nordlys assistant" });
      await panel.getByRole("button", { name: "Skip for now" }).click();
      const composer = panel.getByPlaceholder("Ask about AI solutions...");
      const posts = await failPosts(page, "/api/lead-chatbot/stream", failure);
      await composer.fill("What does a chatbot project cost?");
      await composer.press("Enter");

      // The chat's messages show in a bar at the top of its panel (docs/chat.md), not as page toasts.
      await expect(panel.locator("[data-chat-notice]").getByText(CHAT_MESSAGES.sendFailedDescription, { exact: true })).toBeVisible({
        timeout: 30_000,
      });
      expect(posts.count()).toBe(1);
      await expect(composer).toHaveValue("What does a chatbot project cost?");
      await expect(panel).toBeVisible();
      await expectPageKept(page, "Services");
    });

    test("the Try AI tools keep what was typed and say their failure message", async ({ page }) => {
      await page.goto("/try-ai");
      await waitForHydration(page);
      const secretary = await failPosts(page, "/api/ai-chat/stream", failure);
      const input = page.getByLabel("Message to the AI secretary");
      await input.fill("Plan my week around three client calls");
      await input.press("Enter");
      await expect(toast(page, "Failed to get response")).toBeVisible({ timeout: 30_000 });
      expect(secretary.count()).toBe(1);
      await expect(input).toHaveValue("Plan my week around three client calls");
      await expect(page.getByRole("button", { name: "Send", exact: true })).toBeEnabled();

      const generators = await failPosts(page, "/api/generate-content/stream", failure);
      await page.getByRole("tab", { name: "SEO Generator" }).click();
      const topic = page.getByLabel("Topic", { exact: true });
      await topic.fill("Vegan meal prep for busy parents");
      await page.getByRole("button", { name: "Generate SEO" }).click();
      await expect(toast(page, "Failed to generate SEO")).toBeVisible({ timeout: 30_000 });
      expect(generators.count()).toBe(1);
      await expect(topic).toHaveValue("Vegan meal prep for busy parents");
      await expect(page.getByRole("button", { name: "Generate SEO" })).toBeEnabled();
      await expectPageKept(page, "Try Free AI Tools");
    });

    test("an admin list keeps the page when a delete fails, and says so", async ({ page, request }) => {
      // A submission to delete (held for review: its hidden field is filled, so it mails nobody).
      const name = `Failed Delete ${randomInt(1e9)}`;
      const sent = await request.post("/api/send-contact-email", {
        headers: { "X-Forwarded-For": `198.19.${randomInt(256)}.${randomInt(1, 255)}` },
        data: {
          source: "contact",
          name,
          email: `delete-${randomInt(1e9)}@example.com`,
          message: "Please delete me.",
          disclaimerAccepted: true,
          website: "x",
        },
      });
      expect(sent.ok()).toBe(true);
      await signInAsAdmin(page, "/admin/submissions");
      await page.goto(`/admin/submissions?held=1&q=${encodeURIComponent(name)}`);
      await waitForHydration(page);

      // Delete (a page form posting to the route action).
      const card = page.getByRole("article", { name });
      await card.getByRole("link", { name: `Delete submission of ${name}` }).click();
      const confirm = page.getByRole("group", { name: `Delete the submission of ${name}?` });
      const deletes = await failPosts(page, "/admin/submissions.data", failure);
      await confirm.getByRole("button", { name: "Delete permanently" }).click();
      await expect(page.getByRole("alert").filter({ hasText: ADMIN_REQUEST_FAILED })).toBeVisible({ timeout: 30_000 });
      expect(deletes.count()).toBe(1);
      await expectPageKept(page, "Submissions");
      await expect(card).toBeVisible();
      await expect(confirm.getByRole("button", { name: "Delete permanently" })).toBeEnabled();
    });

    test("the admin newsletter page keeps the page and the typed address; a send says 'Failed to send newsletter'", async ({ page }) => {
      // The page's two fetchers: the send (confirmed on the preview), and the GDPR export
      // with the address typed. The hub has stories once /ai-news has been shown (an empty hub is
      // filled from the test feeds on its first request), so the preview has an issue to send.
      await page.goto("/ai-news");
      await expect(page.getByTestId("news-count")).toBeVisible({ timeout: 30_000 });
      await signInAsAdmin(page, "/admin/newsletter?step=preview");
      await waitForHydration(page);
      const posts = await failPosts(page, "/admin/newsletter.data", failure);
      await page.getByRole("button", { name: /^Send to \d+ subscribers?$/ }).click();
      await expect(page.getByTestId("send-result")).toHaveText(newsletterMessages.sendFailed, { timeout: 30_000 });
      await expect(toast(page, newsletterMessages.sendFailed)).toBeVisible();
      const address = page.getByLabel("Subscriber e-mail");
      await address.fill("someone@example.com");
      await page.getByRole("button", { name: "Export data" }).click();
      await expect(page.getByRole("status").filter({ hasText: ADMIN_REQUEST_FAILED })).toBeVisible({ timeout: 30_000 });
      expect(posts.count()).toBe(2);
      await expect(address).toHaveValue("someone@example.com");
      await expectPageKept(page, "Newsletter");
    });
  });
}

test("a cookie choice whose post fails keeps the page", async ({ page, context, baseURL }) => {
  await context.clearCookies();
  await page.goto("/about");
  await waitForHydration(page);
  const posts = await failPosts(page, "/cookie-consent.data", "aborted");
  await page.getByRole("region", { name: "Cookie consent" }).getByRole("button", { name: "Accept" }).click();
  await expect.poll(() => posts.count()).toBe(1);
  await expect(page.getByRole("region", { name: "Cookie consent" })).toBeHidden();
  await expectPageKept(page, /About/);
  expect((await context.cookies(baseURL)).some((cookie) => cookie.name === "cookie_consent")).toBe(false);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the cookie banner goes after a choice and stays gone on every later page; the settings button and the chat launcher are not shown", async ({
    page,
    context,
    baseURL,
  }) => {
    await context.clearCookies();
    await page.goto("/services");
    const banner = page.getByRole("region", { name: "Cookie consent" });
    await expect(banner).toBeVisible();
    // Nothing a script would open: no chat launcher, no settings button.
    await expect(page.getByRole("button", { name: "Chat with us" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Cookie settings" })).toBeHidden();

    await banner.getByRole("button", { name: "Decline" }).click();
    await expect(page).toHaveURL("/services");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Services");
    expect((await context.cookies(baseURL)).find((cookie) => cookie.name === "cookie_consent")?.value).toBe("declined");
    await expect(banner).toBeHidden();

    for (const path of ["/", "/about", "/services"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(banner).toBeHidden();
      await expect(page.getByRole("button", { name: "Chat with us" })).toBeHidden();
      await expect(page.getByRole("button", { name: "Cookie settings" })).toBeHidden();
    }
  });

  test("Accept works the same way, and the shared page is still the same bytes for everyone", async ({
    page,
    context,
    baseURL,
    playwright,
  }) => {
    await context.clearCookies();
    await page.goto("/about");
    await page.getByRole("region", { name: "Cookie consent" }).getByRole("button", { name: "Accept" }).click();
    await expect(page).toHaveURL("/about");
    await expect(page.getByRole("region", { name: "Cookie consent" })).toBeHidden();
    await page.goto("/projects");
    await expect(page.getByRole("region", { name: "Cookie consent" })).toBeHidden();

    // What differs per visitor is the small stylesheet only a browser without JavaScript asks for;
    // the page itself is one stored page (shared caches may keep it).
    const api = await playwright.request.newContext({ baseURL });
    try {
      const anonymous = await api.get("/about", { headers: { Cookie: "" } });
      const chosen = await api.get("/about", { headers: { Cookie: "cookie_consent=accepted" } });
      expect(anonymous.headers()["cache-control"]).toMatch(/public/);
      expect(await chosen.text()).toBe(await anonymous.text());
      const stylesheet = await api.get("/no-script.css", { headers: { Cookie: "cookie_consent=accepted" } });
      expect(stylesheet.headers()["cache-control"]).toBe("private, no-store");
    } finally {
      await api.dispose();
    }
  });
});
