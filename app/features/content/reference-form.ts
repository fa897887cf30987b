import type { Reference } from "~/content/reference-schema";
import { pairs, paragraphs } from "./form-text";

/**
 * The reference editor's plain form: the page's facts and the client's words, each section's title
 * and text (an empty line starts a new paragraph), and the results as "figure: what it measures",
 * one per line. The address is the reference's own and rides along unseen.
 */
export function referenceToForm(reference: Reference): Record<string, string> {
  const form: Record<string, string> = {
    path: reference.path,
    projectSlug: reference.projectSlug,
    title: reference.title,
    description: reference.description,
    client: reference.client,
    location: reference.location,
    engagement: reference.engagement,
    quoteText: reference.quote.text,
    quoteBy: reference.quote.by,
    quoteRole: reference.quote.role,
    sectionCount: String(reference.sections.length),
    results: reference.results.map((result) => `${result.value}: ${result.label}`).join("\n"),
  };
  reference.sections.forEach((section, index) => {
    form[`section${index + 1}Title`] = section.title;
    form[`section${index + 1}Paragraphs`] = section.paragraphs.join("\n\n");
  });
  return form;
}

export function referenceFromForm(form: Record<string, string>): unknown {
  const count = Math.min(Number(form.sectionCount) || 0, 8);
  return {
    path: form.path ?? "",
    projectSlug: form.projectSlug?.trim() ?? "",
    title: form.title ?? "",
    description: form.description ?? "",
    client: form.client ?? "",
    location: form.location ?? "",
    engagement: form.engagement ?? "",
    quote: { text: form.quoteText ?? "", by: form.quoteBy ?? "", role: form.quoteRole ?? "" },
    sections: Array.from({ length: count }, (_, index) => ({
      title: form[`section${index + 1}Title`] ?? "",
      paragraphs: paragraphs(form[`section${index + 1}Paragraphs`]),
    })),
    results: pairs(form.results, "value", "label"),
  };
}

export function referenceInputOfPath(path: string): string {
  const [first, index, part] = path.split(".");
  if (first === "quote") return `quote${(index ?? "text").charAt(0).toUpperCase()}${(index ?? "text").slice(1)}`;
  if (first === "sections")
    return index === undefined ? "section1Title" : `section${Number(index) + 1}${part === "paragraphs" ? "Paragraphs" : "Title"}`;
  return first ?? "title";
}
