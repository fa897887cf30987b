import { describe, expect, it } from "vitest";
import { useServerForFile } from "../support/server-process";

/**
 * A fresh clone with no AI provider: the production server answers every AI
 * endpoint with 503 and the Try AI page explains it calmly; the chat answers
 * from the site's content.
 */
describe("without an AI provider", () => {
  const file = useServerForFile({ AI_BASE_URL: "", AI_MODEL: "", AI_API_KEY: "" });

  it("answers 503 'not available' on every AI endpoint", async () => {
    const bodies: Record<string, unknown> = {
      "/api/ai-chat": { messages: [{ role: "user", content: "Hello" }] },
      "/api/ai-chat/stream": { messages: [{ role: "user", content: "Hello" }] },
      "/api/generate-content": { task: "seo", topic: "Bakeries" },
      "/api/generate-content/stream": { task: "email", product: "Bread", audience: "Cafés" },
    };
    for (const [path, body] of Object.entries(bodies)) {
      const response = await fetch(file.server().url + path, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(response.status, path).toBe(503);
      expect(response.headers.get("content-type"), path).toContain("application/json");
      expect(await response.json()).toMatchObject({ error: "The AI tools are not available right now." });
    }
  });

  it("lets the chat answer from the site's content, by topic", async () => {
    const ask = async (content: string) => {
      const response = await fetch(file.server().url + "/api/lead-chatbot", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ messages: [{ role: "user", content }] }),
      });
      expect(response.status, content).toBe(200);
      return ((await response.json()) as { content: string }).content;
    };
    expect(await ask("What are your prices?")).toContain("priced per milestone");
    expect(await ask("Who founded Nordlys?")).toContain("Aksel Bakke");
    expect(await ask("Is there a scholarship for students?")).toContain("(/mentoring)");
  });

  it("shows the Try AI page with a calm notice and the tools switched off", async () => {
    const response = await fetch(file.server().url + "/try-ai");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Try Free AI Tools");
    expect(html).toContain('role="status"');
    expect(html).toContain("The AI tools are not available right now.");
    // Every tool's submit button is disabled (the cookie banner's buttons come after the footer).
    const tools = html.slice(html.indexOf('aria-label="AI tools"'), html.indexOf("<footer"));
    const submits = tools.match(/<button[^>]*type="submit"[^>]*>/g) ?? [];
    expect(submits).toHaveLength(4);
    for (const button of submits) expect(button).toContain('disabled=""');
  });
});
