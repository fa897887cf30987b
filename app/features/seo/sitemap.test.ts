import { describe, expect, it } from "vitest";
import { initialProjects as projects } from "~/content/projects";
import { fixedPages, publicPaths } from "~/content/public-pages";
import { renderRobots, renderSitemap } from "./sitemap";

describe("sitemap", () => {
  it("lists every public page and each of the ten projects with absolute URLs", () => {
    const xml = renderSitemap(
      "https://nordlys.example",
      projects.map((project) => project.slug),
    );
    expect(xml).toContain("<loc>https://nordlys.example/</loc>");
    expect(xml).toContain("<loc>https://nordlys.example/references/rentals-in-thailand</loc>");
    for (const project of projects) expect(xml).toContain(`<loc>https://nordlys.example/projects/${project.slug}</loc>`);
    expect(xml.match(/<url>/g)).toHaveLength(publicPaths.length);
    expect(publicPaths).toHaveLength(24);
    expect(fixedPages).toHaveLength(14);
  });

  it("lists the projects it is given, after the fixed pages", () => {
    const xml = renderSitemap("https://nordlys.example", ["a-new-case"]);
    expect(xml.match(/<url>/g)).toHaveLength(fixedPages.length + 1);
    expect(xml).toContain("<loc>https://nordlys.example/projects/a-new-case</loc>");
    expect(xml).not.toContain("/projects/lawsecai");
  });

  it("leaves out admin and unsubscribe pages", () => {
    expect(publicPaths.some((path) => path.startsWith("/admin") || path === "/unsubscribe")).toBe(false);
  });

  it("robots.txt disallows /admin and points to the sitemap", () => {
    const robots = renderRobots("https://nordlys.example");
    expect(robots).toMatch(/^Disallow: \/admin$/m);
    expect(robots).toMatch(/^Sitemap: https:\/\/nordlys\.example\/sitemap\.xml$/m);
  });
});
