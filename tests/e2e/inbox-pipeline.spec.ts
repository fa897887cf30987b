import { randomInt, randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { insertLead, withServerDatabase } from "../support/admin-seed";
import { expect, expectNoAxeViolations, expectNoClassConflicts, test, waitForHydration } from "./fixtures";
import { signInAsAdmin } from "./support/admin";

/**
 * The inbox's pipeline in the browser (docs/inbox.md): an enquiry moves across the board with the
 * mouse (drag and drop) and with the keyboard (focus stays on the card, a live region says where
 * it went), Won asks for the value; without JavaScript the card's stage select and Move button
 * post a plain form; the list, the board and the person page pass axe.
 */
const dataDir = process.env.E2E_DATA_DIR ?? "";

test.beforeEach(async ({ page }) => {
  // Sign-in hashes passwords with scrypt on purpose, and two-factor set-up follows: on a busy
  // machine (several engineers' builds and browsers on two cores) these tests need more time.
  test.setTimeout(150_000);
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": `198.18.${randomInt(256)}.${randomInt(1, 255)}` });
});

async function seedLead(name: string, message: string): Promise<{ enquiryId: string; personId: string }> {
  const leadId = await insertLead(dataDir, {
    name,
    email: `${randomUUID().slice(0, 8)}@example.com`,
    message,
    messages: [
      { role: "user", content: message },
      { role: "assistant", content: "Thanks, **we will be in touch**." },
    ],
  });
  return withServerDatabase(dataDir, async (client) => {
    const result = await client.query<{ id: string; person_id: string }>("select id, person_id from enquiries where source_id = $1", [
      leadId,
    ]);
    return { enquiryId: result.rows[0]!.id, personId: result.rows[0]!.person_id };
  });
}

const column = (page: Page, stage: string) => page.locator(`li[data-stage="${stage}"]`);
const card = (page: Page, enquiryId: string) => page.locator(`[data-enquiry="${enquiryId}"]`);

/** Drags a card by its body (not its link or select) onto a column, scrolled into view first. */
async function dragCard(page: Page, enquiryId: string, stage: string) {
  await column(page, stage).scrollIntoViewIfNeeded();
  await card(page, enquiryId).dragTo(column(page, stage), { sourcePosition: { x: 200, y: 45 } });
}

test("an enquiry moves through the stages with the mouse and with the keyboard; Won asks for the value", async ({ page }) => {
  const name = `Drag Person ${randomUUID().slice(0, 6)}`;
  const { enquiryId } = await seedLead(name, "We would like a booking assistant");
  await signInAsAdmin(page, `/admin/inbox?view=board&q=${encodeURIComponent(name)}`);
  await waitForHydration(page);
  await expect(column(page, "new").locator(card(page, enquiryId))).toBeVisible();

  // The mouse: drag the card onto Contacted.
  await dragCard(page, enquiryId, "contacted");
  await expect(column(page, "contacted").locator(card(page, enquiryId))).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("board-announcement")).toHaveText(`${name} moved to Contacted.`);

  // The keyboard: the card's "Move to" select, one stage on, then Move.
  const select = page.locator(`#move-${enquiryId}`);
  await select.focus();
  await page.keyboard.press("ArrowDown");
  await expect(select).toHaveValue("qualified");
  await page.keyboard.press("Tab");
  await expect(card(page, enquiryId).getByRole("button", { name: "Move" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(column(page, "qualified").locator(card(page, enquiryId))).toBeVisible({ timeout: 20_000 });
  await expect(page.locator(`#move-${enquiryId}`)).toBeFocused();
  await expect(page.getByTestId("board-announcement")).toHaveText(`${name} moved to Qualified.`);

  // Won by dragging: the value and currency are asked for first.
  await dragCard(page, enquiryId, "won");
  const dialog = page.getByRole("dialog", { name: "Won: what is the deal worth?" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Value").fill("12 500");
  await dialog.getByLabel("Currency").fill("NOK");
  await dialog.getByRole("button", { name: "Move to Won" }).click();
  await expect(column(page, "won").locator(card(page, enquiryId))).toContainText("NOK 12,500.00", { timeout: 20_000 });
  await expectNoAxeViolations(page);
  await expectNoClassConflicts(page);

  const events = await withServerDatabase(dataDir, async (client) =>
    (await client.query<{ body: string }>("select body from inbox_events where enquiry_id = $1 order by id", [enquiryId])).rows.map(
      (row) => row.body,
    ),
  );
  expect(events).toEqual(["New → Contacted", "Contacted → Qualified", "Qualified → Won (NOK 12,500.00)"]);
});

test("without JavaScript the card's stage select moves it; the list, the board and the person page pass axe", async ({
  page,
  browser,
  baseURL,
}) => {
  const name = `Plain Person ${randomUUID().slice(0, 6)}`;
  const word = `Fjellheim${randomUUID().slice(0, 4)}`;
  const { enquiryId, personId } = await seedLead(name, `Our office is in ${word}`);
  await signInAsAdmin(page, "/admin/inbox");
  await expect(page.getByRole("navigation", { name: "Inbox views" })).toBeVisible();
  await expectNoAxeViolations(page);
  await expectNoClassConflicts(page);

  // Search finds the person by a word of their message.
  await page.getByLabel("Search").fill(word);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByTestId("person-row")).toHaveCount(1);
  await expect(page.getByTestId("person-row")).toContainText(name);

  await page.getByRole("link", { name: "Board", exact: true }).click();
  await expect(page).toHaveURL(/view=board/);
  await expect(column(page, "new").locator(card(page, enquiryId))).toBeVisible();
  await expectNoAxeViolations(page);
  await expectNoClassConflicts(page);

  await page.getByRole("link", { name }).first().click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByTestId("timeline-entry").filter({ hasText: "Chat with the assistant" })).toContainText("we will be in touch");
  await expectNoAxeViolations(page);
  await expectNoClassConflicts(page);

  const plain = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
    extraHTTPHeaders: { "X-Forwarded-For": `198.18.${randomInt(256)}.${randomInt(1, 255)}` },
  });
  try {
    const noScript = await plain.newPage();
    await noScript.goto(`/admin/inbox?view=board&q=${encodeURIComponent(word)}`);
    await noScript.locator(`#move-${enquiryId}`).selectOption("proposal");
    await card(noScript, enquiryId).getByRole("button", { name: "Move" }).click();
    await expect(column(noScript, "proposal").locator(card(noScript, enquiryId))).toBeVisible();
    // Won without a value: the page says what is missing, and nothing moved.
    await noScript.locator(`#move-${enquiryId}`).selectOption("won");
    await card(noScript, enquiryId).getByRole("button", { name: "Move" }).click();
    await expect(noScript.getByText("Won needs the deal's value and currency")).toBeVisible();
    await noScript.goto(`/admin/inbox/people/${personId}`);
    await noScript.getByLabel("Note (only admins see it)").fill("Call back on Monday");
    await noScript.getByRole("button", { name: "Add note" }).click();
    await expect(noScript.getByTestId("timeline-entry").first()).toContainText("Call back on Monday");
    await expect(noScript.getByTestId("timeline-entry").nth(1)).toContainText("New → Proposal");
  } finally {
    await plain.close();
  }
});
