import { publicPages } from "../../app/content/public-pages";
import { CORE_RANGES, charactersOf } from "../../app/fonts/core-characters";
import type { Page } from "@playwright/test";
import { expect, expectFocusTrapped, expectNoAxeViolations, expectNoClassConflicts, test, waitForHydration } from "./fixtures";
import { adminRoutes, publicRoutes } from "./routes";

const navLabels = ["Home", "About", "Projects", "Try AI", "AI News", "Services", "Apply", "Mentoring", "Contact"];

test.describe("every route has the shell", () => {
  for (const route of publicRoutes) {
    test(`${route.path} renders header, footer and cookie banner`, async ({ page }) => {
      test.slow(route.path === "/", "the home page is the longest page: axe alone can take 15 s on a busy machine");
      const response = await page.goto(route.path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(route.heading);
      const mainNav = page.getByRole("navigation", { name: "Main" });
      for (const label of navLabels) await expect(mainNav.getByRole("link", { name: label, exact: true })).toBeVisible();
      const header = page.getByRole("banner");
      await expect(header.getByRole("link", { name: "Start a project", exact: true })).toHaveAttribute("href", "/contact");
      await expect(header.getByRole("link", { name: "Mentor", exact: true })).toHaveAttribute("href", "/mentoring");
      const footer = page.getByRole("contentinfo");
      for (const column of ["Company", "Get Involved", "Legal", "Info"]) {
        await expect(footer.getByRole("heading", { name: column })).toBeVisible();
      }
      await expect(page.getByRole("region", { name: "Cookie consent" })).toBeVisible();
      await expectNoAxeViolations(page);
      await expectNoClassConflicts(page);
    });
  }
});

test.describe("404", () => {
  test.use({ expectedConsoleErrors: [/status of 404 \(Not Found\)/] });

  test("unknown paths show the 404 page with a way home", async ({ page }) => {
    const response = await page.goto("/this/does/not/exist");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("404");
    await expect(page.getByText("Oops! Page not found")).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoClassConflicts(page);
    await waitForHydration(page);
    await page.getByRole("main").getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL("/");
  });
});

for (const path of adminRoutes) {
  test(`${path} sends visitors who are not signed in to the sign-in with a toast, to come back afterwards`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveURL(`/admin/login?redirectTo=${encodeURIComponent(path)}`);
    await expect(page.getByText("Please log in to access this page")).toBeVisible();
  });
}

test("a page is painted before its JavaScript is fetched, then hydrates (decision 0082)", async ({ page }) => {
  await page.goto("/projects");
  await waitForHydration(page);
  const timings = await page.evaluate(() => ({
    firstContentfulPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
    scripts: performance
      .getEntriesByType("resource")
      .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
      .map((entry) => entry.startTime),
  }));
  expect(timings.firstContentfulPaint).toBeGreaterThan(0);
  expect(timings.scripts.length).toBeGreaterThan(3);
  for (const start of timings.scripts) expect(start).toBeGreaterThan(timings.firstContentfulPaint!);
  // Hydrated: client-side navigation works (no full page load).
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Services", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Services/);
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
});

test("a page downloads just the two preloaded font subsets (decisions 0083, 0200)", async ({ page }) => {
  await page.goto("/ai-news");
  await page.evaluate(() => document.fonts.ready);
  const preloaded = await page
    .locator('link[rel="preload"][as="font"]')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname).sort());
  expect(preloaded).toEqual([
    expect.stringMatching(/\/inter-latin-core-[\w-]+\.woff2$/),
    expect.stringMatching(/\/space-grotesk-latin-core-[\w-]+\.woff2$/),
  ]);
  const fonts = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => path.endsWith(".woff2"))
      .sort(),
  );
  expect(fonts).toEqual(preloaded);
  // Both faces were used and loaded (text is not in a fallback font).
  const loaded = await page.evaluate(() => [...document.fonts].filter((face) => face.status === "loaded").map((face) => face.family));
  expect(loaded.sort()).toEqual(["Inter Variable", "Space Grotesk Variable"]);
});

test.describe("the first screen of every public page needs no font file beyond the two preloaded (decision 0200)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("on a phone, every character of the text in the first screen is in the preloaded files", async ({ page }) => {
    test.slow(); // Every public page, one after another.
    const core = charactersOf(CORE_RANGES);
    for (const { path } of publicPages) {
      await page.goto(path);
      const outside = await page.evaluate((coreCharacters) => {
        const allowed = new Set([...coreCharacters, "\n", "\t"]);
        const found: string[] = [];
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        while (walker.nextNode()) {
          const text = walker.currentNode as Text;
          const element = text.parentElement;
          if (!element || element.closest("script, style, template, noscript")) continue;
          const missing = [...text.data].filter((character) => !allowed.has(character));
          if (missing.length === 0) continue;
          const box = element.getBoundingClientRect();
          if (box.width > 0 && box.height > 0 && box.top < window.innerHeight && box.bottom > 0)
            found.push(`${missing.join("")} in "${text.data.trim().slice(0, 60)}"`);
        }
        return found;
      }, core);
      expect(outside, path).toEqual([]);
    }
  });
});

test("a page gets the extra letters' file once it draws one of them (decision 0200)", async ({ page }) => {
  await page.goto("/");
  const fontFiles = () =>
    page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .map((entry) => new URL(entry.name).pathname)
        .filter((file) => file.endsWith(".woff2"))
        .map((file) => file.replace(/-[\w-]{8}\.woff2$/, "")),
    );
  // The studio's story further down the home page names "Grünerløkka": its ü is in the extra file.
  await page
    .getByText(/Grünerløkka/)
    .first()
    .scrollIntoViewIfNeeded();
  await expect.poll(fontFiles).toEqual(expect.arrayContaining([expect.stringMatching(/^\/assets\/(inter|space-grotesk)-latin-extra$/)]));
  await page.evaluate(() => document.fonts.ready);
  const loaded = await page.evaluate(() =>
    [...document.fonts]
      .filter((face) => face.status === "loaded" && /U\+0*FC(?![0-9A-F])/i.test(face.unicodeRange))
      .map((face) => face.family),
  );
  expect(loaded.length).toBeGreaterThan(0);
});

test.describe("scroll positions with off-screen blocks not yet drawn (decision 0084)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  /** Where the results heading is on the screen (NaN while it is not in the page). */
  const headingTop = (page: Page) =>
    page.evaluate(() => Math.round(document.getElementById("results-title")?.getBoundingClientRect().top ?? Number.NaN));

  /** Scrolls the results heading into the middle and waits until the layout around it has settled. */
  async function scrollToResults(page: Page) {
    await page.locator("#results-title").evaluate((heading) => heading.scrollIntoView({ block: "center" }));
    let previous = Number.NaN;
    await expect
      .poll(async () => {
        const [now, settled] = [await headingTop(page), previous];
        previous = now;
        return now === settled;
      })
      .toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(3000);
    return previous;
  }

  test("the home page skips drawing its lower blocks on first load", async ({ page }) => {
    await page.goto("/");
    const modes = await page
      .locator(".lazy-render")
      .evaluateAll((blocks) => blocks.map((block) => getComputedStyle(block).contentVisibility));
    expect(modes.length).toBeGreaterThan(5);
    expect(new Set(modes)).toEqual(new Set(["auto"]));
  });

  test("after a client-side navigation pages are laid out in full (saved positions match the page)", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page).toHaveURL("/privacy-policy");
    expect(await page.locator("footer").evaluate((footer) => getComputedStyle(footer).contentVisibility)).toBe("visible");
  });

  test("a reload deep down the home page comes back to the same place", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const before = await scrollToResults(page);
    await page.reload();
    await waitForHydration(page);
    await expect.poll(() => headingTop(page)).toBe(before);
  });
});

test("a route change scrolls to the top", async ({ page }) => {
  await page.goto("/about");
  await waitForHydration(page);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
  await expect(page).toHaveURL("/privacy-policy");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test.describe("mobile menu", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("opens with the keyboard, traps focus, closes with Escape and returns focus", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    const toggle = page.getByRole("button", { name: "Open menu" });
    await toggle.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Menu" });
    await expect(dialog).toBeVisible();
    for (const label of navLabels) await expect(dialog.getByRole("link", { name: label, exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoClassConflicts(page);

    // Focus stays inside the dialog however far we tab.
    await expectFocusTrapped(page, dialog, toggle, 15);
  });

  test("navigates and closes when a link is chosen", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Projects", exact: true }).click();
    await expect(page).toHaveURL("/projects");
    await expect(page.getByRole("dialog")).toBeHidden();
  });
});
