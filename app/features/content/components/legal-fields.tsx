import { textFieldsFor } from "./text-field";
import type { LegalForm } from "../legal-form";

/** The legal page editor's inputs: the page's header, then its sections in order (docs/content.md, "Legal pages"). */
export function LegalFields({ values, errors }: { values: LegalForm; errors: Record<string, string> }) {
  const text = textFieldsFor(values, errors);
  const count = Number(values.sectionCount) || 0;
  return (
    <div className="space-y-8">
      {["slug", "sectionCount", "lastChangedDate", "lastChangedSha"].map((name) => (
        <input key={name} type="hidden" name={name} value={values[name]} />
      ))}
      <fieldset className="space-y-4 rounded-[var(--radius-card)] border border-ink-200 bg-white p-4 sm:p-6">
        <legend className="px-1 text-lg font-semibold">The page</legend>
        {text("title", "Title")}
        {text("description", "Description", { rows: 2, description: "For search results and link previews." })}
        {text("intro", "Introduction", { rows: 3 })}
        {errors.form ? <p className="text-sm font-medium text-danger-700">{errors.form}</p> : null}
      </fieldset>
      {Array.from({ length: count }, (_, index) => (
        <fieldset key={index} className="space-y-4 rounded-[var(--radius-card)] border border-ink-200 bg-white p-4 sm:p-6">
          <legend className="px-1 text-lg font-semibold">Section {index + 1}</legend>
          {text(`section${index + 1}Title`, `Title of section ${index + 1}`)}
          {text(`section${index + 1}Paragraphs`, `Text of section ${index + 1}`, {
            rows: 6,
            description: "An empty line starts a new paragraph. E-mail addresses become links.",
          })}
          {text(`section${index + 1}Items`, `List of section ${index + 1}`, {
            rows: 3,
            description: "Optional: one item per line, shown as a list.",
          })}
        </fieldset>
      ))}
    </div>
  );
}
