import { expect, expectNoAxeViolations, expectNoClassConflicts, test, waitForHydration } from "./fixtures";
import { signInAsAdmin } from "./support/admin";

/**
 * The content editor in the browser (docs/content.md): an editor changes a project as a draft,
 * previews it through the public page's template, publishes it, reads the history and restores
 * the first revision, with and without JavaScript. It edits only the stack of one case study,
 * which no other browser test reads, and puts it back.
 */
const PROJECT = "game-creator";
const EDITOR = `/admin/content/projects/${PROJECT}`;

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("save a draft, preview it, share it, publish it, then restore the first revision from the history", async ({ page, browser }) => {
    await signInAsAdmin(page, "/admin/content", ["editor"], { javaScript: false });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Content");
    const row = page.getByRole("row", { name: /Game Creator/ });
    await expect(row.getByText("Published", { exact: true })).toBeVisible();
    await row.getByRole("link", { name: "Game Creator" }).click();
    await expect(page).toHaveURL(EDITOR);
    await expect(page.getByRole("status")).toHaveText("Save draft keeps your changes.");
    await expect(page.getByText("Time zone: Europe/Oslo.")).toBeVisible();

    const stack = page.getByLabel("The stack");
    const original = await stack.inputValue();
    await stack.fill(`${original}\nA draft-only tool`);
    await page.getByRole("button", { name: "Save draft" }).first().click();
    await expect(page.getByText("Draft changes not published")).toBeVisible();
    expect(await (await page.request.get(`/projects/${PROJECT}`)).text()).not.toContain("A draft-only tool");

    await page.getByRole("button", { name: "Preview" }).first().click();
    await expect(page).toHaveURL(`${EDITOR}/preview`);
    await expect(page.getByRole("region", { name: "Draft preview" })).toContainText("Draft");
    await expect(page.getByRole("main")).toContainText("A draft-only tool");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await page.getByRole("link", { name: "Back to the editor" }).click();

    // A share link shows the draft to someone without an account, until it is revoked.
    await page.getByRole("button", { name: "Make a share link" }).click();
    const link = await page.getByLabel(/^Link 1, until /).inputValue();
    const client = await browser.newContext({ javaScriptEnabled: false });
    const clientPage = await client.newPage();
    await clientPage.goto(link);
    await expect(clientPage.getByRole("main")).toContainText("A draft-only tool");
    await page.getByRole("button", { name: "Revoke link 1" }).click();
    await expect(page.getByLabel(/^Link 1, until /)).toHaveCount(0);
    expect((await clientPage.goto(link))?.status()).toBe(404);
    await expect(clientPage.getByRole("heading", { level: 1 })).toHaveText("This preview link has expired");
    await client.close();

    await page.getByRole("button", { name: "Publish", exact: true }).first().click();
    await expect
      .poll(async () => (await page.request.get(`/projects/${PROJECT}`)).text(), { timeout: 3_000 })
      .toContain("A draft-only tool");

    await page.getByRole("link", { name: "History" }).click();
    await expect(page.getByRole("heading", { level: 2 }).first()).toHaveText("Published");
    await expect(page.getByRole("definition").first()).toContainText("A draft-only tool");
    const imported = page.getByRole("listitem").filter({ hasText: "Imported on first start" });
    await imported.getByRole("button", { name: /Restore/ }).click();
    await expect(page).toHaveURL(EDITOR);
    await expect(page.getByLabel("The stack")).toHaveValue(original);
    await page.getByRole("button", { name: "Publish", exact: true }).first().click();
    await expect
      .poll(async () => (await page.request.get(`/projects/${PROJECT}`)).text(), { timeout: 3_000 })
      .not.toContain("A draft-only tool");
  });

  test.describe(() => {
    // The refused form answers 400, which the browser reports on the console.
    test.use({ expectedConsoleErrors: [/status of 400/] });
    test("a new project with its required facts missing comes back with each field's message, nothing saved", async ({ page }) => {
      await signInAsAdmin(page, "/admin/content/projects/new", ["editor"], { javaScript: false });
      await page.getByLabel("Title").fill("Half a project");
      await page.getByRole("button", { name: "Save as a draft" }).click();
      await expect(page.getByRole("alert").first()).toContainText("Nothing was saved");
      await expect(page.getByLabel("Title")).toHaveValue("Half a project");
      await expect(page.getByText("Slug is required.")).toBeVisible();
      await expect(page.getByText("Key features: at least 3.")).toBeVisible();
      await expect(page.getByLabel("Slug")).toHaveAttribute("aria-invalid", "true");
    });
  });
});

test("a legal page's and a reference's editors have their sections, and their previews are the pages' own templates", async ({ page }) => {
  await signInAsAdmin(page, "/admin/content/legal/terms-of-service", ["editor"]);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms of Service");
  await expect(page.getByRole("group", { name: /^Section \d+$/ })).toHaveCount(13);
  await expect(page.getByRole("button", { name: "Unpublish" })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Preview" }).first().click();
  await expect(page.getByRole("region", { name: "Draft preview" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms of Service");
  await expect(page.getByText(/^Last updated:/)).toBeVisible();

  await page.goto("/admin/content/references/shnobergendorff/preview");
  await expect(page.getByRole("region", { name: "Draft preview" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("Shno Bergendorff ApS");
  await page.goto("/admin/content/references/shnobergendorff");
  await expect(page.getByLabel("The quote")).toHaveValue(/every one of our bowls/);
  await expectNoAxeViolations(page);
});

test("with JavaScript the draft saves itself while the editor types; the site waits for Publish", async ({ page }) => {
  await signInAsAdmin(page, "/admin/content", ["editor"]);
  await expectNoAxeViolations(page);
  await page.goto(`${EDITOR}/history`);
  await expectNoAxeViolations(page);
  await page.goto(`${EDITOR}/preview`);
  await expect(page.getByRole("region", { name: "Draft preview" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto(EDITOR);
  await expect(page.getByRole("status")).toHaveText("The draft saves itself as you type.");
  await expectNoAxeViolations(page);
  await expectNoClassConflicts(page);
  const stack = page.getByLabel("The stack");
  const original = await stack.inputValue();
  await stack.fill(`${original}\nAn autosaved tool from Łódź`);
  await expect(page.getByRole("status")).toHaveText(/^Draft saved at /, { timeout: 5_000 });
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByLabel("The stack")).toHaveValue(`${original}\nAn autosaved tool from Łódź`);
  // Letters the site's own font files lack are named beside the editor.
  await expect(page.getByTestId("font-note")).toContainText("Not in the site's own font files: Ł ó ź.");
  expect(await (await page.request.get(`/projects/${PROJECT}`)).text()).not.toContain("An autosaved tool");
  // Back as it was (the draft equals the site again).
  await page.getByLabel("The stack").fill(original);
  await expect(page.getByRole("status")).toHaveText(/^Draft saved at /, { timeout: 5_000 });
});

test.describe("the services, pages, founders and partners", () => {
  test.use({ javaScriptEnabled: false });

  test("without JavaScript the program's copy is drafted, previewed on /services, published and put back", async ({ page }) => {
    await signInAsAdmin(page, "/admin/content", ["editor"], { javaScript: false });
    for (const heading of ["Services", "Pages", "Founders", "Previous partners"])
      await expect(page.getByRole("heading", { level: 2, name: heading, exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "New founder" })).toBeVisible();
    await page.getByRole("link", { name: "Free Build Program", exact: true }).click();
    await expect(page).toHaveURL("/admin/content/pages/program");
    const selectivity = page.getByLabel("Selectivity");
    const original = await selectivity.inputValue();
    await selectivity.fill(`${original} A sentence only the draft has.`);
    await page.getByRole("button", { name: "Save draft" }).first().click();
    await expect(page.getByText("Draft changes not published")).toBeVisible();
    expect(await (await page.request.get("/services")).text()).not.toContain("A sentence only the draft has.");

    await page.getByRole("button", { name: "Preview" }).first().click();
    await expect(page).toHaveURL("/admin/content/pages/program/preview");
    await expect(page.getByRole("main")).toContainText("A sentence only the draft has.");
    await expect(page.getByRole("heading", { name: "AI App Development" })).toBeVisible();
    await page.getByRole("link", { name: "Back to the editor" }).click();

    await page.getByRole("button", { name: "Publish", exact: true }).first().click();
    await expect
      .poll(async () => (await page.request.get("/services")).text(), { timeout: 3_000 })
      .toContain("A sentence only the draft has.");
    await page.getByLabel("Selectivity").fill(original);
    await page.getByRole("button", { name: "Publish", exact: true }).first().click();
    await expect
      .poll(async () => (await page.request.get("/services")).text(), { timeout: 3_000 })
      .not.toContain("A sentence only the draft has.");
  });

  test.describe(() => {
    test.use({ expectedConsoleErrors: [/status of 400/] });
    test("a new founder without a portrait or a focus comes back with each field's message, nothing saved", async ({ page }) => {
      await signInAsAdmin(page, "/admin/content/people/new", ["editor"], { javaScript: false });
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("New founder");
      await page.getByLabel("Slug").fill("sigrid-aune");
      await page.getByLabel("Name").fill("Sigrid Aune");
      await page.getByLabel("Portrait", { exact: true }).fill("https://example.com/portrait.png");
      await page.getByRole("button", { name: "Save as a draft" }).click();
      await expect(page.getByRole("alert").first()).toContainText("Nothing was saved");
      await expect(page.getByLabel("Name")).toHaveValue("Sigrid Aune");
      await expect(page.getByText("Portrait: one of the site's drawings in /images/founders/ or an upload.")).toBeVisible();
      await expect(page.getByText("Focus: at least one.")).toBeVisible();
      await expect(page.getByLabel("Portrait", { exact: true })).toHaveAttribute("aria-invalid", "true");
    });
  });
});

test("the home page's and a service's editors pass axe, and a service's draft saves itself", async ({ page }) => {
  await signInAsAdmin(page, "/admin/content/pages/home", ["editor"]);
  await expect(page.getByRole("group", { name: /^Card \d$/ })).toHaveCount(3);
  await expect(page.getByRole("group", { name: /^Tool \d$/ })).toHaveCount(4);
  await expectNoAxeViolations(page);
  await expectNoClassConflicts(page);
  await page.goto("/admin/content/pages/home/preview");
  await expect(page.getByRole("region", { name: "Draft preview" })).toBeVisible();
  // The home page itself: its hero, the portfolio, the sections the loader renders.
  await expect(page.getByRole("heading", { level: 1 })).toContainText("We build AI ideas");
  await expect(page.getByRole("heading", { name: "Ideas We've Brought to Life" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Built For Results" })).toBeVisible();
  await expectNoAxeViolations(page);

  for (const preview of ["/admin/content/pages/program/preview", "/admin/content/people/maya-okafor-lund/preview"]) {
    await page.goto(preview);
    await expect(page.getByRole("region", { name: "Draft preview" })).toBeVisible();
    await expectNoAxeViolations(page);
  }

  await page.goto("/admin/content/services/development");
  await expect(page.getByRole("status")).toHaveText("The draft saves itself as you type.");
  await expectNoAxeViolations(page);
  const terms = page.getByLabel("How it works");
  const original = await terms.inputValue();
  await terms.fill("Typical builds take 6 to 12 weeks, priced per milestone, drafted in the browser.");
  await expect(page.getByRole("status")).toHaveText(/^Draft saved at /, { timeout: 5_000 });
  expect(await (await page.request.get("/services")).text()).not.toContain("drafted in the browser");
  await page.getByLabel("How it works").fill(original);
  await expect(page.getByRole("status")).toHaveText(/^Draft saved at /, { timeout: 5_000 });
});

test("long text is Markdown: the preview beside it and the draft's page show a list, and HTML in it is dropped", async ({ page }) => {
  const editor = "/admin/content/projects/qr-code-generator";
  await signInAsAdmin(page, editor, ["editor"]);
  await waitForHydration(page);
  const problem = page.getByLabel("The problem", { exact: true });
  const original = await problem.inputValue();
  await problem.fill(
    `${original}\n\n## What stood in the way\n\n- A listed point\n- Another **bold** point <img src=x onerror="window.hacked=1">`,
  );
  const beside = page.getByRole("region", { name: "Preview of The problem" });
  await expect(beside.getByRole("heading", { name: "What stood in the way" })).toBeVisible();
  await expect(beside.getByRole("listitem")).toHaveText(["A listed point", "Another bold point"]);
  await expect(beside.locator("img")).toHaveCount(0);
  await expect(page.getByRole("status")).toHaveText(/^Draft saved at /, { timeout: 5_000 });

  await page.goto(`${editor}/preview`);
  const main = page.getByRole("main");
  await expect(main.getByRole("listitem").filter({ hasText: "A listed point" })).toBeVisible();
  await expect(main.locator("strong", { hasText: "bold" })).toBeVisible();
  await expect(main.locator("img[src='x']")).toHaveCount(0);
  expect(await page.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined();
  await expectNoAxeViolations(page);

  await page.goto(editor);
  await waitForHydration(page);
  await page.getByLabel("The problem", { exact: true }).fill(original);
  await expect(page.getByRole("status")).toHaveText(/^Draft saved at /, { timeout: 5_000 });
});
