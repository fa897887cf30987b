import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, expectNoClassConflicts, test, waitForHydration } from "./fixtures";

/**
 * The site as a fresh install sees it with nothing outside reachable: the
 * second app of playwright.config.ts (E2E_DEGRADED_URL) has no AI provider,
 * and its one news feed points at a port where nothing listens. Its store is
 * empty, so the news sections show their empty states (docs/news.md, "Empty
 * and degraded states"), and the AI tools are paused (docs/ai-tools.md).
 */
test.use({ baseURL: process.env.E2E_DEGRADED_URL });
// Each test waits for the first refresh to fail and runs axe: on a busy machine that takes a while.
test.describe.configure({ timeout: 60_000 });

test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: "cookie_consent", value: "declined", url: process.env.E2E_DEGRADED_URL! }]);
});

/** The note about the sources, once the first refresh (started by the first page view) has failed. */
async function expectSourcesTriedAndFailed(region: ReturnType<Page["locator"]>) {
  const note = region.getByTestId("news-sources");
  await expect(note).toContainText(/Our news source could not be reached when we last tried, (just now|\d+ minutes? ago)\./, {
    timeout: 20_000,
  });
  await expect(note.getByTestId("news-next-try")).toHaveText(/^Next check (in \d+ minutes?|any moment now)\.$/);
}

test("/ai-news with no reachable feed: 'No news available', when the sources were tried and will be again, never 'Updated'", async ({
  page,
}) => {
  await page.goto("/ai-news");
  await waitForHydration(page);
  const hub = page.getByRole("region", { name: "Latest Stories" });
  await expect(hub.getByText("No news available", { exact: true })).toBeVisible({ timeout: 20_000 });
  await expectSourcesTriedAndFailed(hub);
  await expect(page.getByTestId("news-count")).toHaveText("0 articles");
  await expect(page.getByTestId("news-updated")).toHaveCount(0);
  await expect(page.getByTestId("news-meta")).not.toContainText("Updated");
  await expect(hub.getByRole("button", { name: "Try Again" })).toBeEnabled();
  await expectNoAxeViolations(page);
  await expectNoClassConflicts(page);
});

test("the page as served (cached for everyone) states clock times in UTC, which the browser then words relative to now", async ({
  request,
  page,
}) => {
  // Make sure a refresh has been tried, then read the raw HTML the page cache serves.
  await page.goto("/ai-news");
  await waitForHydration(page);
  await expectSourcesTriedAndFailed(page.getByRole("region", { name: "Latest Stories" }));
  await expect
    .poll(async () => (await (await request.get("/ai-news")).text()).includes("Our news source could not be reached when we last tried"), {
      timeout: 20_000,
    })
    .toBe(true);
  const html = await (await request.get("/ai-news")).text();
  const note = /data-testid="news-sources">(.*?)<\/p>/.exec(html)?.[1] ?? "";
  // (React may separate the text before the time with an empty comment: `tried,<!-- --> <time`.)
  expect(note).toMatch(/when we last tried,(<!-- -->)? <time dateTime="[^"]+Z" title="\d\d:\d\d UTC">at \d\d:\d\d UTC<\/time>/);
  expect(note).toMatch(/Next check <time dateTime="[^"]+:(00|30):00\.000Z" title="\d\d:\d\d UTC">at \d\d:\d\d UTC<\/time>/);
  expect(html).not.toMatch(/news-updated|>Updated/);
});

test("home: 'Try Again' is busy while the sources are tried, then gives the same honest answer", async ({ page }) => {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  // Hold the fetcher's post to the /ai-news route action until the busy state has been seen.
  await page.route(/\/ai-news\.data/, async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    held++;
    await released;
    await route.continue();
  });
  await page.goto("/");
  await waitForHydration(page);
  const section = page.getByRole("region", { name: "Latest AI News" });
  await expect(section.getByText("No news available at the moment")).toBeVisible({ timeout: 20_000 });
  await expectSourcesTriedAndFailed(section);
  await expectNoAxeViolations(page);
  await expectNoClassConflicts(page);

  await section.getByRole("button", { name: "Try Again" }).click();
  await expect(section.getByRole("button", { name: "Trying again..." })).toBeDisabled();
  // Both buttons share the refresh: 'Refresh News' is busy too.
  await expect(section.getByRole("button", { name: "Refreshing..." })).toBeDisabled();
  await expect(section.getByTestId("news-sources")).toHaveText("Checking the news sources now…");
  // The busy state shows as the post starts; the post itself reaches the route a moment later.
  await expect.poll(() => held).toBe(1);
  release();
  await expect(section.getByRole("button", { name: "Try Again" })).toBeEnabled();
  await expect(section.getByRole("button", { name: "Refresh News" })).toBeEnabled();
  await expect(section.getByText("No news available at the moment")).toBeVisible();
  await expectSourcesTriedAndFailed(section);
  await expect(page).toHaveURL(/\/$/);
});

test("/ai-news: 'Refresh News' shows 'Refreshing...' while it runs, then the same answer", async ({ page }) => {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/ai-news\.data/, async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    await released;
    await route.continue();
  });
  await page.goto("/ai-news");
  await waitForHydration(page);
  const hub = page.getByRole("region", { name: "Latest Stories" });
  await expectSourcesTriedAndFailed(hub);
  await hub.getByRole("button", { name: "Refresh News" }).click();
  await expect(hub.getByRole("button", { name: "Refreshing..." })).toBeDisabled();
  await expect(hub.getByRole("button", { name: "Trying again..." })).toBeDisabled();
  release();
  await expect(hub.getByRole("button", { name: "Refresh News" })).toBeEnabled();
  await expect(hub.getByText("No news available", { exact: true })).toBeVisible();
  await expectSourcesTriedAndFailed(hub);
  await expect(page.getByTestId("news-updated")).toHaveCount(0);
});

test("without an AI provider the home page does not offer 'Try it free', and /try-ai says the same", async ({ page }) => {
  await page.goto("/");
  const tools = page.getByRole("region", { name: "Try AI Tools" });
  await expect(tools.getByTestId("ai-tools-paused")).toContainText("The tools are taking a short break right now");
  await expect(tools.getByText("Try it free")).toHaveCount(0);
  await expect(tools.getByRole("link", { name: /See the tool/ })).toHaveCount(4);

  await page.goto("/try-ai");
  await waitForHydration(page);
  await expect(page.getByTestId("try-ai-intro")).toContainText("The tools are taking a short break right now");
  await expect(page.getByTestId("try-ai-intro")).not.toContainText("is sent to our AI provider");
  await expect(page.getByRole("heading", { name: "The AI tools are taking a short break" })).toBeVisible();
  await expectNoAxeViolations(page);
  await expectNoClassConflicts(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("'Try Again' posts the form and comes back to the same page with the same answer", async ({ page }) => {
    const hub = page.getByRole("region", { name: "Latest Stories" });
    // A first view of the empty store starts a refresh ("Checking the news sources now"): wait until it has failed.
    // (A reload, not a new navigation: the browser may keep the page it has for up to a minute.)
    await page.goto("/ai-news");
    await expect(async () => {
      if (!(await hub.getByText("No news available", { exact: true }).isVisible())) await page.reload();
      await expect(hub.getByText("No news available", { exact: true })).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await hub.getByRole("button", { name: "Try Again" }).click();
    await expect(page).toHaveURL(/\/ai-news$/);
    await expect(hub.getByText("No news available", { exact: true })).toBeVisible();
    await expect(hub.getByTestId("news-sources")).toContainText("Our news source could not be reached when we last tried, at ");
  });
});
