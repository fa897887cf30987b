import type { ContentType } from "./content-types";
import { legalFromForm, legalInputOfPath, legalToForm } from "./legal-form";
import { inputOfPath, projectFromForm, projectToForm } from "./project-form";
import { layoutKit } from "./form-layout";
import { founderLayout, pageLayouts, partnerLayout, referenceLayout, serviceLayout } from "./layouts";

/**
 * How each kind's plain form maps to its fields (docs/content.md): the editor's page, its actions
 * and its messages use the kit of the item's kind.
 */
export type FormKit = {
  toForm: (fields: never) => Record<string, string>;
  fromForm: (form: Record<string, string>) => unknown;
  inputOfPath: (path: string) => string;
};

/** The kinds whose form is drawn from a layout (form-layout.ts), with the layout of an item's values. */
export const LAYOUT_KITS = {
  services: layoutKit({ service: serviceLayout }),
  pages: layoutKit(pageLayouts, "page"),
  people: layoutKit({ founder: founderLayout }),
  partners: layoutKit({ partner: partnerLayout }),
  references: layoutKit({ reference: referenceLayout }),
};

export function layoutOf(type: ContentType, values: Record<string, string>) {
  return Object.hasOwn(LAYOUT_KITS, type) ? LAYOUT_KITS[type as keyof typeof LAYOUT_KITS].layoutOf(values) : undefined;
}

export const FORM_KITS: Record<ContentType, FormKit> = {
  projects: { toForm: projectToForm, fromForm: projectFromForm, inputOfPath },
  legal: { toForm: legalToForm, fromForm: legalFromForm, inputOfPath: legalInputOfPath },
  ...LAYOUT_KITS,
};

/** The schema's messages by input name, the first for each input. */
export function errorsForForm(kit: FormKit, fields: Record<string, string> | undefined): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields ?? {})) errors[kit.inputOfPath(path)] ??= message;
  return errors;
}

/** The item's fields as its form's values. */
export function formOf(type: ContentType, fields: unknown): Record<string, string> {
  return (FORM_KITS[type].toForm as (fields: unknown) => Record<string, string>)(fields);
}
