import { describe, expect, it } from "vitest";
import { publishedNow } from "~/features/content/live.server";
import { buildChatInstructions, plainContent, sitePages } from "./chat-knowledge.server";

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
    expect(paths).toEqual(
      expect.arrayContaining(["/", "/about", "/projects", "/services", "/mentoring", "/apply", "/contact", "/privacy-policy"]),
    );
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("carries the services, founders, mentoring and programme facts", () => {
    const prompt = buildChatInstructions(publishedNow());
    for (const fact of ["AI App Development", "Ingrid Solheim", "scholarship", "Free build", "priced per milestone", "Skarv Freight"])
      expect(prompt).toContain(fact);
    // The published contact details, and not the home page's own wording (its hero and cards).
    expect(prompt).toContain("hello@nordlys.studio");
    expect(prompt).not.toContain("Start Your Project — Get a Proposal");
  });

  it("stays within its size budget", () => {
    expect(buildChatInstructions(publishedNow()).length).toBeLessThan(30_000);
  });
});
