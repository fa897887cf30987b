import type { Project } from "~/content/project-schema";
import { blocks, lines, pairs } from "./form-text";

/**
 * The project editor's plain form (it works without JavaScript): each field of a project as one
 * input. Lists are one item per line, paragraphs are separated by an empty line, a fact or an
 * approach step is "Label: text" on its line; results and screens have a slot each. `fromForm`
 * builds what the project schema checks; `inputOfPath` says beside which input each of the
 * schema's messages goes.
 */
export type ProjectForm = Record<string, string>;

export const RESULT_SLOTS = 3;
export const SCREEN_SLOTS = 4;

export function projectToForm(project: Partial<Project>): ProjectForm {
  const study = project.caseStudy;
  const form: ProjectForm = {
    slug: project.slug ?? "",
    title: project.title ?? "",
    client: project.client ?? "",
    year: project.year === undefined ? "" : String(project.year),
    tags: (project.tags ?? []).join(", "),
    description: project.description ?? "",
    image: project.image ?? "",
    alt: project.alt ?? "",
    outcome: project.outcome ?? "",
    summary: (project.summary ?? []).join("\n\n"),
    features: (project.features ?? []).join("\n"),
    ctaLabel: project.cta?.label ?? "Build something similar",
    ctaUrl: project.cta?.url ?? "/contact",
    ctaExternal: project.cta?.external ? "on" : "",
    referenceLabel: project.reference?.label ?? "",
    referenceTo: project.reference?.to ?? "",
    facts: (study?.facts ?? []).map((fact) => `${fact.label}: ${fact.value}`).join("\n"),
    problem: (study?.problem ?? []).join("\n\n"),
    approach: (study?.approach ?? []).map((step) => `${step.title}: ${step.text}`).join("\n"),
    stack: (study?.stack ?? []).join("\n"),
    quoteText: study?.quote.text ?? "",
    quoteBy: study?.quote.by ?? "",
    quoteRole: study?.quote.role ?? "",
  };
  for (let slot = 0; slot < RESULT_SLOTS; slot++) {
    form[`result${slot + 1}Value`] = study?.results[slot]?.value ?? "";
    form[`result${slot + 1}Label`] = study?.results[slot]?.label ?? "";
  }
  for (let slot = 0; slot < SCREEN_SLOTS; slot++) {
    form[`screen${slot + 1}Image`] = study?.screens[slot]?.image ?? "";
    form[`screen${slot + 1}Alt`] = study?.screens[slot]?.alt ?? "";
    form[`screen${slot + 1}Caption`] = study?.screens[slot]?.caption ?? "";
  }
  return form;
}

const CASE_STUDY_INPUTS = ["facts", "problem", "approach", "stack", "quoteText", "quoteBy", "quoteRole"];

/** The project the form describes, for the schema to check (an empty case study is none). */
export function projectFromForm(form: ProjectForm): unknown {
  const year = form.year?.trim() ?? "";
  const slotted = (count: number, name: (slot: number) => string) =>
    Array.from({ length: count }, (_, slot) => slot + 1).filter((slot) => (form[name(slot)] ?? "").trim() !== "");
  const hasStudy =
    CASE_STUDY_INPUTS.some((input) => (form[input] ?? "").trim() !== "") ||
    slotted(RESULT_SLOTS, (slot) => `result${slot}Value`).length > 0 ||
    slotted(SCREEN_SLOTS, (slot) => `screen${slot}Image`).length > 0;
  const referenceLabel = form.referenceLabel?.trim() ?? "";
  const referenceTo = form.referenceTo?.trim() ?? "";
  return {
    slug: form.slug?.trim() ?? "",
    title: form.title ?? "",
    client: form.client ?? "",
    year: /^\d{1,6}$/.test(year) ? Number(year) : undefined,
    tags: (form.tags ?? "")
      .split(",")
      .map((tag) => tag.trim())
      .filter(Boolean),
    description: form.description ?? "",
    image: form.image ?? "",
    alt: form.alt ?? "",
    outcome: form.outcome ?? "",
    summary: blocks(form.summary),
    features: lines(form.features),
    cta: { label: form.ctaLabel ?? "", url: form.ctaUrl?.trim() ?? "", external: form.ctaExternal === "on" },
    ...(referenceLabel || referenceTo ? { reference: { label: referenceLabel, to: referenceTo } } : {}),
    ...(hasStudy
      ? {
          caseStudy: {
            facts: pairs(form.facts, "label", "value"),
            problem: blocks(form.problem),
            approach: pairs(form.approach, "title", "text"),
            screens: slotted(SCREEN_SLOTS, (slot) => `screen${slot}Image`).map((slot) => ({
              image: form[`screen${slot}Image`] ?? "",
              alt: form[`screen${slot}Alt`] ?? "",
              caption: form[`screen${slot}Caption`] ?? "",
            })),
            results: slotted(RESULT_SLOTS, (slot) => `result${slot}Value`).map((slot) => ({
              value: form[`result${slot}Value`] ?? "",
              label: form[`result${slot}Label`] ?? "",
            })),
            stack: lines(form.stack),
            quote: { text: form.quoteText ?? "", by: form.quoteBy ?? "", role: form.quoteRole ?? "" },
          },
        }
      : {}),
  };
}

/** The input a schema path (`caseStudy.results.1.label`) is shown under. */
export function inputOfPath(path: string): string {
  const parts = path.split(".");
  const [first, second, third, fourth] = parts;
  if (first === "cta") return second === "label" ? "ctaLabel" : "ctaUrl";
  if (first === "reference") return second === "label" ? "referenceLabel" : "referenceTo";
  if (first !== "caseStudy") return first ?? "slug";
  if (second === "quote") return `quote${(third ?? "text").charAt(0).toUpperCase()}${(third ?? "text").slice(1)}`;
  if (second === "results")
    return third === undefined ? "result1Value" : `result${Number(third) + 1}${fourth === "label" ? "Label" : "Value"}`;
  if (second === "screens") {
    if (third === undefined) return "screen1Image";
    const field = fourth === "alt" ? "Alt" : fourth === "caption" ? "Caption" : "Image";
    return `screen${Number(third) + 1}${field}`;
  }
  return second ?? "facts";
}
