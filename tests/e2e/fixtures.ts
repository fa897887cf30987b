import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
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
        if (message.type() === "error" && !expectedConsoleErrors.some((pattern) => pattern.test(text))) errors.push(text);
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

/** Runs axe (WCAG 2.x A/AA rules and best practices) and the utility-class conflict check: both must find nothing. */
export async function expectNoAxeOrClassConflicts(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  const summary = results.violations.map(
    (violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
  );
  expect(summary).toEqual([]);
  await expectNoClassConflicts(page);
}

/** No element carries two utilities that set the same thing (tests/support/class-conflicts.ts). */
export async function expectNoClassConflicts(page: Page) {
  const classLists = await page.evaluate(() => [
    ...new Set([...document.querySelectorAll("[class]")].map((element) => element.getAttribute("class") ?? "")),
  ]);
  expect(findClassConflicts(classLists), "conflicting utility classes").toEqual([]);
}
