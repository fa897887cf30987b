/**
 * What changed between two versions of an item, field by field, in words a person reads (the
 * history page): each field as text (a list one item per line, a pair as "a: b"), only the fields
 * that differ, in the order of the form. Of a field of several lines only the lines that went and
 * came are shown (all of them when only their order changed).
 */
export type FieldChange = { field: string; before: string; after: string };

const LABELS: Record<string, string> = {
  title: "Title",
  slug: "Slug",
  client: "Client",
  year: "Year",
  tags: "Tags",
  description: "Description",
  image: "Image",
  alt: "Alt text",
  outcome: "Outcome",
  summary: "Summary",
  features: "Key features",
  cta: "Call to action",
  reference: "Reference",
  "caseStudy.facts": "Facts",
  "caseStudy.problem": "The problem",
  "caseStudy.approach": "Our approach",
  "caseStudy.results": "Results",
  "caseStudy.screens": "Screens",
  "caseStudy.stack": "The stack",
  "caseStudy.quote": "The client's words",
  intro: "Introduction",
  lastChanged: "Last updated",
};

function asText(value: unknown): string {
  if (value === undefined || value === null) return "";
  if (Array.isArray(value)) return value.map(asText).join("\n");
  if (typeof value === "object") return Object.values(value).map(asText).filter(Boolean).join(": ");
  return String(value);
}

const asLines = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

function fieldsOf(item: unknown): Map<string, string> {
  const fields = new Map<string, string>();
  if (!item || typeof item !== "object") return fields;
  for (const [name, value] of Object.entries(item)) {
    if (name === "caseStudy" && value && typeof value === "object") {
      for (const [part, inner] of Object.entries(value)) fields.set(`caseStudy.${part}`, asText(inner));
    } else if (name === "sections" && Array.isArray(value)) {
      // A legal page's sections, each on its own: its title, paragraphs and list, a line each.
      value.forEach((section: Record<string, unknown>, index) => {
        fields.set(
          `Section ${index + 1}`,
          [section.title, ...asLines(section.paragraphs), ...asLines(section.items)].map(asText).join("\n"),
        );
      });
    } else if (name === "lastChanged" && value && typeof value === "object") {
      fields.set(name, asText((value as { date?: unknown }).date));
    } else fields.set(name, asText(value));
  }
  return fields;
}

/** The lines of `before` that `after` lacks, and the other way round. */
function changedLines(before: string, after: string): { before: string; after: string } {
  const was = before.split("\n");
  const is = after.split("\n");
  if (was.length < 2 && is.length < 2) return { before, after };
  const gone = was.filter((line) => !is.includes(line));
  const came = is.filter((line) => !was.includes(line));
  return gone.length + came.length === 0 ? { before, after } : { before: gone.join("\n"), after: came.join("\n") };
}

export function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  const old = fieldsOf(before);
  const now = fieldsOf(after);
  const names = [...new Set([...Object.keys(LABELS), ...old.keys(), ...now.keys()])];
  return names
    .filter((name) => (old.get(name) ?? "") !== (now.get(name) ?? ""))
    .map((name) => ({ field: LABELS[name] ?? name, ...changedLines(old.get(name) ?? "", now.get(name) ?? "") }));
}
