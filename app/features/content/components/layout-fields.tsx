import { entryCount, type FormLayout } from "../form-layout";
import { textFieldsFor } from "./text-field";

/** The inputs of a form described by a layout (docs/content.md): one fieldset per group, one per entry of a list. */
export function LayoutFields({
  layout,
  values,
  errors,
}: {
  layout: FormLayout;
  values: Record<string, string>;
  errors: Record<string, string>;
}) {
  const text = textFieldsFor(values, errors);
  const fieldset = (key: string, legend: string, prefix: string, inputs: FormLayout[number]["inputs"]) => (
    <fieldset key={key} className="space-y-4 rounded-[var(--radius-card)] border border-ink-200 bg-white p-4 sm:p-6">
      <legend className="px-1 text-lg font-semibold">{legend}</legend>
      {inputs.map((input) => {
        const name = `${prefix}${input.path}`;
        if (input.as === "hidden") return <input key={name} type="hidden" name={name} value={values[name] ?? ""} />;
        const rows = input.rows ?? (input.as === "text" || input.as === undefined ? undefined : 3);
        return (
          <div key={name}>
            {text(name, prefix ? `${input.label} (${legend.toLowerCase()})` : input.label, {
              rows,
              description: input.description,
              markdown: input.as === "markdown",
            })}
          </div>
        );
      })}
    </fieldset>
  );
  return (
    <div className="space-y-8">
      {layout.map((group) =>
        group.each
          ? Array.from({ length: entryCount(group, values) }, (_, index) =>
              fieldset(`${group.each}.${index}`, `${group.legend} ${index + 1}`, `${group.each}.${index}.`, group.inputs),
            )
          : fieldset(group.legend, group.legend, "", group.inputs),
      )}
    </div>
  );
}
