import type { ReactNode } from "react";
import { textFieldsFor } from "./text-field";

/** The reference editor's inputs (docs/content.md, "References"). */
export function ReferenceFields({ values, errors }: { values: Record<string, string>; errors: Record<string, string> }) {
  const text = textFieldsFor(values, errors);
  const group = (legend: string, children: ReactNode) => (
    <fieldset className="space-y-4 rounded-[var(--radius-card)] border border-ink-200 bg-white p-4 sm:p-6">
      <legend className="px-1 text-lg font-semibold">{legend}</legend>
      {children}
    </fieldset>
  );
  const count = Number(values.sectionCount) || 0;
  return (
    <div className="space-y-8">
      <input type="hidden" name="path" value={values.path} />
      <input type="hidden" name="sectionCount" value={values.sectionCount} />
      {group(
        "The reference",
        <>
          {text("title", "Title")}
          {text("description", "Description", { rows: 2, description: "For search results and link previews." })}
          {text("projectSlug", "Project", { description: "The slug of the project it is about; its card is shown beside the reference." })}
          <div className="grid gap-4 sm:grid-cols-2">
            {text("client", "Client")}
            {text("location", "Location")}
          </div>
          {text("engagement", "Engagement", { description: "What we did, how long, which year." })}
        </>,
      )}
      {group(
        "The client's words",
        <>
          {text("quoteText", "The quote", { rows: 4 })}
          <div className="grid gap-4 sm:grid-cols-2">
            {text("quoteBy", "Who said it")}
            {text("quoteRole", "Their role")}
          </div>
        </>,
      )}
      {Array.from({ length: count }, (_, index) => (
        <div key={index}>
          {group(
            `Section ${index + 1}`,
            <>
              {text(`section${index + 1}Title`, `Title of section ${index + 1}`)}
              {text(`section${index + 1}Paragraphs`, `Text of section ${index + 1}`, {
                rows: 6,
                description: "An empty line starts a new paragraph.",
              })}
            </>,
          )}
        </div>
      ))}
      {group(
        "Results",
        text("results", "Results", {
          rows: 4,
          description: "One per line as “figure: what it measures”, like “+31%: average order value”.",
        }),
      )}
    </div>
  );
}
