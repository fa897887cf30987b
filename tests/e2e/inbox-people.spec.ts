import { randomInt, randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { withServerDatabase } from "../support/admin-seed";
import { expect, expectNoAxeViolations, expectNoClassConflicts, test } from "./fixtures";
import { signInAsAdmin } from "./support/admin";

/**
 * The dashboard's inbox figures and the erase page in a browser (docs/analytics.md, "Enquiries
 * and replies"; docs/inbox.md, "Personal data (export and erase)"): axe clean, and at 390 and
 * 1440 px nothing sticks out of the page or overlaps inside the new panels. Screenshots of both
 * widths are attached to the test's results for a person to look at.
 */
const dataDir = () => process.env.E2E_DATA_DIR ?? "";

test.beforeEach(async ({ page }) => {
  // An admin is created (a CLI) and signs in with two-factor set up (scrypt): slow on a busy machine.
  test.slow();
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": `198.18.${randomInt(256)}.${randomInt(1, 255)}` });
});

/** A won enquiry with a value from a campaign visit, one replied, one waiting; returns the first person's id. */
async function seed(tag: string): Promise<string> {
  return withServerDatabase(dataDir(), async (db) => {
    const insert = async (email: string, source: string) => {
      const { rows } = await db.query<{ id: string }>(
        `insert into submissions (source, name, email, fields, disclaimer_accepted, created_at) values ($1, $2, $3, '{"message":"hello"}', true, now() - interval '3 days') returning id`,
        [source, `Person ${tag}`, email],
      );
      return rows[0]!.id;
    };
    const won = await insert(`won-${tag}@example.com`, "contact");
    await db.query(
      `update enquiries set stage = 'won', stage_changed_at = now(), value_minor = 1250000, currency = 'NOK', first_reply_at = created_at + interval '5 hours', waiting_since = null where source_id = $1`,
      [won],
    );
    await db.query(
      `insert into analytics_conversions (kind, entity_id, occurred_at, day, entry_path, utm_source, utm_campaign, attributed_by) values ('contact', $1, now(), current_date, '/services', $2, $3, 'cookie')`,
      [won, `partner-${tag}`, `campaign-${tag}`],
    );
    const eur = await insert(`eur-${tag}@example.com`, "apply");
    await db.query(
      `update enquiries set stage = 'won', stage_changed_at = now(), value_minor = 99999, currency = 'EUR' where source_id = $1`,
      [eur],
    );
    await insert(`waiting-${tag}@example.com`, "mentoring");
    const { rows } = await db.query<{ id: string }>(`select id from people where email_key = $1`, [`won-${tag}@example.com`]);
    return rows[0]!.id;
  });
}

/** Nothing wider than the window, and no two of the section's direct parts on top of each other. */
async function expectNothingOverlaps(page: Page, regionNames: string[]) {
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  for (const name of regionNames) {
    const region = page.getByRole("region", { name, exact: true });
    await expect(region).toBeVisible();
    const boxes = await region.evaluate((section) =>
      // The panel's blocks (heading, CSV link, sentences, notes, table); none of them nests in another here.
      [...section.querySelectorAll("h2, a, p, dl, table")].map((element) => {
        const box = element.getBoundingClientRect();
        return { text: (element.textContent ?? "").slice(0, 30), left: box.left, right: box.right, top: box.top, bottom: box.bottom };
      }),
    );
    const sectionBox = (await region.boundingBox())!;
    expect(sectionBox.x + sectionBox.width, `${name} fits the window`).toBeLessThanOrEqual(width + 0.5);
    const blocks = boxes.filter((box) => box.right > box.left);
    for (let i = 0; i < blocks.length; i += 1) {
      for (let j = i + 1; j < blocks.length; j += 1) {
        const a = blocks[i]!;
        const b = blocks[j]!;
        const overlap =
          Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
        expect(overlap, `${name}: "${a.text}" and "${b.text}" overlap`).toBe(false);
      }
    }
  }
}

const NEW_PANELS = ["Time to first reply", "From visit to won", "Enquiries by stage", "Won value by source", "Won value by campaign"];

test("the dashboard shows replies, stages, won value per currency and the funnel, readable at 390 and 1440 px", async ({
  page,
}, testInfo) => {
  // axe over the whole dashboard (every chart and table) takes a while on a busy machine.
  test.setTimeout(240_000);
  const tag = randomUUID().slice(0, 8);
  await seed(tag);
  await signInAsAdmin(page, "/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();

  const won = page.getByRole("region", { name: "Won value by campaign", exact: true });
  await expect(won.getByRole("row", { name: new RegExp(`campaign-${tag}`) }).getByRole("cell")).toHaveText(["NOK", "1", "12500.00"]);
  const bySource = page.getByRole("region", { name: "Won value by source", exact: true });
  // Its own source: the other test of this file seeds one of its own, maybe at the same moment.
  await expect(bySource.getByRole("row", { name: new RegExp(`partner-${tag}`) }).getByRole("cell")).toHaveText(["NOK", "1", "12500.00"]);
  await expect(page.getByRole("region", { name: "Time to first reply", exact: true }).getByText(/Still waiting: \d+\./)).toBeVisible();
  await expect(page.getByRole("region", { name: "From visit to won", exact: true }).getByRole("row", { name: /^Won/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await expectNoClassConflicts(page);

  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNothingOverlaps(page, NEW_PANELS);
    const shot = testInfo.outputPath(`dashboard-${width}.png`);
    await page.screenshot({ path: shot, fullPage: true });
    await testInfo.attach(`dashboard-${width}.png`, { path: shot, contentType: "image/png" });
  }

  const download = page.waitForEvent("download");
  await won.getByRole("link", { name: /CSV/ }).click();
  const csv = Buffer.concat(await (await (await download).createReadStream()).toArray()).toString("utf8");
  expect(csv).toContain(`campaign-${tag},NOK,1,12500.00`);
});

test.describe(() => {
  // The wrong password is answered 400, which the browser logs.
  test.use({ expectedConsoleErrors: [/status of 400/] });

  test("the erase page says what goes and asks for the admin's password", async ({ page }, testInfo) => {
    test.setTimeout(180_000);
    const personId = await seed(randomUUID().slice(0, 8));
    await signInAsAdmin(page, "/admin");
    await page.goto(`/admin/inbox/people/${personId}/erase`);
    await expect(page.getByRole("heading", { level: 1, name: "Erase a person" })).toBeVisible();
    await expect(page.getByText("1 form submission")).toBeVisible();
    await expect(page.getByRole("link", { name: "export as JSON" })).toHaveAttribute("href", `/admin/inbox/people/${personId}/export`);
    await expectNoAxeViolations(page);
    await expectNoClassConflicts(page);

    await page.getByLabel("Your password, to confirm").fill("not my password");
    await page.getByRole("button", { name: "Erase everything" }).click();
    await expect(page.getByText("That password is not right")).toBeVisible({ timeout: 30_000 });
    await expect(page.getByLabel("Your password, to confirm")).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page);
    await expectNoClassConflicts(page);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      const shot = testInfo.outputPath(`erase-${width}.png`);
      await page.screenshot({ path: shot, fullPage: true });
      await testInfo.attach(`erase-${width}.png`, { path: shot, contentType: "image/png" });
    }
    expect(
      await withServerDatabase(dataDir(), async (db) => (await db.query("select 1 from people where id = $1", [personId])).rowCount),
    ).toBe(1);
  });
});
