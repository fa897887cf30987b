import type { ContentType } from "./content-types";
import { legalFromForm, legalInputOfPath, legalToForm } from "./legal-form";
import { inputOfPath, projectFromForm, projectToForm } from "./project-form";
import { referenceFromForm, referenceInputOfPath, referenceToForm } from "./reference-form";

/**
 * How each kind's plain form maps to its fields (docs/content.md): the editor's page, its actions
 * and its messages use the kit of the item's kind.
 */
export type FormKit = {
  toForm: (fields: never) => Record<string, string>;
  fromForm: (form: Record<string, string>) => unknown;
  inputOfPath: (path: string) => string;
};

export const FORM_KITS: Record<ContentType, FormKit> = {
  projects: { toForm: projectToForm, fromForm: projectFromForm, inputOfPath },
  legal: { toForm: legalToForm, fromForm: legalFromForm, inputOfPath: legalInputOfPath },
  references: { toForm: referenceToForm, fromForm: referenceFromForm, inputOfPath: referenceInputOfPath },
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
