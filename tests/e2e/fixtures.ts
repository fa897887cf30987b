import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import { extendTailwindMerge } from "tailwind-merge";

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
  await page.waitForFunction(() => (window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules !== undefined);
  await page.waitForLoadState("networkidle");
}

/** Runs axe with the WCAG 2.x A/AA rules and best practices. */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  const summary = results.violations.map(
    (violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
  );
  expect(summary).toEqual([]);
  await expectNoClassConflicts(page);
}

// The type-scale tokens of app.css are font sizes, not colours.
const twMerge = extendTailwindMerge({ extend: { classGroups: { "font-size": [{ text: ["display", "h1", "h2", "h3"] }] } } });

/**
 * No element carries two utilities that set the same thing (say `mt-6` and
 * `mt-0`): which one wins would depend on the order of Tailwind's CSS, not on
 * the order in the class attribute. `cn()` only joins class names (no merging
 * library in the browser), so this check stands in for one. The primitives'
 * own `ui-*` classes are in the components layer and lose to any utility.
 */
export async function expectNoClassConflicts(page: Page) {
  const classLists = await page.evaluate(() => [
    ...new Set([...document.querySelectorAll("[class]")].map((element) => element.getAttribute("class") ?? "")),
  ]);
  const conflicts = classLists
    .map((list) => list.trim().split(/\s+/).join(" "))
    .filter((list) => twMerge(list) !== list)
    .map((list) => {
      const kept = new Set(twMerge(list).split(" "));
      return `${list.split(" ").filter((name) => !kept.has(name)).join(" ")} (overridden in "${list}")`;
    });
  expect(conflicts, "conflicting utility classes").toEqual([]);
}
