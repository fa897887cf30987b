import { expect, test } from "./fixtures";
import { layoutPages } from "./site-pages";

/**
 * Responsive layout: no horizontal scrolling at a small phone, a tablet, a small laptop and a desktop,
 * and a full-page screenshot of every page at a phone and a desktop width in
 * test-results/screenshots/ for a human to look at.
 */
const widths = [360, 768, 1024, 1440];
const screenshotWidths = new Set([390, 1440]);

for (const sitePage of layoutPages) {
  test(`${sitePage.path} fits every width without horizontal scrolling`, async ({ page, context, baseURL }) => {
    test.setTimeout(90_000);
    // A stored choice replaces the banner with its small settings button, so it hides less of the screenshots.
    await context.addCookies([{ name: "cookie_consent", value: "declined", url: baseURL ?? "" }]);
    for (const width of [...new Set([...widths, ...screenshotWidths])].sort((a, b) => a - b)) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(sitePage.path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(sitePage.heading);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `horizontal overflow at ${width}px`).toBeLessThanOrEqual(0);
      if (screenshotWidths.has(width)) {
        // Load the lazy images before the full-page shot.
        await page.evaluate(async () => {
          for (const image of document.querySelectorAll("img")) image.loading = "eager";
          await Promise.all([...document.images].map((image) => (image.complete ? null : image.decode().catch(() => null))));
        });
        await page.screenshot({ path: `test-results/screenshots/${sitePage.name}-${width}.png`, fullPage: true });
      }
    }
  });
}
