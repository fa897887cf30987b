import { describe, expect, it } from "vitest";
import { publicPaths } from "~/content/public-pages.ts";
import { canonicalPagePath } from "./canonical-path.ts";

const STORY = "/ai-news/0f3a9c1e-7b2d-4e8f-a1b2-c3d4e5f6a7b8";

describe("canonicalPagePath", () => {
  it("leaves every canonical public address as it is", () => {
    for (const path of [...publicPaths, STORY]) expect(canonicalPagePath(path), path).toBe(path);
  });

  it("names the canonical address of any other spelling: case, trailing and doubled slashes, percent-escapes", () => {
    const spellings = {
      [STORY]: [
        STORY.toUpperCase(),
        "/AI-News/0F3A9C1E-7b2d-4E8F-A1B2-c3d4e5f6a7b8/",
        `/${STORY}`,
        "/ai-news//0f3a9c1e-7b2d-4e8f-a1b2-c3d4e5f6a7b8",
        "/%61i-news/0F3A9C1E-7B2D-4E8F-A1B2-C3D4E5F6A7B8",
      ],
      "/about": ["/About/", "//about", "/%61bout"],
      "/projects/lawsecai": ["/Projects/LawSecAI"],
      "/contact": ["/CONTACT"],
      "/": ["//", "///"],
    };
    for (const [canonical, others] of Object.entries(spellings)) {
      for (const path of others) expect(canonicalPagePath(path), path).toBe(canonical);
    }
  });

  it("names none for what is no public page, so it goes on to the routes as it came", () => {
    for (const path of [
      "/no/such/page",
      "/projects/not_a_slug",
      "/projects/a/b",
      "/ai-news/not-an-id",
      "/ai-news/rss.xml",
      "/ai-news/0f3a9c1e-7b2d-4e8f-a1b2-c3d4e5f6a7b8.data",
      "/about.data",
      "/admin/Leads",
      "/api/fetch-ai-news",
      "/assets/app.js",
      "/%E0%A4%A",
      `/${"a".repeat(400)}`,
    ]) {
      expect(canonicalPagePath(path), path).toBeNull();
    }
  });
});
