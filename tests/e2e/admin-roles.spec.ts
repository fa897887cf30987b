import { expect, expectNoAxeViolations, expectNoClassConflicts, test } from "./fixtures";
import { signInAsAdmin } from "./support/admin";

/**
 * A mentor's admin in the browser (docs/admin.md, "Roles"): the navigation shows only their
 * pages, the dashboard their roles instead of the studio's numbers, the inbox their own learners
 * only, and a page of another role
 * says whose it is, inside the frame; at 390 px the menu holds the same.
 */
// The refused page answers 403, which the browser reports on the console.
test.use({ expectedConsoleErrors: [/status of 403/] });

test("a mentor sees their own pages only; another role's page says 'Not for your role'", async ({ page }) => {
  await signInAsAdmin(page, "/admin", ["mentor"]);
  const nav = page.getByRole("navigation", { name: "Admin" });
  await expect(nav.getByRole("link")).toHaveText(["Dashboard", "Inbox", "Mentoring", "Account"]);
  await expect(page.getByRole("heading", { level: 2, name: "Your roles" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(
    "Mentor: their own hours, bookings and agenda, and their own learners' mentoring enquiries",
  );
  await expect(page.getByRole("navigation", { name: "Your pages" }).getByRole("link")).toHaveText(["Inbox", "Mentoring", "Account"]);
  await expect(page.getByText("Visitors and page views")).toHaveCount(0);
  await expectNoAxeViolations(page);
  await expectNoClassConflicts(page);

  // Their inbox holds their own learners only, on the mentoring board's terms.
  await nav.getByRole("link", { name: "Inbox" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your learners");
  await expect(page.getByLabel("Owner")).toHaveCount(0);
  await expectNoAxeViolations(page);

  const refused = await page.goto("/admin/leads");
  expect(refused?.status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Not for your role");
  await expect(page.getByRole("main")).toContainText(
    "This is not for your role: it is for Sales or the owner. Ask an owner if you need it.",
  );
  await expect(nav.getByRole("link")).toHaveText(["Dashboard", "Inbox", "Mentoring", "Account"]);
  await expectNoAxeViolations(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByText("Menu").click();
  await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link")).toHaveText([
    "Dashboard",
    "Inbox",
    "Mentoring",
    "Account",
  ]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
});

test("the team page: an owner invites with roles, changes them and removes the member; the audit log shows each", async ({ page }) => {
  await signInAsAdmin(page, "/admin/team");
  await expect(page.getByRole("heading", { level: 1, name: "Team" })).toBeVisible();
  await expectNoAxeViolations(page);
  await expectNoClassConflicts(page);
  const email = `invited-${Date.now()}@example.com`;
  const invite = page.getByRole("region", { name: "Invite someone" });
  await invite.getByLabel("E-mail").fill(email);
  await invite.getByLabel("Name (optional)").fill("Siri Invited");
  await invite.getByLabel(/^Sales:/).check();
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.locator("[data-sonner-toast]").getByText(`Invitation sent to ${email}`)).toBeVisible();
  const card = page.getByTestId("team-member").filter({ hasText: email });
  await expect(card).toContainText("Invited: has not chosen a password yet");
  await expect(card).toContainText("Two-factor: not set up yet");
  await expect(invite.getByLabel("E-mail")).toHaveValue("");

  await card.getByLabel(/^Newsletter:/).check();
  await card.getByRole("button", { name: "Save roles" }).click();
  await expect(page.locator("[data-sonner-toast]").getByText(`Roles of ${email} saved`)).toBeVisible();
  await expect(page.getByTestId("team-member").filter({ hasText: email }).getByTestId("member-roles")).toHaveText("NewsletterSales");
  await expectNoAxeViolations(page);

  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  const member = page.getByTestId("team-member").filter({ hasText: email });
  await member.getByText("Remove Siri Invited from the team…").click();
  await member.getByRole("button", { name: "Remove Siri Invited" }).click();
  await expect(page.locator("[data-sonner-toast]").getByText("Removed from the team: their sessions have ended")).toBeVisible();
  await expect(page.getByTestId("team-member").filter({ hasText: email })).toHaveCount(0);

  // The audit log has each of these, newest first, and filters by action.
  await page.goto("/admin/audit");
  const entries = page.getByTestId("audit-entry").filter({ hasText: email });
  await expect(entries.first()).toContainText("remove-member");
  await expect(entries).toHaveCount(3);
  await page.getByLabel("Action").selectOption("invite");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/action=invite/);
  // The address changes before the filtered entries arrive: wait for them (a strict match is not retried).
  const invited = page.getByTestId("audit-entry").filter({ hasText: email });
  await expect(invited).toHaveCount(1);
  await expect(invited).toContainText("as Sales");
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);
  await expectNoClassConflicts(page);
});
