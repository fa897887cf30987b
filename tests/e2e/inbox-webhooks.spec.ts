import { randomInt } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { disclaimers } from "../../app/content/disclaimers";
import { formDefinitions } from "../../app/features/forms/definitions";
import { startWebhookReceiver, type WebhookReceiver } from "../fixtures/webhooks/receiver";
import { signInAsAdmin } from "./support/admin";
import { expect, expectNoAxeViolations, expectNoClassConflicts, test, waitForHydration } from "./fixtures";

/**
 * Outbound webhooks in the browser against the production server: an admin adds an endpoint
 * pointing at a receiver this test runs (the e2e server may reach loopback:
 * NEWS_ALLOW_PRIVATE_HOSTS), a visitor's contact form becomes a signed `enquiry.created`, the
 * delivery log shows it and Replay sends it again with the same webhook-id.
 */

let receiver: WebhookReceiver;

// Sign-in hashes with scrypt: slow on a busy 2-core machine.
test.describe.configure({ timeout: 240_000 });

test.beforeAll(async () => {
  receiver = await startWebhookReceiver();
});

test.afterAll(async () => {
  await receiver?.close();
});

test.beforeEach(async ({ page }) => {
  // Each test signs in from an address of its own (sign-ins share a per-address limit).
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": `198.18.${randomInt(256)}.${randomInt(1, 255)}` });
});

test("an admin adds an endpoint; a contact enquiry arrives signed, shows in the delivery log, and Replay sends it again", async ({
  page,
  browser,
  baseURL,
}) => {
  const path = `/ok/e2e-${randomInt(1e9)}`;
  await signInAsAdmin(page, "/admin/webhooks");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();

  const form = page.getByRole("form", { name: "Add an endpoint" });
  await form.getByLabel("URL").fill(`${receiver.url}${path}`);
  await form.getByLabel("Description (optional)").fill("E2E receiver");
  await expect(form.getByLabel(/enquiry\.created/)).toBeChecked();
  await form.getByRole("button", { name: "Add endpoint" }).click();
  const secretText = page.getByTestId("webhook-secret");
  await expect(secretText).toHaveText(/^whsec_[A-Za-z0-9+/=]{40,}$/, { timeout: 15_000 });
  const secret = (await secretText.textContent())!;
  const endpoint = page.getByTestId("webhook-endpoint").filter({ hasText: "E2E receiver" });
  await expect(endpoint).toContainText("No deliveries yet.");

  // A visitor sends the contact form (slowly enough not to be held).
  const email = `webhook-${Date.now()}-${randomInt(1e6)}@example.com`;
  const visitor = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { "X-Forwarded-For": `198.18.${randomInt(256)}.${randomInt(1, 255)}` },
  });
  await visitor.addCookies([{ name: "cookie_consent", value: "declined", url: baseURL! }]);
  const contact = await visitor.newPage();
  await contact.goto("/contact");
  await waitForHydration(contact);
  await contact.getByLabel("Name", { exact: true }).fill("Per Olsen");
  await contact.getByLabel("Email", { exact: true }).fill(email);
  await contact.getByLabel("Message", { exact: true }).fill("We would like a webhook demo.");
  await contact.getByLabel(disclaimers[formDefinitions.contact.disclaimer].checkboxLabel).check();
  await contact.getByRole("button", { name: formDefinitions.contact.submitLabel }).click();
  await expect(contact.getByRole("heading", { level: 2, name: formDefinitions.contact.success })).toBeVisible({ timeout: 15_000 });
  await visitor.close();

  // Other tests' enquiries reach this endpoint too: this test follows its own delivery (its webhook-id).
  const mine = () => receiver.on(path).filter((request) => request.body.includes(email));
  await expect.poll(() => mine().length, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
  const first = mine()[0]!;
  const headers = {
    "webhook-id": first.headers["webhook-id"]!,
    "webhook-timestamp": first.headers["webhook-timestamp"]!,
    "webhook-signature": first.headers["webhook-signature"]!,
  };
  const event = new Webhook(secret).verify(first.body, headers) as {
    type: string;
    data: { person: { email: string; name: string }; enquiry: { kind: string } };
  };
  expect(event.type).toBe("enquiry.created");
  expect(event.data.person).toMatchObject({ email, name: "Per Olsen" });
  expect(event.data.enquiry.kind).toBe("contact");

  // The delivery log says so.
  await expect(async () => {
    await page.reload();
    const row = endpoint.locator(`[data-webhook-id="${first.headers["webhook-id"]}"]`);
    await expect(row).toContainText("enquiry.created", { timeout: 1_000 });
    await expect(row).toContainText("Delivered", { timeout: 1_000 });
    await expect(row.getByRole("cell").nth(1)).toHaveText("200", { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await waitForHydration(page);
  await expectNoAxeViolations(page);
  await expectNoClassConflicts(page);

  // Replay: the same webhook-id, signed again.
  const row = endpoint.locator(`[data-webhook-id="${first.headers["webhook-id"]}"]`);
  await row.getByRole("button", { name: /^Replay enquiry\.created delivery/ }).click();
  await expect(page.getByText("Replay queued, with the same webhook-id")).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => mine().length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
  const second = mine()[1]!;
  expect(second.headers["webhook-id"]).toBe(first.headers["webhook-id"]);
  expect(
    new Webhook(secret).verify(second.body, {
      "webhook-id": second.headers["webhook-id"]!,
      "webhook-timestamp": second.headers["webhook-timestamp"]!,
      "webhook-signature": second.headers["webhook-signature"]!,
    }),
  ).toEqual(event);
  await expect(async () => {
    await page.reload();
    await expect(row.getByRole("cell").nth(2)).toHaveText("2", { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });

  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`webhooks-${width}.png`), fullPage: true });
  }
});

test("without JavaScript the endpoint form checks its fields, adds the endpoint and shows the secret once", async ({
  page,
  browser,
  baseURL,
}) => {
  await signInAsAdmin(page, "/admin/webhooks");
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, storageState: await page.context().storageState() });
  try {
    const noScript = await context.newPage();
    await noScript.setExtraHTTPHeaders({ "X-Forwarded-For": `198.18.${randomInt(256)}.${randomInt(1, 255)}` });
    await noScript.goto("/admin/webhooks");
    const form = noScript.getByRole("form", { name: "Add an endpoint" });
    await form.getByLabel("URL").fill("ftp://example.com/hook");
    await form.getByLabel(/enquiry\.created/).uncheck();
    await form.getByRole("button", { name: "Add endpoint" }).click();
    await expect(noScript.getByText("Enter a full http:// or https:// URL")).toBeVisible();
    await expect(noScript.getByText("Choose at least one event")).toBeVisible();
    await expect(noScript.getByRole("form", { name: "Add an endpoint" }).getByLabel("URL")).toHaveAttribute("aria-invalid", "true");

    const again = noScript.getByRole("form", { name: "Add an endpoint" });
    await again.getByLabel("URL").fill(`${receiver.url}/ok/no-script`);
    await again.getByLabel("Description (optional)").fill("No-script receiver");
    await again.getByLabel(/reply\.received/).check();
    await again.getByRole("button", { name: "Add endpoint" }).click();
    await expect(noScript.getByTestId("webhook-secret")).toHaveText(/^whsec_/);
    await noScript.goto("/admin/webhooks");
    await expect(noScript.getByTestId("webhook-secret")).toHaveCount(0);
    await expect(noScript.getByTestId("webhook-endpoint").filter({ hasText: "No-script receiver" })).toContainText("reply.received");
  } finally {
    await context.close();
  }
});
