import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cookiePolicy, privacyPolicy, termsOfService } from "./legal";
import { projectMetaDescription } from "./project-schema";
import { initialProjects as projects } from "./projects";
import { references } from "./references";
import { initialServices as services } from "./services";
import { initialFounders as founders, initialPartners as partners } from "./studio";

const publicFile = (url: string) => path.join(process.cwd(), "public", url);

describe("content", () => {
  it("has the product's ten project slugs, in order, each with a complete case study", () => {
    expect(projects.map((project) => project.slug)).toEqual([
      "ai-property-assistant",
      "rentals-in-thailand",
      "shno-bergendorff",
      "lawsecai",
      "crypto-trading-dashboard",
      "musicwave-harmony",
      "qr-code-generator",
      "game-creator",
      "marbella-academy",
      "juristfirma-iverstrom",
    ]);
    for (const project of projects) {
      expect(project.tags.length, project.slug).toBeGreaterThan(0);
      expect(project.features.length, project.slug).toBeGreaterThanOrEqual(3);
      expect(project.alt.length, project.slug).toBeGreaterThan(20);
      expect(project.image, project.slug).toBe(`/images/projects/${project.slug}`);
      if (!project.cta.external) expect(project.cta.url, project.slug).toBe("/contact");
      else expect(project.cta.url, project.slug).toMatch(/^https:\/\//);
    }
  });

  it("cuts project meta descriptions to 155 characters at a word, with an ellipsis", () => {
    for (const project of projects) {
      const description = projectMetaDescription(project);
      expect(description.length).toBeLessThanOrEqual(155);
      if (description.endsWith("…")) expect(description.at(-2)).not.toBe(" ");
    }
    const long = { ...projects[0]!, description: "word ".repeat(60).trim(), outcome: "" };
    const cut = projectMetaDescription(long);
    expect(cut.length).toBeLessThanOrEqual(155);
    expect(cut).toMatch(/word…$/);
  });

  it("keeps the legal pages at the product's section counts", () => {
    expect(privacyPolicy.sections).toHaveLength(11);
    expect(termsOfService.sections).toHaveLength(13);
    expect(cookiePolicy.sections).toHaveLength(9);
  });

  it("names the four services as docs/product.md does and links references to existing projects", () => {
    expect(services.map((service) => service.name)).toEqual([
      "AI Marketing Solutions",
      "AI App Development",
      "AI Mentoring 1-to-1",
      "Partnerships & Free Build Program",
    ]);
    for (const reference of Object.values(references)) expect(projects.map((project) => project.slug)).toContain(reference.projectSlug);
    expect(partners.length).toBeGreaterThanOrEqual(4);
  });

  it("puts the same favicon in every page (a data: URL from app/images/) as at /favicon.svg (feeds, structured data)", () => {
    expect(fs.readFileSync(path.join(process.cwd(), "app/images/favicon.svg"), "utf8")).toBe(
      fs.readFileSync(publicFile("/favicon.svg"), "utf8"),
    );
  });

  it("points only at image files that exist (run `npm run images` after adding artwork)", () => {
    const files = [
      ...projects.flatMap((project) => [
        ...[640, 960, 1280].flatMap((width) => [`${project.image}-${width}.avif`, `${project.image}-${width}.webp`]),
        `${project.image}-og.jpg`,
        ...(project.caseStudy?.screens ?? []).flatMap((screen) =>
          [640, 960, 1280].flatMap((width) => [`${screen.image}-${width}.avif`, `${screen.image}-${width}.webp`]),
        ),
      ]),
      ...founders.map((founder) => founder.portrait),
      ...partners.map((partner) => partner.logo),
      "/images/og-default.jpg",
    ];
    expect(files.filter((file) => !fs.existsSync(publicFile(file)))).toEqual([]);
  });

  it("gives every case study its facts, figures, steps, screens with alt text, stack and quote", () => {
    const studies = projects.filter((project) => project.caseStudy);
    expect(studies.length).toBeGreaterThanOrEqual(3);
    for (const { caseStudy: study } of studies) {
      if (!study) continue;
      expect(study.facts.length).toBeGreaterThanOrEqual(2);
      expect(study.problem.length).toBeGreaterThanOrEqual(1);
      expect(study.approach.length).toBeGreaterThanOrEqual(3);
      expect(study.results.length).toBe(3);
      for (const result of study.results) expect(result.value.length).toBeLessThanOrEqual(8);
      expect(study.screens.length).toBeGreaterThanOrEqual(2);
      for (const screen of study.screens) expect(screen.alt.length).toBeGreaterThan(40);
      expect(study.stack.length).toBeGreaterThanOrEqual(3);
      expect(study.quote.text.length).toBeGreaterThan(40);
    }
  });

  it("tells every project as a case study, each with screens of its own", () => {
    expect(projects.filter((project) => !project.caseStudy).map((project) => project.slug)).toEqual([]);
    const screens = projects.flatMap((project) => (project.caseStudy?.screens ?? []).map((screen) => screen.image));
    expect(new Set(screens).size).toBe(screens.length);
    for (const project of projects)
      for (const screen of project.caseStudy?.screens ?? [])
        expect(screen.image, project.slug).toMatch(new RegExp(`^/images/projects/screens/${project.slug}-[a-z]+$`));
  });
});
