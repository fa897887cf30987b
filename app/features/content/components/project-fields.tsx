import type { ReactNode } from "react";
import { textFieldsFor } from "./text-field";
import { Field } from "~/components/ui/field";
import { RESULT_SLOTS, SCREEN_SLOTS, type ProjectForm } from "../project-form";

type Choice = { value: string; label: string };
type Props = { values: ProjectForm; errors: Record<string, string>; images: { cover: Choice[]; screens: Choice[] } };

const selectClass = "ui-control ui-input";

/** The project editor's inputs, grouped as the project page shows them (docs/content.md, "Projects"). */
export function ProjectFields({ values, errors, images }: Props) {
  const text = textFieldsFor(values, errors);
  const imageSelect = (name: string, label: string, choices: Choice[]) => (
    <Field id={`field-${name}`} name={name} label={label} error={errors[name]}>
      {(control) => (
        <select {...control} defaultValue={values[name]} className={selectClass}>
          <option value="">None</option>
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
  return (
    <div className="space-y-8">
      <Group legend="The project">
        {text("title", "Title")}
        {text("slug", "Slug", {
          description: "The page's address: /projects/<slug>. Changing it on a published project keeps the old address as a redirect.",
        })}
        <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
          {text("client", "Client", { description: "Who it was built for, in a few words." })}
          {text("year", "Year", { type: "number" })}
        </div>
        {text("tags", "Tags", { description: "Separated by commas." })}
      </Group>
      <Group legend="Card and picture">
        {text("description", "Description", { rows: 3, description: "One or two sentences for the project's card." })}
        {imageSelect("image", "Image", images.cover)}
        <p className="text-sm text-ink-600">
          A new picture? Upload it under{" "}
          <a href="/admin/content/media" className="text-aurora-700 underline underline-offset-2">
            Images
          </a>
          , then choose it here.
        </p>
        {text("alt", "Alt text", { rows: 2, description: "What the picture shows, for people who cannot see it." })}
        {text("outcome", "Outcome", { rows: 2, description: "The measurable result, one sentence." })}
      </Group>
      <Group legend="Summary and features">
        {text("summary", "Summary", {
          rows: 8,
          description: "What the problem was and what we built, in Markdown: an empty line starts a new paragraph.",
          markdown: true,
        })}
        {text("features", "Key features", { rows: 5, description: "One per line, at least three." })}
      </Group>
      <Group legend="Call to action">
        <div className="grid gap-4 sm:grid-cols-2">
          {text("ctaLabel", "Label")}
          {text("ctaUrl", "Address", { description: "/contact, or an https:// address with “opens elsewhere” ticked." })}
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="ctaExternal" defaultChecked={values.ctaExternal === "on"} className="size-4" />
          Opens elsewhere (a new tab)
        </label>
        <div className="grid gap-4 sm:grid-cols-2">
          {text("referenceLabel", "Reference link label", { description: "Optional: a written client reference on this site." })}
          {text("referenceTo", "Reference address", { description: "Like /references/shnobergendorff." })}
        </div>
      </Group>
      <Group legend="Case study" description="Leave all of it empty for the short form of the page.">
        {text("facts", "Facts", { rows: 3, description: "One per line as “Label: value”, like “Timeline: 11 weeks”. Two to four." })}
        {text("problem", "The problem", { rows: 5, description: "In Markdown: an empty line starts a new paragraph.", markdown: true })}
        {text("approach", "Our approach", { rows: 5, description: "One step per line as “Title: what we did”. Three to six." })}
        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold">Results: three figures</legend>
          {Array.from({ length: RESULT_SLOTS }, (_, index) => (
            <div key={index} className="grid gap-3 sm:grid-cols-[8rem_1fr]">
              {text(`result${index + 1}Value`, `Figure ${index + 1}`, { description: "At most 8 characters." })}
              {text(`result${index + 1}Label`, `What figure ${index + 1} measures`)}
            </div>
          ))}
        </fieldset>
        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold">Screens: two to four</legend>
          {Array.from({ length: SCREEN_SLOTS }, (_, index) => (
            <div key={index} className="grid gap-3 rounded-lg border border-ink-100 p-3 sm:grid-cols-2">
              {imageSelect(`screen${index + 1}Image`, `Screen ${index + 1}`, images.screens)}
              {text(`screen${index + 1}Caption`, `Caption of screen ${index + 1}`)}
              <div className="sm:col-span-2">{text(`screen${index + 1}Alt`, `Alt text of screen ${index + 1}`, { rows: 2 })}</div>
            </div>
          ))}
        </fieldset>
        {text("stack", "The stack", { rows: 4, description: "One per line." })}
        {text("quoteText", "The client's words", { rows: 3 })}
        <div className="grid gap-4 sm:grid-cols-2">
          {text("quoteBy", "Who said it")}
          {text("quoteRole", "Their role")}
        </div>
      </Group>
    </div>
  );
}

function Group({ legend, description, children }: { legend: string; description?: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4 rounded-[var(--radius-card)] border border-ink-200 bg-white p-4 sm:p-6">
      <legend className="px-1 text-lg font-semibold">{legend}</legend>
      {description ? <p className="text-sm text-ink-600">{description}</p> : null}
      {children}
    </fieldset>
  );
}
