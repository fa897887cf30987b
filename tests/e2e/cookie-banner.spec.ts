import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";

async function consentCookie(page: Page) {
  const cookies = await page.context().cookies();
  return cookies.find((cookie) => cookie.name === "cookie_consent")?.value;
}

test("Accept stores accepted, hides the banner and shows a settings button that reopens it", async ({ page }) => {
  await page.goto("/about");
  await waitForHydration(page);
  const banner = page.getByRole("region", { name: "Cookie consent" });
  const before = await page.getByRole("heading", { level: 1 }).boundingBox();
  await banner.getByRole("button", { name: "Accept" }).click();
  await expect(banner).toBeHidden();
  await expect.poll(() => consentCookie(page)).toBe("accepted");
  // The banner floats above the page: content did not move.
  expect(await page.getByRole("heading", { level: 1 }).boundingBox()).toEqual(before);

  await page.reload();
  await expect(banner).toBeHidden();
  await waitForHydration(page);
  await page.getByRole("button", { name: "Cookie settings" }).click();
  await expect(banner).toBeVisible();
  await banner.getByRole("button", { name: "Decline" }).click();
  await expect(banner).toBeHidden();
  await expect.poll(() => consentCookie(page)).toBe("declined");
});

test("the close control declines", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Close cookie banner" }).click();
  await expect(page.getByRole("region", { name: "Cookie consent" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Cookie settings" })).toBeVisible();
  await expect.poll(() => consentCookie(page)).toBe("declined");
});

test("a visitor who has chosen never sees the banner, not even before the page's JavaScript has run", async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: "cookie_consent", value: "accepted", url: baseURL! }]);
  // Hold the page's modules back: what shows is the server's HTML (the same for everyone) and its inline script.
  let releaseScripts!: () => void;
  const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
  await page.route("**/assets/*.js", async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  // The page's load event waits for the held scripts: wait only for the HTML.
  await page.goto("/about", { waitUntil: "domcontentloaded" });
  await expect(page.getByRole("button", { name: "Cookie settings" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Cookie consent" })).toBeHidden();
  releaseScripts();
  await waitForHydration(page);
  await expect(page.getByRole("region", { name: "Cookie consent" })).toHaveCount(0);
  await page.getByRole("button", { name: "Cookie settings" }).click();
  await expect(page.getByRole("region", { name: "Cookie consent" })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the banner records the choice, comes back to the same page and is gone", async ({ page }) => {
    await page.goto("/services");
    await page.getByRole("region", { name: "Cookie consent" }).getByRole("button", { name: "Accept" }).click();
    await expect(page).toHaveURL("/services");
    expect(await consentCookie(page)).toBe("accepted");
    // The page is the same for everyone (shared caches keep it); its <noscript> stylesheet, read
    // with the cookie, hides the banner (decision 0177; tests/e2e/failed-requests.spec.ts has more).
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Services");
    await expect(page.getByRole("region", { name: "Cookie consent" })).toBeHidden();
  });
});
