import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Locator, type Page } from "@playwright/test";
import { findClassConflicts } from "../support/class-conflicts";

/**
 * Every test fails on a console error or an uncaught page error (hydration
 * mismatches, CSP refusals, crashes), unless the test expects it.
 */
export const test = base.extend<{ consoleErrors: string[]; expectedConsoleErrors: RegExp[] }>({
  /** Console errors a test provokes on purpose (e.g. the 404 status of the 404 page itself). */
  expectedConsoleErrors: [[], { option: true }],
  consoleErrors: [
    async ({ page, expectedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        const text = message.text();
        if (message.type() !== "error" || expectedConsoleErrors.some((pattern) => pattern.test(text))) return;
        // The newsletter preview's frame is sandboxed without scripts: Chromium says so when the test
        // tools (Playwright's own script, axe) try to run inside it. The sandbox working is no error.
        if (/^Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed/.test(text)) return;
        errors.push(text);
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use(errors);
      expect(errors, "console errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Waits until React has hydrated the page (client-side navigation and handlers work). */
export async function waitForHydration(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.waitForLoadState("networkidle");
}

/** Focus stays inside `dialog` over `tabs` presses of Tab; Escape closes it and gives focus back to `opener`. */
export async function expectFocusTrapped(page: Page, dialog: Locator, opener: Locator, tabs: number) {
  for (let i = 0; i < tabs; i++) {
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

/**
 * Runs axe (WCAG 2.x A/AA rules and best practices): it must find nothing. Tests call it next to
 * `expectNoClassConflicts`, which checks the page's utility classes.
 * A page without frames is checked in "legacy mode", axe run in the page itself. The default mode finishes each
 * run in a new blank page, which in Chromium is a new tab and renderer: twice the time of every check (about
 * 4.5 s against 2 s for the home page on an idle machine). It stays for pages with a frame (the newsletter
 * preview's sandboxed one), where legacy mode would try to run a script inside the frame.
 */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    // (Asked of the DOM: a frame in the server's HTML may not be attached yet when page.frames() is read.)
    .setLegacyMode((await page.locator("iframe, frame").count()) === 0)
    .analyze();
  const summary = results.violations.map(
    (violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
  );
  expect(summary, "axe violations").toEqual([]);
}

/** No element carries two utilities that set the same thing (tests/support/class-conflicts.ts). */
export async function expectNoClassConflicts(page: Page) {
  const classLists = await page.evaluate(() => [
    ...new Set([...document.querySelectorAll("[class]")].map((element) => element.getAttribute("class") ?? "")),
  ]);
  expect(findClassConflicts(classLists), "conflicting utility classes").toEqual([]);
}
