import { spawn, type ChildProcess } from "node:child_process";
import { randomInt } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { SERVER_NODE_FLAGS } from "../../server/node-flags";
import { createAdminWithCli, enrolmentLinkFrom, insertLead, withServerDatabase } from "../support/admin-seed";
import { startDovecot, type TestDovecot } from "../support/dovecot";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp-server";
import { expect, expectNoAxeViolations, expectNoClassConflicts, test, waitForHydration } from "./fixtures";
import { completeTwoFactorSetup, openEnrolmentLink, submitPassword } from "./support/admin";

/**
 * Replies from the site and answers read over IMAP, in the browser (docs/inbox.md). The suite's
 * main server sends no mail over SMTP and reads no mailbox, so this file starts a server of its
 * own (port E2E_PORT + 500) with a real SMTP server and a real Dovecot. The answer is checked on
 * the reply page's conversation, in the database and on the person's timeline.
 */
const port = Number(process.env.E2E_PORT ?? 4317) + 500;
const baseURL = `http://127.0.0.1:${port}`;
let smtp: TestSmtpServer;
let dovecot: TestDovecot;
let server: ChildProcess | undefined;
let dataDir = "";
let person: { personId: string; enquiryId: string; token: string };
const screenshots = process.env.E2E_SCREENSHOT_DIR;

test.describe.configure({ mode: "serial" });
test.use({ baseURL });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  [smtp, dovecot] = await Promise.all([startSmtpServer(), startDovecot()]);
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "nordlys-e2e-mail-"));
  await fs.chmod(dataDir, 0o755);
  server = spawn(process.execPath, [...SERVER_NODE_FLAGS, "server/main.ts"], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      LOG_FORMAT: "json",
      JOB_SCHEDULES: "false",
      NEWS_FEEDS: "",
      AI_BASE_URL: "",
      AI_MODEL: "",
      SMTP_URL: smtp.url,
      MAIL_FROM: "Nordlys Studio <studio@nordlys.test>",
      MAIL_TO_STUDIO: "hello@nordlys.test",
      INBOX_REPLY_TO: "studio@nordlys.test",
      INBOX_PLUS_ADDRESSING: "true",
      IMAP_URL: dovecot.url,
      IMAP_POLL_SECONDS: "5",
    },
    // The server's log stays beside the test results, for when a test fails.
    stdio: ["ignore", (await fs.open(path.join(os.tmpdir(), `nordlys-e2e-mail-server-${port}.log`), "w")).fd, "pipe"],
  });
  let errors = "";
  server.stderr?.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The mail test server exited: ${errors}`);
    const healthy = await fetch(`${baseURL}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) throw new Error(`The mail test server did not start: ${errors}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await insertLead(dataDir, { name: "Grace Hopper", email: "grace@example.org", message: "We need a new website." });
  person = await withServerDatabase(dataDir, async (client) => {
    const { rows } = await client.query("select person_id, id, thread_token from enquiries order by created_at desc limit 1");
    return { personId: rows[0].person_id, enquiryId: rows[0].id, token: rows[0].thread_token };
  });
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  await Promise.all([smtp?.stop(), dovecot?.stop()]);
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

test.beforeEach(async ({ page }) => {
  // Sign-in hashes passwords on purpose, and mail crosses two servers: generous on a busy machine.
  test.setTimeout(240_000);
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": `198.18.${randomInt(256)}.${randomInt(1, 255)}` });
});

async function signIn(page: Page, target: string) {
  const email = `mail-admin-${Date.now().toString(36)}-${randomInt(1e6)}@example.com`;
  const password = "admin password for e2e";
  // A new admin opens the one-time enrolment link admin:create printed before the first sign-in.
  await openEnrolmentLink(page, enrolmentLinkFrom(await createAdminWithCli(dataDir, email, password)));
  await submitPassword(page, email, password, target);
  await completeTwoFactorSetup(page, password);
  await expect(page).toHaveURL(target);
}

async function shoot(page: Page, name: string) {
  if (!screenshots) return;
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(screenshots, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test("an admin writes a reply from a saved reply, it arrives over SMTP threaded, and the person's answer read from the mailbox shows up in the conversation, still unread there", async ({
  page,
}) => {
  await signIn(page, "/admin/inbox/saved-replies");
  await waitForHydration(page);
  await page.getByLabel("Title").fill("Thanks for reaching out");
  await page.getByLabel("Text").fill("Thank you for your message. Our portfolio: https://nordlys.test/work");
  await page.getByRole("button", { name: "Add saved reply" }).click();
  await expect(page.getByText("Saved reply added")).toBeVisible();
  await expectNoAxeViolations(page);
  await expectNoClassConflicts(page);

  const replyPath = `/admin/inbox/people/${person.personId}/reply?enquiry=${person.enquiryId}`;
  await page.goto(replyPath);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "Reply to Grace Hopper" })).toBeVisible();
  await expect(page.getByLabel("Subject")).toHaveValue("Re: Your message to Nordlys Studio");
  await page.getByLabel("Your reply").fill("Hello Grace,");
  await page.getByLabel("Saved reply").selectOption({ label: "Thanks for reaching out" });
  await page.getByRole("button", { name: "Use" }).click();
  await expect(page.getByLabel("Your reply")).toHaveValue(
    "Hello Grace,\n\nThank you for your message. Our portfolio: https://nordlys.test/work",
  );
  await expectNoAxeViolations(page);
  await expectNoClassConflicts(page);
  await shoot(page, "inbox-reply");

  await page.getByRole("button", { name: "Send reply" }).click();
  await expect(page.getByText("Reply sent")).toBeVisible({ timeout: 15_000 });
  const [mail] = await smtp.waitFor(1, 30_000);
  expect(mail!.parsed.messageId).toMatch(new RegExp(`^<r\\.${person.token}\\.[0-9a-f]+@nordlys\\.test>$`));
  expect(mail!.parsed.replyTo?.value[0]?.address).toBe(`studio+${person.token}@nordlys.test`);
  expect(mail!.parsed.from?.value[0]?.address).toBe("studio@nordlys.test");
  expect(mail!.parsed.text).toContain("Our portfolio: https://nordlys.test/work");
  const stage = await withServerDatabase(
    dataDir,
    async (client) => (await client.query("select stage from enquiries where id = $1", [person.enquiryId])).rows[0].stage,
  );
  expect(stage).toBe("contacted");

  const uid = await dovecot.append(
    [
      "From: Grace Hopper <grace@example.org>",
      `To: studio+${person.token}@nordlys.test`,
      "Subject: Re: Your message to Nordlys Studio",
      "Message-ID: <grace-answer@example.org>",
      `In-Reply-To: ${mail!.parsed.messageId}`,
      `References: ${mail!.parsed.messageId}`,
      "Content-Type: text/plain; charset=utf-8",
      "",
      "Lovely, can we talk on Tuesday?",
      "",
    ].join("\r\n"),
  );
  await expect(async () => {
    await page.reload();
    await expect(page.getByText("Lovely, can we talk on Tuesday?")).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 45_000 });
  await expect(page.getByText("From grace@example.org")).toBeVisible();
  const flags = await dovecot.messages();
  expect(flags.find((message) => message.uid === uid)?.flags).not.toContain("\\Seen");
  const stored = await withServerDatabase(
    dataDir,
    async (client) => (await client.query("select person_id from inbox_mails where message_id = '<grace-answer@example.org>'")).rows,
  );
  expect(stored).toEqual([{ person_id: person.personId }]);
  // And on the person's one timeline, beside the reply that it answers.
  await page.goto(`/admin/inbox/people/${person.personId}`);
  const timeline = page.locator("main");
  await expect(timeline.getByText("Lovely, can we talk on Tuesday?")).toBeVisible();
  await expect(timeline.getByText("Our portfolio: https://nordlys.test/work").first()).toBeVisible();
});

test("the JSON endpoint replies as the page does, and refuses without a sign-in", async ({ page, playwright }) => {
  await signIn(page, "/admin/inbox/unmatched");
  const before = smtp.received.length;
  const response = await page.request.post(`/api/admin/people/${person.personId}/reply`, {
    data: { enquiryId: person.enquiryId, text: "One more thing: see https://nordlys.test/work" },
    headers: { Origin: baseURL },
  });
  expect(response.status()).toBe(202);
  expect(await response.json()).toMatchObject({ sent: true, stageChanged: false });
  const received = await smtp.waitFor(before + 1, 30_000);
  expect(received.at(-1)!.parsed.inReplyTo).toBe("<grace-answer@example.org>");
  const bad = await page.request.post(`/api/admin/people/${person.personId}/reply`, {
    data: { enquiryId: "nope", text: "" },
    headers: { Origin: baseURL },
  });
  expect(bad.status()).toBe(400);

  const anonymous = await playwright.request.newContext({ baseURL });
  const refused = await anonymous.post(`/api/admin/people/${person.personId}/reply`, {
    data: { enquiryId: person.enquiryId, text: "Hi" },
    headers: { Origin: baseURL },
  });
  expect(refused.status()).toBe(401);
  await anonymous.dispose();
});

test("a mail from a stranger that names Grace's thread is Unmatched; an admin assigns one and discards another", async ({ page }) => {
  const lastOut = await withServerDatabase(
    dataDir,
    async (client) =>
      (await client.query("select message_id from inbox_mails where direction = 'out' order by created_at desc limit 1")).rows[0]
        .message_id,
  );
  for (const [from, id] of [
    ["mallory@evil.example", "forged"],
    ["grace.hopper@work.example", "other-address"],
  ]) {
    await dovecot.append(
      [
        `From: ${from}`,
        `To: studio+${person.token}@nordlys.test`,
        `Subject: About the website (${id})`,
        `Message-ID: <${id}@example.org>`,
        `In-Reply-To: ${lastOut}`,
        "Content-Type: text/plain; charset=utf-8",
        "",
        `Written from ${from}.`,
        "",
      ].join("\r\n"),
    );
  }
  await signIn(page, "/admin/inbox/unmatched");
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole("heading", { name: "About the website (other-address)" })).toBeVisible({ timeout: 1_000 });
    await expect(page.getByRole("heading", { name: "About the website (forged)" })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 45_000 });
  await waitForHydration(page);
  await expectNoAxeViolations(page);
  await expectNoClassConflicts(page);
  await shoot(page, "inbox-unmatched");

  const other = page.getByRole("article", { name: "About the website (other-address)" });
  await other.getByLabel("Person's e-mail address").fill("Grace@Example.org");
  await other.getByRole("button", { name: "Assign" }).click();
  await expect(page.getByText("Mail assigned")).toBeVisible();
  await expect(page.getByRole("heading", { name: "About the website (other-address)" })).toHaveCount(0);

  await page.getByRole("link", { name: "Discard the mail from mallory@evil.example" }).click();
  await page.getByRole("button", { name: "Delete permanently" }).click();
  await expect(page.getByText("Mail deleted")).toBeVisible();
  await expect(page.getByText("No unmatched mail")).toBeVisible();
  const rows = await withServerDatabase(
    dataDir,
    async (client) =>
      (
        await client.query(
          "select message_id, person_id from inbox_mails where message_id in ('<forged@example.org>', '<other-address@example.org>') order by message_id",
        )
      ).rows,
  );
  expect(rows).toEqual([{ message_id: "<other-address@example.org>", person_id: person.personId }]);
  expect((await dovecot.messages()).every((message) => !message.flags.includes("\\Seen"))).toBe(true);
});
