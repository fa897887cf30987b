import { request as playwrightRequest, type Locator, type Page, type Route } from "@playwright/test";
import type { NewsArticle } from "../../app/features/news/schema";
import { expect, expectFocusTrapped, expectNoAxeViolations, expectNoClassConflicts, test, waitForHydration } from "./fixtures";

/**
 * The AI news UI (docs/product.md#news) against the app reading the local
 * fixture feeds (tests/fixtures/news/serve-e2e.ts). A slow refresh is made by
 * holding the browser's post to the /ai-news route action; the empty and
 * degraded states are in degraded.spec.ts (an app whose feeds never answer).
 */

const TITLES = {
  fresh: "Frontier Lab ships a faster reasoning model",
  hours: "Open weights for everyone",
  day: "Robot arms learn to fold laundry",
  linkless: "Benchmark results without a link",
  days: "Agents that plan ahead",
};

let stored: NewsArticle[] = [];

test.beforeAll(async ({ baseURL }) => {
  // The first request fills the empty hub from the fixture feeds.
  const api = await playwrightRequest.newContext({ baseURL });
  const response = await api.post("/api/fetch-ai-news", { data: { force: false } });
  expect(response.ok()).toBe(true);
  stored = ((await response.json()) as { news: NewsArticle[] }).news;
  expect(stored.map((a) => a.title)).toEqual(expect.arrayContaining(Object.values(TITLES)));
  await api.dispose();
});

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: "cookie_consent", value: "declined", url: baseURL! }]);
});

/** Holds the browser's posts to the /ai-news route action (Refresh News, Try Again) until `released` settles. */
function holdRefresh(page: Page, released: Promise<void>) {
  return page.route(/\/ai-news\.data/, async (route: Route) => {
    if (route.request().method() !== "POST") return route.continue();
    await released;
    await route.continue();
  });
}

/** The 'Read Full Story' link of the news card with this title, within `scope` (the page by default). */
function readFullStoryLink(scope: Page | Locator, title: string): Locator {
  return scope
    .getByTestId("news-card")
    .filter({ hasText: title })
    .getByRole("link", { name: /Read Full Story/ });
}

test("stories are summarised by the configured AI provider (the fake one answers 'AI summary: ...')", () => {
  expect(stored.some((article) => article.summary.startsWith("AI summary: "))).toBe(true);
});

test.describe("home: Latest AI News", () => {
  test("stored stories are in the server-rendered HTML", async ({ request }) => {
    const html = await (await request.get("/")).text();
    expect(html).toContain("Latest AI News");
    expect(html).toContain(TITLES.fresh);
    expect(html).toContain(TITLES.hours);
  });

  test("cards show source, relative time, title and a summary cut at 120 characters", async ({ page }) => {
    // Hydration of the home page and an axe pass over it took 25-33 s on a busy two-core machine.
    test.slow();
    await page.goto("/");
    await waitForHydration(page);
    const section = page.getByRole("region", { name: "Latest AI News" });
    const cards = section.getByTestId("news-card");
    await expect(cards).toHaveCount(5);

    const fresh = cards.filter({ hasText: TITLES.fresh });
    await expect(fresh.getByText("Frontier Lab", { exact: true })).toBeVisible();
    await expect(fresh.locator("time")).toHaveText("Just now");
    const summary = (await fresh.locator("p").first().textContent())!;
    expect(summary.length).toBeLessThanOrEqual(120);
    expect(summary.endsWith("…")).toBe(true);

    await expect(cards.filter({ hasText: TITLES.hours }).locator("time")).toHaveText("5h ago");
    await expect(cards.filter({ hasText: TITLES.day }).locator("time")).toHaveText("1d ago");
    await expect(cards.filter({ hasText: TITLES.days }).locator("time")).toHaveText("3d ago");
    await expect(section.getByRole("link", { name: "Read All AI News" })).toHaveAttribute("href", "/ai-news");
    await expectNoAxeViolations(page);
    await expectNoClassConflicts(page);
  });

  test("'Read Full Story' opens the article dialog with sanitised content; 'Close Article' returns focus", async ({ page }) => {
    // The story's image (its onerror handler stripped) loads from the source site: answer it locally.
    await page.route("https://frontier-lab.example.com/**", (route) =>
      route.fulfill({ status: 200, contentType: "image/svg+xml", body: '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>' }),
    );
    await page.goto("/");
    await waitForHydration(page);
    const card = page.getByTestId("news-card").filter({ hasText: TITLES.fresh });
    const trigger = card.getByRole("link", { name: /Read Full Story/ });
    await trigger.click();

    const dialog = page.getByRole("dialog", { name: TITLES.fresh });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("Frontier Lab").first()).toBeVisible();
    await expect(dialog.locator("time")).toHaveText("Just now");
    await expect(dialog.getByText("A smaller version runs on a laptop.")).toBeVisible();
    await expect(dialog.getByText(/Source:/)).toContainText("Frontier Lab");
    // Feed HTML arrived with a script, an onerror image and an onclick paragraph: none survive.
    expect(await dialog.locator("script, iframe, [onclick], [onerror]").count()).toBe(0);
    await dialog.locator("#xss-probe, p", { hasText: "documentation" }).first().click();
    expect(await page.evaluate(() => (window as unknown as { __xss?: boolean }).__xss)).toBeUndefined();
    const docs = dialog.getByRole("link", { name: "documentation" });
    await expect(docs).toHaveAttribute("href", "https://frontier-lab.example.com/docs/reasoning");
    await expect(docs).toHaveAttribute("rel", "noopener noreferrer nofollow");
    await expect(docs).toHaveAttribute("target", "_blank");

    const original = dialog.getByRole("link", { name: /View Original Source/ });
    await expect(original).toHaveAttribute("href", "https://frontier-lab.example.com/news/faster-reasoning");
    await expect(original).toHaveAttribute("target", "_blank");
    await expectNoAxeViolations(page);
    await expectNoClassConflicts(page);

    await dialog.getByRole("button", { name: "Close Article", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test.describe("the dialog's full text", () => {
    // The aborted request below is reported by the browser as a failed resource.
    test.use({ expectedConsoleErrors: [/^Failed to load resource: net::ERR_FAILED$/] });

    test("the dialog shows the summary while the full story loads, and says so, with the story's page, when it cannot", async ({
      page,
    }) => {
      await page.route("https://frontier-lab.example.com/**", (route) =>
        route.fulfill({
          status: 200,
          contentType: "image/svg+xml",
          body: '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>',
        }),
      );
      // The page's data carries no story's full text: the dialog asks GET /api/news/:id for it.
      const html = await (await page.request.get("/")).text();
      expect(html).not.toContain("frontier-lab.example.com/docs/reasoning");
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const failing = new Set<string>();
      await page.route(/\/api\/news\/[^/]+$/, async (route) => {
        if (failing.has(new URL(route.request().url()).pathname.split("/").pop()!)) return route.abort("failed");
        await released;
        await route.continue();
      });
      await page.goto("/");
      await waitForHydration(page);

      const fresh = stored.find((article) => article.title === TITLES.fresh)!;
      await readFullStoryLink(page, TITLES.fresh).click();
      const dialog = page.getByRole("dialog", { name: TITLES.fresh });
      await expect(dialog.getByRole("status")).toHaveText("Loading the full story…");
      await expect(dialog.getByText(fresh.summary.slice(0, 30))).toBeVisible();
      await expect(dialog.getByRole("link", { name: "documentation" })).toHaveCount(0);
      release();
      await expect(dialog.getByRole("link", { name: "documentation" })).toBeVisible();
      await expect(dialog.getByRole("status")).toHaveCount(0);
      await dialog.getByRole("button", { name: "Close Article", exact: true }).click();
      await expect(dialog).toBeHidden();

      const day = stored.find((article) => article.title === TITLES.day)!;
      failing.add(day.id);
      await readFullStoryLink(page, TITLES.day).click();
      const failed = page.getByRole("dialog", { name: TITLES.day });
      await expect(failed.getByRole("alert")).toContainText("The full story could not be loaded.");
      await expect(failed.getByRole("link", { name: "Open the story's page" })).toHaveAttribute("href", `/ai-news/${day.id}`);
      await expect(failed.getByText(day.summary.slice(0, 30))).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });

  test("the dialog works from the keyboard: Enter opens, focus stays inside, Escape closes and restores focus", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const trigger = readFullStoryLink(page, TITLES.hours);
    await trigger.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: TITLES.hours });
    await expect(dialog).toBeVisible();
    await expectFocusTrapped(page, dialog, trigger, 6);
  });

  test("a story without a link offers a web search of title plus source", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await readFullStoryLink(page, TITLES.linkless).click();
    const href = await page
      .getByRole("dialog")
      .getByRole("link", { name: /View Original Source/ })
      .getAttribute("href");
    const url = new URL(href!);
    expect(url.hostname).toBe("www.google.com");
    expect(url.searchParams.get("q")).toBe(`${TITLES.linkless} Research Weekly`);
  });

  test("'Refresh News' shows 'Refreshing...' and is disabled while busy, then shows the stored list again", async ({ page }) => {
    let release!: () => void;
    await holdRefresh(page, new Promise<void>((resolve) => (release = resolve)));
    await page.goto("/");
    await waitForHydration(page);
    const section = page.getByRole("region", { name: "Latest AI News" });
    await section.getByRole("button", { name: "Refresh News" }).click();
    const busy = section.getByRole("button", { name: "Refreshing..." });
    await expect(busy).toBeDisabled();
    release();
    await expect(section.getByRole("button", { name: "Refresh News" })).toBeEnabled();
    await expect(section.getByTestId("news-card")).toHaveCount(5);
    // The page stays where it was: the action's redirect back to "/" is followed without a reload.
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe("limits", () => {
  test("'Refresh News' right after a check says the stories shown are the latest and when the next check can run", async ({ page }) => {
    // A client of its own, so no other test's refreshes count against it.
    await page.setExtraHTTPHeaders({
      "X-Forwarded-For": `198.19.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`,
    });
    await page.goto("/");
    await waitForHydration(page);
    const section = page.getByRole("region", { name: "Latest AI News" });
    const refresh = section.getByRole("button", { name: "Refresh News" });
    // The first click checks the sources (or meets a check of the last five minutes); the second surely meets one.
    for (let i = 0; i < 2; i++) {
      await refresh.click();
      await expect(refresh).toBeEnabled({ timeout: 20_000 });
    }
    const answer = page
      .locator("[data-sonner-toast]")
      .getByText(
        /^The news sources were checked a moment ago: this is the latest news we have\. The next check can run in (1 minute|[2-5] minutes)\.$/,
      );
    await expect(answer.first()).toBeVisible();
    await expect(page.locator("[data-sonner-toast]").getByText(/failed|could not/i)).toHaveCount(0);
    await expect(section.getByTestId("news-card")).toHaveCount(5);
  });

  test("past the per-client limit on refreshes, 'Refresh News' answers with the limit's message and keeps the stories", async ({
    page,
    baseURL,
  }) => {
    const client = `198.18.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": client });
    // Use up this client's 20 forced refreshes per 10 minutes with the no-JavaScript form post.
    for (let i = 0; i < 20; i++) {
      const response = await page.request.post("/ai-news", {
        form: { intent: "refresh", redirectTo: "/ai-news" },
        headers: { Origin: baseURL!, "X-Forwarded-For": client },
        maxRedirects: 0,
      });
      expect(response.status()).toBe(303);
    }
    await page.goto("/");
    await waitForHydration(page);
    const section = page.getByRole("region", { name: "Latest AI News" });
    await section.getByRole("button", { name: "Refresh News" }).click();
    await expect(page.locator("[data-sonner-toast]").getByText(/Too many refresh requests/)).toBeVisible();
    await expect(section.getByTestId("news-card")).toHaveCount(5);
  });
});

test.describe("/ai-news", () => {
  test("hero, newsletter signup card, 'Latest Stories' with count and 'Updated', footer text and disclaimer", async ({ page }) => {
    await page.goto("/ai-news");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "AI News Hub" })).toBeVisible();
    // The newsletter signup card (the newsletter feature) sits in the hero.
    await expect(page.getByRole("region", { name: "Get the daily AI news" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Latest Stories" })).toBeVisible();
    await expect(page.getByTestId("news-count")).toHaveText("5 articles");
    // 'Updated' is when a source last answered, worded relative to the visitor's clock.
    await expect(page.getByTestId("news-updated")).toContainText(/^Updated (just now|\d+ minutes? ago|\d+ hours? ago)$/);
    await expect(page.getByTestId("news-updated").locator("time")).toHaveAttribute("title", /^\d\d:\d\d UTC$/);
    const cards = page.getByTestId("news-card");
    await expect(cards).toHaveCount(5);
    // Newest first, full summaries (no 120-character cut here).
    await expect(cards.first()).toContainText(TITLES.fresh);
    await expect(cards.first()).toContainText("Developers can try it in the API today, and a smaller version runs on a laptop.");
    await expect(page.getByText(/aggregated from across the web and updated every 30 minutes/)).toBeVisible();
    await expect(page.getByText(/Disclaimer:/)).toContainText("copyright");
    await expect(page.getByText(/Disclaimer:/)).toContainText("without warranty");
    await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute("href", "/ai-news/rss.xml");
    await expectNoAxeViolations(page);
    await expectNoClassConflicts(page);
  });
});

test.describe("story pages and the hub's feed", () => {
  test("each story has its own page with its title and description", async ({ page }) => {
    const article = stored.find((a) => a.title === TITLES.hours)!;
    const response = await page.goto(`/ai-news/${article.id}`);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(new RegExp(`^${TITLES.hours}`));
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", article.summary);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(TITLES.hours);
    await expect(page.getByRole("link", { name: /View Original Source/ })).toHaveAttribute("href", article.sourceUrl!);
    await expectNoAxeViolations(page);
    await expectNoClassConflicts(page);
  });

  test("the hub's RSS feed lists the stories", async ({ request }) => {
    const response = await request.get("/ai-news/rss.xml");
    expect(response.headers()["content-type"]).toContain("application/rss+xml");
    const xml = await response.text();
    expect(xml).toContain(TITLES.fresh);
    expect(xml).toContain(`/ai-news/${stored[0]!.id}`);
  });

  test.describe("unknown story", () => {
    test.use({ expectedConsoleErrors: [/status of 404/] });
    test("answers 404", async ({ page }) => {
      const response = await page.goto("/ai-news/00000000-0000-4000-8000-00000000dead");
      expect(response?.status()).toBe(404);
      await expect(page.getByText("Oops! Page not found")).toBeVisible();
    });
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("stories are listed, 'Read Full Story' opens the story page, and 'Refresh News' works as a form", async ({ page }) => {
    await page.goto("/");
    const section = page.getByRole("region", { name: "Latest AI News" });
    await expect(section.getByTestId("news-card")).toHaveCount(5);
    await section.getByRole("button", { name: "Refresh News" }).click();
    await expect(page).toHaveURL("/");
    await readFullStoryLink(section, TITLES.day).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(TITLES.day);
  });
});
