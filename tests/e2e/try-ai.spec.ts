import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, expectNoClassConflicts, test, waitForHydration } from "./fixtures";

/** The typing animation's timings (TYPING_MS in app/features/ai-tools/components/typing-text.tsx). */
const TYPING_MS = { type: 100, delete: 50, pause: 2000 } as const;

/**
 * /try-ai against the production build, with the fake AI provider of
 * tests/e2e/support/fake-ai-provider.ts behind the real endpoints.
 */

// Each test is its own client (the server trusts X-Forwarded-For from loopback), so per-IP limits never collide.
let client = 0;
test.beforeEach(async ({ page }, testInfo) => {
  client += 1;
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": `198.51.${testInfo.workerIndex + 1}.${client % 250}` });
});

async function open(page: Page, hash = "") {
  await page.goto(`/try-ai${hash}`);
  await waitForHydration(page);
}

const tab = (page: Page, name: string) => page.getByRole("tab", { name });

test("has the product's title, description, canonical link and hero, and passes axe", async ({ page }) => {
  test.slow(); // four axe runs
  await open(page);
  await expect(page).toHaveTitle("Try AI Tools | Nordlys Studio");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /AI secretary/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/try-ai$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Try Free AI Tools");
  await expect(page.getByRole("tab")).toHaveText(["AI Secretary", "SEO Generator", "Email Writer", "LinkedIn Posts"]);
  await expectNoAxeViolations(page);
  await expectNoClassConflicts(page);
  for (const name of ["SEO Generator", "Email Writer", "LinkedIn Posts"]) {
    await tab(page, name).click();
    await expectNoAxeViolations(page);
    await expectNoClassConflicts(page);
  }
});

test.describe("tabs and the URL hash", () => {
  test("the hash opens its tab; anything else opens the secretary", async ({ page }) => {
    test.slow(); // six page loads
    for (const [hash, name] of [
      ["#seo", "SEO Generator"],
      ["#email", "Email Writer"],
      ["#linkedin", "LinkedIn Posts"],
      ["#secretary", "AI Secretary"],
      ["#unknown", "AI Secretary"],
      ["", "AI Secretary"],
    ]) {
      await open(page, hash);
      await expect(tab(page, name!)).toHaveAttribute("aria-selected", "true");
    }
  });

  test.describe("before the page's scripts run", () => {
    // The page's own scripts never arrive: what shows is the server's HTML and its inline script.
    test.use({ expectedConsoleErrors: [/Failed to load resource|net::ERR_FAILED/] });

    test("a deep link shows its tool and its tab from the first paint", async ({ page }) => {
      await page.route(/\/assets\/.*\.js(\?.*)?$/, (route) => route.abort());
      await page.goto("/try-ai#linkedin");
      await expect(page.getByRole("heading", { name: "LinkedIn post generator" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "AI secretary" })).toBeHidden();
      expect(await tab(page, "LinkedIn Posts").evaluate((element) => getComputedStyle(element).backgroundColor)).toBe("rgb(255, 255, 255)");
      await page.goto("/try-ai");
      await expect(page.getByRole("heading", { name: "AI secretary" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "LinkedIn post generator" })).toBeHidden();
    });
  });

  test("choosing a tab updates the hash, and hash changes choose the tab", async ({ page }) => {
    await open(page);
    await tab(page, "Email Writer").click();
    await expect(page).toHaveURL(/\/try-ai#email$/);
    await expect(page.getByRole("heading", { name: "Cold email writer" })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.evaluate(() => (window.location.hash = "linkedin"));
    await expect(tab(page, "LinkedIn Posts")).toHaveAttribute("aria-selected", "true");
    await page.goBack();
    await expect(tab(page, "Email Writer")).toHaveAttribute("aria-selected", "true");

    // Keyboard: arrow keys move between tabs.
    await tab(page, "Email Writer").focus();
    await page.keyboard.press("ArrowRight");
    await expect(tab(page, "LinkedIn Posts")).toHaveAttribute("aria-selected", "true");
    await expect(page).toHaveURL(/#linkedin$/);
  });
});

test.describe("typing animation", () => {
  test("types and deletes words", async ({ page }) => {
    await open(page);
    const typing = page.getByTestId("typing-text");
    const first = await typing.innerText();
    await expect.poll(async () => (await typing.innerText()).trim().length, { timeout: 5_000 }).toBeLessThan(first.trim().length);
  });

  test("stays still with reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.clock.install();
    await open(page);
    const typing = page.getByTestId("typing-text");
    const first = await typing.innerText();
    await page.clock.runFor(TYPING_MS.pause + 10 * TYPING_MS.delete + 500);
    expect(await typing.innerText()).toBe(first);
  });
});

test.describe("AI secretary", () => {
  test("sends with Enter, shows Thinking..., streams the reply and keeps the chat after a reload", async ({ page }) => {
    await open(page);
    await expect(page.getByRole("heading", { name: "AI secretary" })).toBeVisible();
    const starters = page.getByRole("list", { name: "Starter prompts" }).getByRole("button");
    await expect(starters).toHaveCount(3);

    const input = page.getByLabel("Message to the AI secretary");
    const send = page.getByRole("button", { name: "Send", exact: true });
    await expect(send).toBeDisabled();
    // Blank input: Enter does nothing.
    await input.fill("   ");
    await input.press("Enter");
    await expect(page.getByRole("log").getByText("You:")).toHaveCount(0);

    await input.fill("Book a table for two");
    await input.press("Enter");
    await expect(input).toHaveValue("");
    await expect(page.getByRole("button", { name: "Thinking..." })).toBeDisabled();
    const log = page.getByRole("log", { name: "Conversation with the AI secretary" });
    await expect(log.getByText("Book a table for two", { exact: true })).toBeVisible();
    await expect(log.getByText("Here is a concise answer to: Book a table for two")).toBeVisible();
    await expect(page.getByRole("button", { name: "Send", exact: true })).toBeVisible();

    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("aiSecretaryMessages") ?? "null"));
    expect(stored).toEqual([
      { role: "user", content: "Book a table for two" },
      { role: "assistant", content: "Here is a concise answer to: Book a table for two" },
    ]);

    await page.reload();
    await waitForHydration(page);
    await expect(log.getByText("Here is a concise answer to: Book a table for two")).toBeVisible();
  });

  test("a starter prompt sends itself; Shift+Enter adds a line instead of sending", async ({ page }) => {
    await open(page);
    const starter = page.getByRole("list", { name: "Starter prompts" }).getByRole("button").first();
    const prompt = (await starter.innerText()).trim();
    await starter.click();
    await expect(page.getByRole("log").getByText(`Here is a concise answer to: ${prompt}`)).toBeVisible();

    const input = page.getByLabel("Message to the AI secretary");
    await input.fill("line one");
    await input.press("Shift+Enter");
    await input.pressSequentially("line two");
    await expect(input).toHaveValue("line one\nline two");
  });

  test.describe("when the provider fails", () => {
    test.use({ expectedConsoleErrors: [/status of 502 \(Bad Gateway\)/] });

    test("the AI Error toast shows the server's message", async ({ page }) => {
      await open(page);
      const input = page.getByLabel("Message to the AI secretary");
      await input.fill("please [fail]");
      await input.press("Enter");
      const toast = page.locator("[data-sonner-toast]");
      await expect(toast).toContainText("AI Error");
      await expect(toast).toContainText("The AI service could not answer right now. Please try again in a moment.");
      await expect(page.getByRole("button", { name: "Send", exact: true })).toBeVisible();
    });
  });
});

test.describe("SEO generator", () => {
  test("examples, Generating..., counters with error style, and persistence", async ({ page }) => {
    await open(page, "#seo");
    const topic = page.getByLabel("Topic", { exact: true });
    const examples = page.getByRole("group", { name: "Examples:" }).getByRole("button");
    await expect(examples).toHaveCount(3);
    await examples.nth(1).click();
    await expect(topic).toHaveValue("Vegan meal prep for busy parents");

    await page.getByRole("button", { name: "Generate SEO" }).click();
    await expect(page.getByRole("button", { name: "Generating..." })).toBeDisabled();
    const title = page.getByLabel("Title", { exact: true });
    const description = page.getByLabel("Meta description", { exact: true });
    await expect(title).toHaveValue("Vegan meal prep for busy parents: A Practical Guide");
    await expect(description).toHaveValue(/^Everything you need to know about Vegan meal prep/);
    await expect(page.getByRole("button", { name: "Generate SEO" })).toBeEnabled();

    const titleCount = page.locator("#seo-title-count");
    await expect(titleCount).toHaveText(`Characters: ${"Vegan meal prep for busy parents: A Practical Guide".length}/60`);
    const descriptionLength = (await description.inputValue()).length;
    await expect(page.locator("#seo-description-count")).toHaveText(`Characters: ${descriptionLength}/160`);
    await expect(titleCount).not.toHaveClass(/text-danger-700/);

    await title.fill("x".repeat(61));
    await expect(titleCount).toContainText("61/60");
    await expect(titleCount).toHaveClass(/text-danger-700/);
    await expect(title).toHaveAttribute("aria-invalid", "true");

    await page.reload();
    await waitForHydration(page);
    await expect(page.getByLabel("Topic", { exact: true })).toHaveValue("Vegan meal prep for busy parents");
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue("x".repeat(61));
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("seoMeta") ?? "null"));
    expect(stored).toMatchObject({ topic: "Vegan meal prep for busy parents", title: "x".repeat(61) });
  });
});

test.describe("when the network fails", () => {
  test.use({ expectedConsoleErrors: [/net::ERR_FAILED/] });

  test("the generators fall back to the product's messages", async ({ page }) => {
    await page.route("**/api/generate-content/stream", (route) => route.abort("failed"));
    await open(page, "#seo");
    await page.getByLabel("Topic", { exact: true }).fill("Anything");
    await page.getByRole("button", { name: "Generate SEO" }).click();
    const toast = page.locator("[data-sonner-toast]");
    await expect(toast).toContainText("Error");
    await expect(toast).toContainText("Failed to generate SEO");
    await expect(page.getByRole("button", { name: "Generate SEO" })).toBeEnabled();

    await page.getByRole("tab", { name: "LinkedIn Posts" }).click();
    await page.getByLabel("Topic *").fill("Anything");
    await page.getByRole("button", { name: "Generate post" }).click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Failed to generate LinkedIn post" })).toBeVisible();
  });
});

test.describe("cold email writer", () => {
  test("presets, default tone, word count and persistence", async ({ page }) => {
    await open(page, "#email");
    const panel = page.getByRole("tabpanel");
    await expect(panel.getByLabel("Tone")).toHaveValue("friendly");
    await panel.getByRole("button", { name: "Bakery wholesale" }).click();
    await expect(panel.getByLabel("Product or service")).toHaveValue("Fresh sourdough delivered to cafés every morning");
    await expect(panel.getByLabel("Audience")).toHaveValue("Independent café owners");
    await expect(panel.getByLabel("Tone")).toHaveValue("warm");
    await expect(page.getByRole("group", { name: "Presets:" }).getByRole("button")).toHaveCount(3);

    await page.getByRole("button", { name: "Write email" }).click();
    await expect(page.getByRole("button", { name: "Generating..." })).toBeDisabled();
    const output = page.getByTestId("email-output");
    await expect(output).toContainText("Written in a warm tone.");
    await expect(output).toContainText("[Your name]");
    await expect(page.getByRole("button", { name: "Write email" })).toBeEnabled();
    const text = await output.innerText();
    const words = text.split(/\s+/).filter(Boolean).length;
    await expect(page.getByTestId("email-word-count")).toHaveText(`${words} words`);

    await page.reload();
    await waitForHydration(page);
    await expect(page.getByTestId("email-output")).toContainText("Written in a warm tone.");
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("emailWriter") ?? "null"));
    expect(stored).toMatchObject({ product: "Fresh sourdough delivered to cafés every morning", tone: "warm" });
  });
});

test.describe("LinkedIn post generator", () => {
  test("has the product's fields and defaults and sends the chosen settings", async ({ page }) => {
    await open(page, "#linkedin");
    const panel = page.getByRole("tabpanel");
    const topic = page.getByLabel("Topic *");
    await expect(topic).toBeVisible();
    await expect(panel.getByLabel("Tone")).toHaveValue("professional");
    await expect(panel.getByLabel("Length")).toHaveValue("medium");
    await expect(panel.getByLabel("Template")).toHaveValue("none");
    const viral = page.getByRole("switch", { name: "Viral mode" });
    await expect(viral).toHaveAttribute("aria-checked", "false");
    await expect(page.getByRole("button", { name: "Generate post" })).toBeDisabled();

    await topic.fill("Habits for founders");
    await panel.getByLabel("Tone").selectOption("bold");
    await panel.getByLabel("Length").selectOption("long");
    await panel.getByLabel("Template").selectOption("listicle");
    await viral.click();
    await expect(viral).toHaveAttribute("aria-checked", "true");
    await page.getByRole("button", { name: "Generate post" }).click();
    await expect(page.getByRole("button", { name: "Generating..." })).toBeDisabled();
    await expect(page.getByTestId("linkedin-output")).toContainText(
      "Post about Habits for founders (tone: bold, length: long, template: listicle, viral: true)",
    );
  });

  test("the share menu copies, opens LinkedIn and builds the share links with the product's truncations", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await context.route("https://www.linkedin.com/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<title>LinkedIn</title>" }),
    );
    await open(page, "#linkedin");
    await page.getByLabel("Topic *").fill("Shipping small");
    await page.getByRole("button", { name: "Generate post" }).click();
    const output = page.getByTestId("linkedin-output");
    await expect(output).toContainText("Consistency beats intensity");
    await expect(page.getByRole("button", { name: "Generate post" })).toBeEnabled();
    const post = (await page.evaluate(() => document.querySelector('[data-testid="linkedin-output"]')?.textContent ?? "")).trim();
    expect(post.length).toBeGreaterThan(280);

    const panel = page.getByRole("tabpanel");
    await panel.getByRole("button", { name: "Share" }).click();
    const menu = page.getByRole("menu");
    await expect(menu.getByRole("menuitem")).toHaveText(["LinkedIn (copy and open)", "WhatsApp", "Facebook", "X", "Copy to clipboard"]);
    const href = async (name: string) => new URL((await menu.getByRole("menuitem", { name, exact: true }).getAttribute("href"))!);
    expect((await href("WhatsApp")).searchParams.get("text")).toBe(post);
    const quote = (await href("Facebook")).searchParams.get("quote")!;
    expect(quote).toHaveLength(256);
    expect(post.startsWith(quote.slice(0, -1).trimEnd())).toBe(true);
    expect((await href("X")).searchParams.get("text")).toHaveLength(280);

    await menu.getByRole("menuitem", { name: "Copy to clipboard" }).click();
    const toast = page.locator("[data-sonner-toast]");
    await expect(toast).toContainText("Copied");
    await expect(toast).toContainText("Content copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(post);

    await page.evaluate(() => navigator.clipboard.writeText(""));
    await panel.getByRole("button", { name: "Share" }).click();
    const popupPromise = page.waitForEvent("popup");
    await page.getByRole("menuitem", { name: "LinkedIn (copy and open)" }).click();
    const popup = await popupPromise;
    expect(popup.url()).toContain("https://www.linkedin.com/feed/");
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Copied!" })).toContainText("Paste it into your LinkedIn post.");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(post);
  });
});
