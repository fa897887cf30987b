import { startServerWithoutAi } from "./support/server-without-ai";
import { expect, expectNoAxeViolations, expectNoClassConflicts, test, waitForHydration } from "./fixtures";

/**
 * The chat on a site with no AI provider (a fresh clone): it answers from the
 * site's content by topic, and once the intro form has the visitor's details
 * it never asks for them again. Runs its own server without a provider.
 */
let server: Awaited<ReturnType<typeof startServerWithoutAi>>;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServerWithoutAi();
});

test.afterAll(async () => {
  await server?.stop();
});

test("answers topic questions from the site's content and does not ask for an e-mail after the intro form", async ({ page }) => {
  test.slow();
  await page.goto(server.url + "/");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Chat with us" }).click();
  const panel = page.getByRole("dialog", { name: "Nordlys assistant" });
  await panel.getByLabel("Name").fill("Kari Nordmann");
  await panel.getByLabel("Email").fill("kari@example.com");
  await panel.getByRole("button", { name: "Start Chatting" }).click();
  const composer = panel.getByPlaceholder("Ask about AI solutions...");
  await expect(composer).toBeFocused();

  const log = panel.getByRole("log");
  const lastAnswer = panel.locator('[data-role="assistant"]').last();
  const ask = async (question: string) => {
    await composer.fill(question);
    await composer.press("Enter");
    await expect(panel.locator('[data-role="user"]').last()).toHaveText(`You: ${question}`);
    await expect(log).toHaveAttribute("aria-busy", "false", { timeout: 15_000 });
  };

  await ask("How much does it cost?");
  await expect(lastAnswer).toContainText("AI App Development: Typical builds take 6 to 12 weeks, priced per milestone.");
  await expect(lastAnswer.getByRole("link", { name: "contact page" })).toHaveAttribute("href", "/contact");

  await ask("Who are the founders?");
  await expect(lastAnswer).toContainText("Ingrid Solheim, Co-founder & CEO");

  await ask("How can I contact you?");
  await expect(lastAnswer).toContainText("We have your details");

  await expect(log).not.toContainText(/leave your e-mail/i);
  await expect(panel.getByText(/^Save .*\?$/)).toHaveCount(0);
  await expectNoAxeViolations(page);
  await expectNoClassConflicts(page);
});
