import { describe, expect, it } from "vitest";
import { answerFromContent, buildChatInstructions, plainContent, sitePages } from "./chat-knowledge.server.ts";

describe("plainContent", () => {
  it("keeps facts and drops presentation fields, functions and empty lists", () => {
    const value = {
      title: "Ada",
      image: { src: "/a.avif", width: 400 },
      alt: "A portrait",
      bio: "x".repeat(700),
      links: [],
      render: () => "nope",
      roles: ["Founder", "CTO"],
    };
    expect(plainContent(value)).toEqual({ title: "Ada", bio: `${"x".repeat(600)}…`, roles: ["Founder", "CTO"] });
  });

  it("caps long lists", () => {
    expect((plainContent(Array.from({ length: 50 }, (_, i) => i)) as number[]).length).toBe(30);
  });
});

describe("the grounded prompt", () => {
  it("lists the site's pages from the content module, once each", () => {
    const paths = sitePages().map((page) => page.path);
    expect(paths).toEqual(expect.arrayContaining(["/", "/about", "/projects", "/services", "/mentoring", "/apply", "/contact", "/privacy-policy"]));
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("stays within its size budget", () => {
    expect(buildChatInstructions().length).toBeLessThan(30_000);
  });
});

describe("answerFromContent", () => {
  it("links a project named by its slug or title", () => {
    expect(answerFromContent("tell me about crypto-trading-dashboard")).toContain("(/projects/crypto-trading-dashboard)");
    expect(answerFromContent("What is MusicWave Harmony?")).toContain("(/projects/musicwave-harmony)");
  });

  it("prefers the topic with most matching words, plurals included", () => {
    expect(answerFromContent("Do you offer mentoring sessions for students?")).toContain("(/mentoring)");
    expect(answerFromContent("I have a startup idea, can I pitch it for equity?")).toContain("(/apply)");
  });
});
