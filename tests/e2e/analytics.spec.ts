import { randomInt } from "node:crypto";
import type { BrowserContext, Page } from "@playwright/test";
import { withServerDatabase } from "../support/admin-seed";
import { expect, expectNoAxeViolations, expectNoClassConflicts, test, waitForHydration } from "./fixtures";
import { signInAsAdmin } from "./support/admin";

/**
 * First-party analytics as a visitor meets it (docs/analytics.md): the beacon of each page and
 * each client-side navigation, the three consent states and their cookies, bots and admin
 * pages left out, a conversion credited to the campaign the visitor arrived from, and the
 * dashboard showing those numbers. The e2e server counts automated Chromium
 * (ANALYTICS_COUNT_AUTOMATED, tests only); Googlebot stays a bot.
 *
 * Every test is its own visitor: its own client address (the server trusts X-Forwarded-For
 * from loopback) and its own utm_campaign, so parallel tests never share a visitor key.
 */
const dataDir = process.env.E2E_DATA_DIR ?? "";
const unique = () => `${Date.now().toString(36)}${randomInt(1e6).toString(36)}`;
const VISITOR_COOKIE = "nordlys_visitor";
const WAIT = { timeout: 20_000 };

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": `198.19.${randomInt(256)}.${randomInt(1, 255)}` });
});

/** Opens the chat and leaves a lead through its form; the chat's panel stays open. */
async function leaveChatLead(page: Page, name: string, email: string) {
  await page.getByRole("button", { name: "Chat with us" }).click();
  const chat = page.getByRole("dialog", { name: "Nordlys assistant" });
  await chat.getByLabel("Name").fill(name);
  await chat.getByLabel("Email").fill(email);
  await chat.getByRole("button", { name: "Start Chatting" }).click();
  await expect(page.getByText("We've got your details. Let's chat!")).toBeVisible();
  return chat;
}

type EventRow = { path: string; utm_source: string | null; utm_campaign: string | null; visitor_id: string | null };

/** The page views of the visitor who arrived with `campaign`, in order. */
function visitOf(campaign: string): Promise<EventRow[]> {
  return withServerDatabase(dataDir, async (db) => {
    const result = await db.query<EventRow>(
      `select path, utm_source, utm_campaign, visitor_id::text from analytics_events
       where visitor_key in (select visitor_key from analytics_events where utm_campaign = $1)
       order by occurred_at, id`,
      [campaign],
    );
    return result.rows;
  });
}

const pathsOf = async (campaign: string) => (await visitOf(campaign)).map((row) => row.path);

async function cookieNames(context: BrowserContext): Promise<string[]> {
  return (await context.cookies()).map((cookie) => cookie.name);
}

async function navigateTo(page: Page, name: string, heading: RegExp) {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
}

test("with no choice made, page views and client-side navigations are counted and no analytics cookie is set", async ({
  page,
  context,
}) => {
  const campaign = `e2e-none-${unique()}`;
  await page.goto(`/about?utm_source=e2e&utm_campaign=${campaign}`);
  await waitForHydration(page);
  await expect.poll(() => pathsOf(campaign), WAIT).toEqual(["/about"]);
  await navigateTo(page, "Services", /Services/);
  await expect.poll(() => pathsOf(campaign), WAIT).toEqual(["/about", "/services"]);
  const rows = await visitOf(campaign);
  expect(rows[0]).toMatchObject({ utm_source: "e2e", utm_campaign: campaign });
  expect(rows.every((row) => row.visitor_id === null)).toBe(true);
  expect(await cookieNames(context)).toEqual([]);
});

test("declined: counted without a cookie, and a contact message is credited to the campaign of the day's first page", async ({
  page,
  context,
  baseURL,
}) => {
  test.slow();
  await context.addCookies([{ name: "cookie_consent", value: "declined", url: baseURL! }]);
  const campaign = `e2e-declined-${unique()}`;
  await page.goto(`/services?utm_source=newsletter&utm_campaign=${campaign}`);
  await expect.poll(() => pathsOf(campaign), WAIT).toEqual(["/services"]);

  await page.goto("/contact");
  await waitForHydration(page);
  await page.getByLabel("Name", { exact: true }).fill("Grace Hopper");
  await page.getByLabel("Email", { exact: true }).fill(`grace-${unique()}@example.com`);
  await page.getByLabel("Message", { exact: true }).fill("We would like an assistant for our support desk.");
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Thanks! We'll be in touch.").first()).toBeVisible({ timeout: 15_000 });

  await expect.poll(() => pathsOf(campaign), WAIT).toEqual(["/services", "/contact"]);
  const conversion = await withServerDatabase(
    dataDir,
    async (db) =>
      (await db.query("select kind, entry_path, utm_source, attributed_by from analytics_conversions where utm_campaign = $1", [campaign]))
        .rows,
  );
  expect(conversion).toEqual([{ kind: "contact", entry_path: "/services", utm_source: "newsletter", attributed_by: "visitor-key" }]);
  expect(await cookieNames(context)).not.toContain(VISITOR_COOKIE);
});

test.describe("accepted", () => {
  // The chat's lead capture: its toast and panel are part of the journey.
  test("the next page sets a first-party cookie; a chat lead is credited to the first visit; declining removes the cookie", async ({
    page,
    context,
  }) => {
    test.slow();
    const campaign = `e2e-accepted-${unique()}`;
    await page.goto(`/?utm_source=linkedin&utm_medium=social&utm_campaign=${campaign}`);
    await waitForHydration(page);
    await expect.poll(() => pathsOf(campaign), WAIT).toEqual(["/"]);
    expect(await cookieNames(context)).toEqual([]);

    const banner = page.getByRole("region", { name: "Cookie consent" });
    await banner.getByRole("button", { name: "Accept" }).click();
    await expect(banner).toBeHidden();
    // The choice takes effect on the next page: its beacon brings the analytics cookie.
    await navigateTo(page, "Projects", /Projects/);
    await expect.poll(() => cookieNames(context), WAIT).toContain(VISITOR_COOKIE);
    const cookie = (await context.cookies()).find((item) => item.name === VISITOR_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(cookie.expires * 1000 - Date.now()).toBeLessThanOrEqual(366 * 24 * 3600 * 1000);
    await expect
      .poll(async () => (await visitOf(campaign)).map((row) => [row.path, row.visitor_id !== null]), WAIT)
      .toEqual([
        ["/", false],
        ["/projects", true],
      ]);

    const chat = await leaveChatLead(page, "Ada Lovelace", `ada-${unique()}@example.com`);
    await expect
      .poll(
        () =>
          withServerDatabase(
            dataDir,
            async (db) =>
              (
                await db.query(
                  "select kind, entry_path, utm_source, utm_medium, attributed_by from analytics_conversions where utm_campaign = $1",
                  [campaign],
                )
              ).rows,
          ),
        WAIT,
      )
      .toEqual([{ kind: "lead", entry_path: "/", utm_source: "linkedin", utm_medium: "social", attributed_by: "cookie" }]);

    // Changing the choice: declining removes the cookie at once, and later pages carry no id.
    await chat.getByRole("button", { name: "Close chat" }).click();
    await page.getByRole("button", { name: "Cookie settings" }).click();
    await banner.getByRole("button", { name: "Decline" }).click();
    await expect.poll(() => cookieNames(context), WAIT).not.toContain(VISITOR_COOKIE);
    await navigateTo(page, "About", /About/);
    await expect
      .poll(async () => (await visitOf(campaign)).map((row) => [row.path, row.visitor_id !== null]), WAIT)
      .toEqual([
        ["/", false],
        ["/projects", true],
        ["/about", false],
      ]);
  });
});

test("bots, headless crawlers and admin pages are not counted", async ({ page, browser }) => {
  const botCampaign = `e2e-bot-${unique()}`;
  const adminCampaign = `e2e-admin-${unique()}`;
  const control = `e2e-control-${unique()}`;

  const bot = await browser.newContext({
    userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    extraHTTPHeaders: { "X-Forwarded-For": `198.19.${randomInt(256)}.${randomInt(1, 255)}` },
  });
  try {
    const botPage = await bot.newPage();
    const botBeacon = botPage.waitForResponse((response) => new URL(response.url()).pathname === "/a/e");
    await botPage.goto(`/projects?utm_campaign=${botCampaign}`);
    expect((await botBeacon).status()).toBe(204);
  } finally {
    await bot.close();
  }

  const adminBeacon = page.waitForResponse((response) => new URL(response.url()).pathname === "/a/e");
  await page.goto(`/admin/login?utm_campaign=${adminCampaign}`);
  expect((await adminBeacon).status()).toBe(204);

  // Page views are written in order: once a later one is stored, the dropped ones would be too.
  await page.goto(`/?utm_campaign=${control}`);
  await expect.poll(() => pathsOf(control), WAIT).toEqual(["/"]);
  expect(await pathsOf(botCampaign)).toEqual([]);
  expect(await pathsOf(adminCampaign)).toEqual([]);
});

test("the dashboard shows a campaign's visitors and conversions, is accessible, and exports them as CSV", async ({ page, browser }) => {
  test.slow();
  const campaign = `e2e-dashboard-${unique()}`;
  const source = `e2e-source-${unique()}`;
  // A visitor arrives from the campaign, reads two pages and leaves a chat lead.
  const visitor = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": `198.19.${randomInt(256)}.${randomInt(1, 255)}` } });
  try {
    const visit = await visitor.newPage();
    await visit.goto(`/services?utm_source=${source}&utm_campaign=${campaign}`);
    await waitForHydration(visit);
    await navigateTo(visit, "Contact", /Contact/);
    await expect.poll(() => pathsOf(campaign), WAIT).toEqual(["/services", "/contact"]);
    await leaveChatLead(visit, "Linus", `linus-${unique()}@example.com`);
  } finally {
    await visitor.close();
  }
  await expect
    .poll(
      () =>
        withServerDatabase(
          dataDir,
          async (db) => (await db.query("select 1 from analytics_conversions where utm_campaign = $1", [campaign])).rowCount,
        ),
      WAIT,
    )
    .toBe(1);

  await signInAsAdmin(page, "/admin");
  await page.goto("/admin?range=7");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Range" }).getByRole("link", { name: "7 days" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const campaigns = page.getByRole("region", { name: "Campaigns" });
  const row = campaigns.getByRole("row", { name: new RegExp(campaign) });
  await expect(row.getByRole("cell")).toHaveText(["1", "1", "100"]);
  const sources = page.getByRole("region", { name: "Sources and conversions" });
  await expect(sources.getByRole("row", { name: new RegExp(source) }).getByRole("cell")).toHaveText(["1", "1", "100"]);
  // Charts are images with a name and a description, and their numbers are in a table.
  const traffic = page.getByRole("region", { name: "Visitors and page views" });
  await expect(traffic.getByRole("img", { name: /Visitors and page views, last 7 days/ })).toBeVisible();
  await traffic.getByText("Show the numbers").click();
  await expect(traffic.getByRole("table", { name: "Visitors and page views per day" }).getByRole("row")).toHaveCount(8);
  await expectNoAxeViolations(page);
  await expectNoClassConflicts(page);

  const download = page.waitForEvent("download");
  await campaigns.getByRole("link", { name: /CSV/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^campaigns-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await (await file.createReadStream()).toArray();
  expect(Buffer.concat(csv).toString("utf8")).toContain(`${campaign},1,1,100`);

  // Admin pages are not counted: the dashboard visit itself left no page view.
  expect(
    await withServerDatabase(dataDir, async (db) => (await db.query("select 1 from analytics_events where path like '/admin%'")).rowCount),
  ).toBe(0);
});
