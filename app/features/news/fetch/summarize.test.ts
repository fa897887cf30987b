import { describe, expect, it } from "vitest";
import { extractiveSummary, summarizeStory } from "./summarize";

const text =
  "OpenAI released a new reasoning model on Tuesday. It scores higher on math benchmarks than its predecessor. " +
  "The company says it costs less to run, and that developers can try it today through the API. " +
  "Critics point out that benchmark results do not always carry over to real tasks, and ask for independent evaluations.";

describe("extractiveSummary", () => {
  it("takes whole first sentences up to 300 characters", () => {
    const summary = extractiveSummary(text);
    expect(summary.length).toBeLessThanOrEqual(300);
    expect(summary).toBe(
      "OpenAI released a new reasoning model on Tuesday. It scores higher on math benchmarks than its predecessor. " +
        "The company says it costs less to run, and that developers can try it today through the API.",
    );
  });

  it("cuts a single very long sentence at a word boundary with an ellipsis", () => {
    const long = `${"word ".repeat(100)}end`;
    const summary = extractiveSummary(long, 300);
    expect(summary.length).toBeLessThanOrEqual(300);
    expect(summary).toMatch(/word…$/);
  });

  it("keeps short text whole", () => {
    expect(extractiveSummary("  Short   text. ")).toBe("Short text.");
  });
});

describe("summarizeStory", () => {
  const input = { title: "New model", text, source: "Lab" };

  it("uses the AI summariser's answer when it gives one", async () => {
    const summary = await summarizeStory(input, { summarizer: async () => "  An AI summary.  " });
    expect(summary).toBe("An AI summary.");
  });

  it("falls back to the extractive summary when the summariser fails", async () => {
    const summary = await summarizeStory(input, {
      summarizer: async () => {
        throw new Error("provider down");
      },
    });
    expect(summary).toBe(extractiveSummary(text));
  });

  it("keeps an overlong AI answer within the limit", async () => {
    const summary = await summarizeStory(input, { summarizer: async () => "long ".repeat(200) });
    expect(summary.length).toBeLessThanOrEqual(300);
  });
});
