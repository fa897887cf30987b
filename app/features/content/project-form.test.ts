import { describe, expect, it } from "vitest";
import { projectSchema } from "~/content/project-schema";
import { initialProjects } from "~/content/projects";
import { errorsForForm, FORM_KITS } from "./form-kits";
import { inputOfPath, projectFromForm, projectToForm } from "./project-form";

describe("the project editor's form", () => {
  it("gives back every project of the first content exactly, through its inputs", () => {
    for (const project of initialProjects)
      expect(projectSchema.parse(projectFromForm(projectToForm(project))), project.slug).toEqual(project);
  });

  it("reads paragraphs at empty lines, lists by line, pairs at the first colon, and an empty case study as none", () => {
    const form = projectToForm(initialProjects[0]!);
    const read = projectFromForm({
      ...form,
      summary: "First line\ncontinues.\n\n\nSecond paragraph.",
      features: " a \n\nb\nc ",
      facts: "Timeline: 11 weeks: fixed\nTeam: 3",
    }) as { summary: string[]; features: string[]; caseStudy: { facts: unknown } };
    // The summary is Markdown: a paragraph keeps its lines (a list needs them).
    expect(read.summary).toEqual(["First line\ncontinues.", "Second paragraph."]);
    expect(read.features).toEqual(["a", "b", "c"]);
    expect(read.caseStudy.facts).toEqual([
      { label: "Timeline", value: "11 weeks: fixed" },
      { label: "Team", value: "3" },
    ]);
    const short = Object.fromEntries(
      Object.entries(form).map(([name, value]) => [name, /^(facts|problem|approach|stack|quote|result|screen)/.test(name) ? "" : value]),
    );
    expect(projectFromForm(short)).not.toHaveProperty("caseStudy");
  });

  it("puts each of the schema's messages beside its input", () => {
    expect(inputOfPath("caseStudy.results.1.label")).toBe("result2Label");
    expect(inputOfPath("caseStudy.results")).toBe("result1Value");
    expect(inputOfPath("caseStudy.screens.0.alt")).toBe("screen1Alt");
    expect(inputOfPath("caseStudy.quote.by")).toBe("quoteBy");
    expect(inputOfPath("cta.url")).toBe("ctaUrl");
    expect(inputOfPath("tags.2")).toBe("tags");
    expect(
      errorsForForm(FORM_KITS.projects, { "features.0": "A key feature is required.", features: "Key features: at least 3." }),
    ).toEqual({
      features: "A key feature is required.",
    });
  });
});
