import type { LegalDocument } from "~/content/legal-schema";
import { lines, paragraphs } from "./form-text";

/**
 * The legal page editor's plain form: title, description and introduction, then each section's
 * title, paragraphs (an empty line starts a new one) and list (one item per line). The number of
 * sections is the page's own; "Last updated" rides along unseen and is set by publishing.
 */
export type LegalForm = Record<string, string>;

export function legalToForm(document: LegalDocument): LegalForm {
  const form: LegalForm = {
    slug: document.slug,
    title: document.title,
    description: document.description,
    intro: document.intro,
    sectionCount: String(document.sections.length),
    lastChangedDate: document.lastChanged.date,
    lastChangedSha: document.lastChanged.textSha256,
  };
  document.sections.forEach((section, index) => {
    form[`section${index + 1}Title`] = section.title;
    form[`section${index + 1}Paragraphs`] = section.paragraphs.join("\n\n");
    form[`section${index + 1}Items`] = (section.items ?? []).join("\n");
  });
  return form;
}

export function legalFromForm(form: LegalForm): unknown {
  const count = Math.min(Number(form.sectionCount) || 0, 50);
  return {
    slug: form.slug ?? "",
    title: form.title ?? "",
    description: form.description ?? "",
    intro: form.intro ?? "",
    sections: Array.from({ length: count }, (_, index) => {
      const items = lines(form[`section${index + 1}Items`]);
      return {
        title: form[`section${index + 1}Title`] ?? "",
        paragraphs: paragraphs(form[`section${index + 1}Paragraphs`]),
        ...(items.length > 0 ? { items } : {}),
      };
    }),
    lastChanged: { date: form.lastChangedDate ?? "", textSha256: form.lastChangedSha ?? "" },
  };
}

/** The input a schema path (`sections.3.paragraphs.0`) is shown under. */
export function legalInputOfPath(path: string): string {
  const [first, index, part] = path.split(".");
  if (first !== "sections") return first ?? "title";
  if (index === undefined) return "section1Title";
  const field = part === "paragraphs" ? "Paragraphs" : part === "items" ? "Items" : "Title";
  return `section${Number(index) + 1}${field}`;
}
