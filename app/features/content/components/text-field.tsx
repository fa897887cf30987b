import type { ReactNode } from "react";
import { Field } from "~/components/ui/field";
import { Input, Textarea } from "~/components/ui/input";
import { MarkdownPreview } from "./markdown-preview";

export type TextFieldOptions = {
  description?: ReactNode;
  rows?: number;
  type?: string;
  /** Long text in Markdown: the rendered text is shown beside the textarea (with JavaScript). */
  markdown?: boolean;
};

/**
 * The editor's labelled text input (or textarea with `rows`) for one form value, with its message
 * from the last refused save: `const text = textFieldsFor(values, errors); text("title", "Title")`.
 */
export function textFieldsFor(values: Record<string, string>, errors: Record<string, string>) {
  return function text(name: string, label: string, options: TextFieldOptions = {}) {
    const field = (
      <Field id={`field-${name}`} name={name} label={label} description={options.description} error={errors[name]}>
        {(control) =>
          options.rows ? (
            <Textarea {...control} defaultValue={values[name]} rows={options.rows} />
          ) : (
            <Input {...control} defaultValue={values[name]} type={options.type ?? "text"} />
          )
        }
      </Field>
    );
    if (!options.markdown) return field;
    return (
      <div className="grid gap-4 xl:grid-cols-2">
        {field}
        <MarkdownPreview fieldId={`field-${name}`} label={label} />
      </div>
    );
  };
}

/** Above a refused form: nothing was saved, and how many fields need a change. */
export function RefusedNotice({ errors }: { errors: Record<string, string> }) {
  const count = Object.keys(errors).length;
  if (count === 0) return null;
  return (
    <div role="alert" className="mb-6 rounded-lg border border-danger-700/40 bg-danger-100 p-4 text-danger-700">
      <p className="font-semibold">Nothing was saved: {count === 1 ? "one field needs" : `${count} fields need`} a change.</p>
      {errors.form ? <p>{errors.form}</p> : null}
    </div>
  );
}
