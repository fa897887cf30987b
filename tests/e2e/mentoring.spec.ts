import { randomInt } from "node:crypto";
import type { Cookie, Locator, Page } from "@playwright/test";
import { disclaimers } from "../../app/content/disclaimers";
import { withServerDatabase } from "../support/admin-seed";
import { signInAsAdmin } from "./support/admin";
import { outboxMailsFor } from "./support/outbox";
import { expect, expectNoAxeViolations, expectNoClassConflicts, test, waitForHydration } from "./fixtures";

/**
 * Booking a mentoring session on /mentoring (docs/mentoring.md) in a real browser: without
 * JavaScript in a chosen zone, with JavaScript in the browser's zone and the keyboard only, a
 * time taken meanwhile, the learner's link page, and the mentor's agenda and hours.
 *
 * One mentor is seeded for the whole run (beforeAll: an admin through the real CLI and sign-in,
 * then its mentoring_mentors row in SQL) and stays: the other specs that use /mentoring look at
 * the request form only (its <div id="request">), so they hold with or without a mentor, and the
 * booking section then takes part in their focus walk and axe checks. The mentor is free every
 * day 00:00–24:00 in Oslo with one hour's notice, so there are times whatever the hour of the run.
 *
 * Serial: one mentor (a second beforeAll in another worker would make two), and the learner's
 * link page and the agenda look at the sessions the first tests booked.
 */
test.describe.configure({ mode: "serial", timeout: 60_000 });

const dataDir = () => process.env.E2E_DATA_DIR ?? "";
const MENTOR_NAME = "Maya Okafor-Lund";
let mentorId = "";
let adminCookies: Cookie[] = [];
/** The learner of the first test: their confirmation mail carries the link the link-page test opens. */
let firstLearner = { email: "", start: "" };

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  // Explicit: the runner gives a new context the options of the test the hook runs for (the first one has no JavaScript).
  const context = await browser.newContext({ baseURL, javaScriptEnabled: true });
  try {
    const page = await context.newPage();
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": `198.18.${randomInt(256)}.${randomInt(1, 255)}` });
    const admin = await signInAsAdmin(page, "/admin/mentoring");
    adminCookies = await context.cookies();
    const weekly = JSON.stringify([1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: "00:00", end: "24:00" })));
    mentorId = await withServerDatabase(dataDir(), async (client) => {
      const { rows } = await client.query<{ user_id: string }>(
        `insert into mentoring_mentors (user_id, profile_name, time_zone, weekly, session_minutes, min_notice_hours)
         select id, $1, 'Europe/Oslo', $2::jsonb, '[30, 60]'::jsonb, 1 from users where email = $3 returning user_id`,
        [MENTOR_NAME, weekly, admin.email.toLowerCase()],
      );
      return rows[0]!.user_id;
    });
  } finally {
    await context.close();
  }
});

test.beforeEach(async ({ page, baseURL }) => {
  // Each test is its own client for the per-IP limits (the server trusts proxies on loopback).
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": `198.18.${randomInt(256)}.${randomInt(1, 255)}` });
  await page.context().addCookies([{ name: "cookie_consent", value: "declined", url: baseURL! }]);
});

const uniqueEmail = (tag: string) => `learner-${tag}-${Date.now()}-${randomInt(1e6)}@example.com`;

/** The start (UTC) and length a slot id names: `<mentorId>.<yyyyMMddTHHmmZ>.<minutes>`. */
function slotFromId(id: string): { start: Date; minutes: number } {
  const match = /\.(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})Z\.(\d+)$/.exec(id);
  if (!match) throw new Error(`not a slot id: ${id}`);
  const [year, month, day, hour, minute, minutes] = match.slice(1).map(Number) as [number, number, number, number, number, number];
  return { start: new Date(Date.UTC(year, month - 1, day, hour, minute)), minutes };
}

const inZone = (date: Date, timeZone: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat("en-GB", { ...options, timeZone, hourCycle: "h23" }).format(date);
const longDate = (date: Date, timeZone: string) =>
  inZone(date, timeZone, { weekday: "long", day: "numeric", month: "long", year: "numeric" });
const clock = (date: Date, timeZone: string) => inZone(date, timeZone, { hour: "2-digit", minute: "2-digit" });

/** The booking part of the page (its section is labelled by "Book a session"). */
const bookingSection = (page: Page) => page.getByRole("region", { name: "Book a session" });
const timeRadios = (section: Locator) => section.locator('input[type="radio"][name="slotId"]');

/** Fills in the learner's part of the booking form and ticks the disclaimer. */
async function fillLearner(section: Locator, name: string, email: string, goals: string) {
  await section.getByLabel("Name", { exact: true }).fill(name);
  await section.getByLabel("Email", { exact: true }).fill(email);
  await section.getByLabel("Your learning goals", { exact: true }).fill(goals);
  await section.getByLabel(disclaimers.light.checkboxLabel).check();
}

/** The second day with free times: far enough ahead that its first time is still free of the notice when the form is sent. */
async function openSecondDay(page: Page) {
  const days = page.getByRole("navigation", { name: "Days with free times" }).getByRole("link");
  expect(await days.count()).toBeGreaterThan(2);
  const href = (await days.nth(1).getAttribute("href")) ?? "";
  expect(href).toMatch(/day=\d{4}-\d{2}-\d{2}/);
  await days.nth(1).click();
  const day = /day=([\d-]+)/.exec(href)![1]!;
  await expect(page).toHaveURL(new RegExp(`day=${day}`));
  // The address changes before the new day's times are drawn (the router renders in a transition):
  // wait for that day's group of times, not just the URL.
  const label = inZone(new Date(`${day}T12:00:00Z`), "UTC", { weekday: "long", day: "numeric", month: "long" });
  await expect(page.getByRole("group", { name: `Times on ${label}` })).toBeVisible();
  return day;
}

/** Quoted-printable soft line breaks and escapes undone (the .eml's text parts), so links and lines read whole. */
function decodedMail(eml: string): string {
  return eml.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The learner's mails (addressed to them, not the mentor's copy), decoded. */
async function mailsTo(email: string): Promise<string[]> {
  return (await outboxMailsFor(email))
    .map(decodedMail)
    .filter((mail) => new RegExp(`^To:.*${email.replace(/[.+]/g, "\\$&")}`, "mi").test(mail));
}

/** A confirmed session for `mentorId` at `start`, written directly (as another learner's booking committed meanwhile). */
async function insertBooking(start: Date, minutes: number, name: string, email: string) {
  await withServerDatabase(dataDir(), (client) =>
    client.query(
      `insert into mentoring_bookings (mentor_id, starts_at, ends_at, occupied_until, status, name, email, time_zone, goals, disclaimer_accepted, video_url, uid)
       select $1, $2::timestamptz, $2::timestamptz + make_interval(mins => $3::int), $2::timestamptz + make_interval(mins => $3::int + buffer_minutes), 'confirmed', $4, $5,
         'Europe/Oslo', 'Evaluation for our chatbot.', true, 'https://meet.jit.si/Nordlys-e2e-' || md5($5), 'booking-' || md5($5) || '@nordlys.test'
       from mentoring_mentors where user_id = $1`,
      [mentorId, start.toISOString(), minutes, name, email],
    ),
  );
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("days and times in a chosen zone, booked with a plain POST and confirmed by the mailed link; then the mail carries the invite", async ({
    page,
  }) => {
    // On a small phone the days scroll in their own row; the page itself never scrolls sideways.
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto("/mentoring");
    const section = bookingSection(page);
    await expect(section.getByText("Times are shown in")).toContainText("Europe/Oslo");
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByRole("navigation", { name: "Days with free times" }).getByRole("link").first()).toBeVisible();
    expect(await timeRadios(section).count()).toBeGreaterThan(0);

    await section.getByLabel("Your time zone").selectOption("Asia/Kolkata");
    await section.getByRole("button", { name: "Show times" }).click();
    await expect(page).toHaveURL(/tz=Asia%2FKolkata/);
    await expect(section.getByText("Times are shown in")).toHaveText("Times are shown in Asia/Kolkata. Pick a day, then a time.");

    const day = await openSecondDay(page);
    await expect(section.getByRole("group", { name: /^Times on / })).toBeVisible();
    const first = timeRadios(section).first();
    const slot = slotFromId((await first.getAttribute("value")) ?? "");
    // The accessible name: the full date and time in the chosen zone, the length, and the mentor's own time.
    const expectedName = `${longDate(slot.start, "Asia/Kolkata")}, ${clock(slot.start, "Asia/Kolkata")} to ${clock(new Date(slot.start.getTime() + slot.minutes * 60_000), "Asia/Kolkata")} (Asia/Kolkata), 60 minutes, with ${MENTOR_NAME}; ${clock(slot.start, "Europe/Oslo")} for ${MENTOR_NAME} in Oslo`;
    await expect(first).toHaveAccessibleName(expectedName);
    expect(inZone(slot.start, "Asia/Kolkata", { year: "numeric", month: "2-digit", day: "2-digit" }).split("/").reverse().join("-")).toBe(
      day,
    );
    await section.getByRole("radio", { name: expectedName }).check();

    const email = uniqueEmail("nojs");
    await fillLearner(section, "Ada Lovelace", email, "Ship my first RAG app in a month.");
    await section.getByRole("button", { name: "Book session" }).click();

    const confirmation = page.getByRole("region", { name: "Check your e-mail to confirm" });
    await expect(confirmation.getByRole("heading", { level: 2 })).toHaveText("Check your e-mail to confirm");
    const when = `${longDate(slot.start, "Asia/Kolkata")}, ${clock(slot.start, "Asia/Kolkata")}–${clock(new Date(slot.start.getTime() + 3_600_000), "Asia/Kolkata")} (Asia/Kolkata)`;
    await expect(confirmation).toContainText(`${when} with ${MENTOR_NAME}.`);
    await expect(confirmation).toContainText(`We've e-mailed a link to ${email}`);
    await expect(confirmation).toContainText(/We hold the time for you until \d\d:\d\d; after that it goes back to other learners\./);

    // Mailed: only the request to confirm, without an invite; its link opens the booking's page, where one button confirms it.
    await expect.poll(async () => (await mailsTo(email)).length, { timeout: 20_000 }).toBeGreaterThan(0);
    const [ask] = await mailsTo(email);
    expect(ask).toMatch(/^Subject: Please confirm: your mentoring session/m);
    expect(ask).not.toContain("BEGIN:VCALENDAR");
    const link = /https?:\/\/[^/\s]+(\/mentoring\/booking\?token=[A-Za-z0-9_-]+)#confirm/.exec(ask!)?.[1];
    expect(link).toBeTruthy();
    await page.goto(`${link}#confirm`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm your mentoring session");
    await expect(page.getByRole("main")).toContainText(`${longDate(slot.start, "Asia/Kolkata")}, ${clock(slot.start, "Asia/Kolkata")}`);
    await page.getByRole("button", { name: "Confirm my session" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Session booked");
    await expect(page.getByRole("status")).toContainText(`The calendar invite with the video link is on its way to ${email}`);

    // Then the learner's confirmation with a calendar invite (METHOD:REQUEST), its times in the learner's zone.
    await expect.poll(async () => (await mailsTo(email)).length, { timeout: 20_000 }).toBeGreaterThan(1);
    const mail = (await mailsTo(email)).find((one) => one.includes("BEGIN:VCALENDAR"));
    expect(mail).toContain("BEGIN:VCALENDAR");
    expect(mail).toContain("METHOD:REQUEST");
    expect(mail).toMatch(/\/mentoring\/booking\?token=/);
    firstLearner = { email, start: slot.start.toISOString() };
  });
});

test.describe("with JavaScript in Auckland", () => {
  test.use({ timezoneId: "Pacific/Auckland" });

  test("the page follows the browser's zone; a time is booked with the keyboard alone, without a reload; axe finds nothing", async ({
    page,
  }) => {
    await page.goto("/mentoring");
    await waitForHydration(page);
    const section = bookingSection(page);
    await expect(section.getByText("Times are shown in")).toHaveText("Times are shown in Pacific/Auckland. Pick a day, then a time.");
    await expect(page).toHaveURL(/tz=Pacific%2FAuckland/);
    await expect(section.getByLabel("Your time zone")).toHaveValue("Pacific/Auckland");
    await page.waitForLoadState("networkidle");

    // Every time names its weekday and date in Auckland and the mentor's time in Oslo.
    const radios = timeRadios(section);
    const count = await radios.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < Math.min(count, 4); i++) {
      const slot = slotFromId((await radios.nth(i).getAttribute("value")) ?? "");
      const name = (await radios.nth(i).getAttribute("aria-label")) ?? "";
      expect(name).toContain(inZone(slot.start, "Pacific/Auckland", { weekday: "long" }));
      expect(name).toContain(longDate(slot.start, "Pacific/Auckland"));
      expect(name).toContain(`; ${clock(slot.start, "Europe/Oslo")} for ${MENTOR_NAME} in Oslo`);
    }
    await expectNoAxeViolations(page);
    await expectNoClassConflicts(page);

    // Keyboard only: Enter on a day link, Tab to its first time, Space picks it.
    const tabTo = async (isTarget: () => Promise<boolean>, what: string) => {
      for (let i = 0; i < 60; i++) {
        if (await isTarget()) return;
        await page.keyboard.press("Tab");
      }
      throw new Error(`Tab never reached ${what}`);
    };
    // The second day (the first may have one time left tonight in Auckland), opened with Enter.
    const secondDay = page.getByRole("navigation", { name: "Days with free times" }).getByRole("link").nth(1);
    const day = /day=([\d-]+)/.exec((await secondDay.getAttribute("href")) ?? "")![1]!;
    await secondDay.focus();
    await page.keyboard.press("Enter");
    const label = inZone(new Date(`${day}T12:00:00Z`), "UTC", { weekday: "long", day: "numeric", month: "long" });
    await expect(section.getByRole("group", { name: `Times on ${label}` })).toBeVisible();
    await tabTo(() => radios.first().evaluate((element) => element === document.activeElement), "the first time");
    await expect(radios.first()).toBeFocused();
    await page.keyboard.press("Space");
    await expect(radios.first()).toBeChecked();
    // The arrow keys move within the times; the third is taken (the second day has a whole day of them).
    const pick = 2;
    for (let i = 0; i < pick; i++) await page.keyboard.press("ArrowDown");
    await expect(radios.nth(pick)).toBeChecked();
    await expect(radios.nth(pick)).toBeFocused();
    const slot = slotFromId((await radios.nth(pick).getAttribute("value")) ?? "");

    const email = uniqueEmail("keyboard");
    await page.keyboard.press("Tab");
    await expect(section.getByLabel("Name", { exact: true })).toBeFocused();
    await page.keyboard.type("Grace Hopper");
    await page.keyboard.press("Tab");
    await expect(section.getByLabel("Email", { exact: true })).toBeFocused();
    await page.keyboard.type(email);
    await page.keyboard.press("Tab");
    await expect(section.getByLabel("Your learning goals", { exact: true })).toBeFocused();
    await page.keyboard.type("Learn evaluation for LLM features.");
    const disclaimer = section.getByLabel(disclaimers.light.checkboxLabel);
    await tabTo(() => disclaimer.evaluate((element) => element === document.activeElement), "the disclaimer checkbox");
    await page.keyboard.press("Space");
    await expect(disclaimer).toBeChecked();
    const book = section.getByRole("button", { name: "Book session" });
    await tabTo(() => book.evaluate((element) => element === document.activeElement), "Book session");

    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.keyboard.press("Enter");

    const confirmation = page.getByRole("region", { name: "Check your e-mail to confirm" });
    await expect(confirmation.getByRole("heading", { level: 2 })).toHaveText("Check your e-mail to confirm", { timeout: 15_000 });
    await expect(confirmation).toContainText(`${longDate(slot.start, "Pacific/Auckland")}, ${clock(slot.start, "Pacific/Auckland")}`);
    await expect(confirmation).toContainText("(Pacific/Auckland)");
    await expect(
      page.locator("[data-sonner-toast]").getByText("Almost done! Confirm the session by the link we've e-mailed you."),
    ).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await expectNoAxeViolations(page);
    await expectNoClassConflicts(page);

    // The mailed link's page: one button confirms, without a reload.
    await expect.poll(async () => (await mailsTo(email)).length, { timeout: 20_000 }).toBeGreaterThan(0);
    const link = /https?:\/\/[^/\s]+(\/mentoring\/booking\?token=[A-Za-z0-9_-]+)#confirm/.exec((await mailsTo(email))[0]!)?.[1];
    await page.goto(`${link}#confirm`);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm your mentoring session");
    await expect(page.getByRole("main")).toContainText("Until then the time is held for you.");
    await expectNoAxeViolations(page);
    await expectNoClassConflicts(page);
    await page.getByRole("button", { name: "Confirm my session" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Session booked", { timeout: 15_000 });
    await expectNoAxeViolations(page);
  });
});

test.describe("a time taken meanwhile", () => {
  // The booking's post is answered 409 (the time is taken), which the browser reports on the console.
  test.use({ expectedConsoleErrors: [/status of 409/] });

  test("the form says so, offers the next free times and keeps what was typed", async ({ page }) => {
    await page.goto("/mentoring?tz=Europe%2FOslo&minutes=60");
    await waitForHydration(page);
    const section = bookingSection(page);
    const day = await openSecondDay(page);
    await page.waitForLoadState("networkidle");
    const first = timeRadios(section).first();
    const slotId = (await first.getAttribute("value")) ?? "";
    const slot = slotFromId(slotId);
    expect(inZone(slot.start, "Europe/Oslo", { year: "numeric", month: "2-digit", day: "2-digit" }).split("/").reverse().join("-")).toBe(
      day,
    );

    await first.check();
    const email = uniqueEmail("taken");
    const goals = "Build an agent that reads our invoices.";
    await fillLearner(section, "Katherine Johnson", email, goals);

    // Someone else's booking of that time commits first.
    await insertBooking(slot.start, slot.minutes, "Someone Faster", uniqueEmail("faster"));
    await section.getByRole("button", { name: "Book session" }).click();

    const message = "This time was just taken — here are the next free times.";
    await expect(section.getByText(message)).toBeVisible({ timeout: 15_000 });
    await expect(page.locator("[data-sonner-toast]").getByText(message)).toBeVisible();
    const next = section.getByRole("group", { name: "The next free times" });
    await expect(next).toBeVisible();
    const offered = await timeRadios(next).evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    expect(offered.length).toBeGreaterThan(0);
    expect(offered).not.toContain(slotId);
    for (const id of offered) expect(slotFromId(id).start.getTime()).toBeGreaterThan(slot.start.getTime());
    await expect(section.getByLabel("Name", { exact: true })).toHaveValue("Katherine Johnson");
    await expect(section.getByLabel("Email", { exact: true })).toHaveValue(email);
    await expect(section.getByLabel("Your learning goals", { exact: true })).toHaveValue(goals);
    await expect(section.getByRole("heading", { name: "Check your e-mail to confirm" })).toHaveCount(0);
  });
});

test.describe("a booking post that fails on the way", () => {
  // The aborted post is reported on the console; that is the point of the test.
  test.use({ expectedConsoleErrors: [/net::ERR_FAILED/] });

  test("keeps the chosen time and what was typed, says so, and the same form then books", async ({ page }) => {
    await page.goto("/mentoring?tz=Europe%2FOslo&minutes=30");
    await waitForHydration(page);
    const section = bookingSection(page);
    await openSecondDay(page);
    await page.waitForLoadState("networkidle");
    // The second time of the day: the other tests book the first ones.
    const chosen = timeRadios(section).nth(1);
    const slotId = (await chosen.getAttribute("value")) ?? "";
    await chosen.check();
    const email = uniqueEmail("offline");
    const goals = "Evaluate retrieval for our support answers.";
    await fillLearner(section, "Mary Jackson", email, goals);

    // Offline for the first post only: the route action's `.data` request never reaches the server.
    let aborted = 0;
    await page.route(
      (url) => url.pathname === "/mentoring.data",
      async (route) => {
        if (route.request().method() !== "POST" || aborted > 0) return route.continue();
        aborted++;
        await route.abort("failed");
      },
    );
    await section.getByRole("button", { name: "Book session" }).click();

    const message = "Your booking could not be sent: check your connection and try again.";
    await expect(page.locator("[data-sonner-toast]").getByText(message)).toBeVisible({ timeout: 15_000 });
    expect(aborted).toBe(1);
    await expect(section.locator(`input[type="radio"][value="${slotId}"]`)).toBeChecked();
    await expect(section.getByLabel("Name", { exact: true })).toHaveValue("Mary Jackson");
    await expect(section.getByLabel("Email", { exact: true })).toHaveValue(email);
    await expect(section.getByLabel("Your learning goals", { exact: true })).toHaveValue(goals);
    await expect(section.getByLabel(disclaimers.light.checkboxLabel)).toBeChecked();
    await expect(section.getByRole("heading", { name: "Check your e-mail to confirm" })).toHaveCount(0);

    // Back online: the same form, sent again, books that time (nothing was stored by the lost post).
    await section.getByRole("button", { name: "Book session" }).click();
    await expect(page.getByRole("region", { name: "Check your e-mail to confirm" })).toBeVisible({ timeout: 15_000 });
    const stored = await withServerDatabase(
      dataDir(),
      async (client) =>
        (await client.query<{ n: number }>("select count(*)::int as n from mentoring_bookings where email = $1", [email])).rows[0]!.n,
    );
    expect(stored).toBe(1);
  });
});

test("the learner's link page shows the session, moves it, and the old link then no longer works", async ({ page }) => {
  expect(firstLearner.email, "the first test booked a session").not.toBe("");
  const [mail] = await mailsTo(firstLearner.email);
  const token = /\/mentoring\/booking\?token=([A-Za-z0-9_.~-]+)/.exec(mail ?? "")?.[1];
  expect(token).toBeTruthy();
  const link = `/mentoring/booking?token=${token}`;

  await page.goto(link);
  await waitForHydration(page);
  const start = new Date(firstLearner.start);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your mentoring session");
  await expect(page.getByRole("main")).toContainText(`${longDate(start, "Asia/Kolkata")}, ${clock(start, "Asia/Kolkata")}`);
  await expect(page.getByRole("main")).toContainText(`with ${MENTOR_NAME}`);
  await expectNoAxeViolations(page);
  await expectNoClassConflicts(page);

  const choices = page.getByRole("group", { name: "New time (Asia/Kolkata)" }).getByRole("radio");
  expect(await choices.count()).toBeGreaterThan(1);
  const chosen = choices.nth(1);
  const newStart = slotFromId((await chosen.getAttribute("value")) ?? "").start;
  await chosen.check();
  await page.getByRole("button", { name: "Move my session" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Session moved", { timeout: 15_000 });
  await expect(page.getByRole("status")).toContainText(
    `Your session is now ${longDate(newStart, "Asia/Kolkata")}, ${clock(newStart, "Asia/Kolkata")}`,
  );
  await expectNoAxeViolations(page);
  await expectNoClassConflicts(page);

  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link no longer works");
  await expectNoAxeViolations(page);
  await expectNoClassConflicts(page);
  // The updated invite, with new links, goes to the learner.
  await expect
    .poll(async () => (await mailsTo(firstLearner.email)).filter((m) => !m.includes(`token=${token}`)).length, { timeout: 20_000 })
    .toBeGreaterThan(0);
});

test.describe("the mentor", () => {
  // The hours form's refused post is answered 400.
  test.use({ expectedConsoleErrors: [/status of 400/] });

  test("the agenda lists the week's sessions (a list at 390 px); the hours are saved, and '9-5' is explained", async ({ page }) => {
    await page.context().addCookies(adminCookies);
    // A session of its own, a week ahead at 13:00 in Oslo (whatever the other tests booked).
    const day = new Date(Date.now() + 8 * 86_400_000);
    const date = inZone(day, "Europe/Oslo", { year: "numeric", month: "2-digit", day: "2-digit" }).split("/").reverse().join("-");
    const offset =
      inZone(new Date(`${date}T12:00:00Z`), "Europe/Oslo", { timeZoneName: "longOffset" }).match(/GMT([+-]\d{2}:\d{2})/)?.[1] ?? "+01:00";
    const start = new Date(`${date}T13:00:00${offset}`);
    const email = uniqueEmail("agenda");
    await insertBooking(start, 60, "Agenda Learner", email);

    await page.goto(`/admin/mentoring?view=week&date=${date}`);
    await waitForHydration(page);
    const card = page.getByTestId("booking").filter({ hasText: email });
    await expect(card).toBeVisible();
    await expect(card).toContainText("13:00 · 60 min · Agenda Learner");
    await expect(card).toContainText("Confirmed");
    await expect(page.getByRole("list", { name: "The week at a glance" })).toContainText("13:00 Agenda Learner");
    await expectNoAxeViolations(page);
    await expectNoClassConflicts(page);

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole("list", { name: "The week at a glance" })).toBeHidden();
    await expect(card).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 720 });

    await page.goto("/admin/mentoring/availability");
    await waitForHydration(page);
    const hours = page.getByRole("form", { name: "Hours" });
    const monday = hours.getByLabel("Monday", { exact: true });
    await expect(monday).toHaveValue("00:00-24:00");
    await expectNoAxeViolations(page);
    await expectNoClassConflicts(page);

    await monday.fill("9-5");
    await hours.getByRole("button", { name: "Save hours" }).click();
    await expect(monday).toHaveAttribute("aria-invalid", "true");
    await expect(hours.getByText("Monday: write hours as 09:00-17:00 (several separated by commas)")).toBeVisible();
    await expect(monday).toHaveValue("9-5");
    await expectNoAxeViolations(page);
    await expectNoClassConflicts(page);

    try {
      await monday.fill("09:00-12:00");
      await hours.getByRole("button", { name: "Save hours" }).click();
      await expect(page.locator("[data-sonner-toast]").getByText("Availability saved")).toBeVisible({ timeout: 15_000 });
      await expect(hours.getByLabel("Monday", { exact: true })).toHaveValue("09:00-12:00");
      await expect(hours.getByLabel("Monday", { exact: true })).not.toHaveAttribute("aria-invalid", "true");
      await page.reload();
      await expect(page.getByRole("form", { name: "Hours" }).getByLabel("Monday", { exact: true })).toHaveValue("09:00-12:00");
    } finally {
      // Every day free again for the rest of the run.
      await withServerDatabase(dataDir(), (client) =>
        client.query(`update mentoring_mentors set weekly = $1::jsonb where user_id = $2`, [
          JSON.stringify([1, 2, 3, 4, 5, 6, 7].map((d) => ({ day: d, start: "00:00", end: "24:00" }))),
          mentorId,
        ]),
      );
    }
  });
});
