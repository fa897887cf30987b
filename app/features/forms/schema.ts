import { z } from "zod";
import { FIELD_LIMITS, formSources, messages, type FormSource } from "./definitions";

export * from "./definitions";

/**
 * The apply, mentoring and contact forms: one zod schema each, used by the
 * browser check (Conform, loaded when a visitor starts filling in a form), the
 * route actions and POST /api/send-contact-email. Texts are in definitions.ts.
 */

/** A trimmed, required, capped text field. A non-string value gets a clear message too. */
export function text(label: string, requiredMessage: string, max: number) {
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? requiredMessage : `${label} must be text`) })
    .trim()
    .min(1, { error: requiredMessage })
    .max(max, { error: `${label} must be ${max.toLocaleString("en-US")} characters or fewer` });
}

/** The fields every form shares (the mentoring booking uses them too). */
export const name = text("Name", messages.nameRequired, FIELD_LIMITS.name);

export const email = z
  .string({ error: messages.emailInvalid })
  .trim()
  .min(1, { error: messages.emailInvalid })
  .max(FIELD_LIMITS.email, { error: messages.emailTooLong })
  .pipe(z.email({ error: messages.emailInvalid }));

export const disclaimerAccepted = z
  .boolean({ error: messages.disclaimerRequired })
  .refine((value) => value, { error: messages.disclaimerRequired });

export const applySchema = z.object({
  name,
  email,
  idea: text("Your idea", messages.ideaRequired, FIELD_LIMITS.longText),
  why: text("Your reason", messages.whyRequired, FIELD_LIMITS.longText),
  disclaimerAccepted,
});

export const mentoringSchema = z.object({
  name,
  email,
  message: text("Learning goals", messages.learningGoalsRequired, FIELD_LIMITS.longText),
  disclaimerAccepted,
});

export const contactSchema = z.object({
  name,
  email,
  message: text("Message", messages.messageRequired, FIELD_LIMITS.longText),
  disclaimerAccepted,
});

export type ApplyValues = z.output<typeof applySchema>;
export type MentoringValues = z.output<typeof mentoringSchema>;
export type ContactValues = z.output<typeof contactSchema>;
export type FormValues = ApplyValues | MentoringValues | ContactValues;

/** The schema of each form. */
export const formSchemas = { apply: applySchema, mentoring: mentoringSchema, contact: contactSchema } as const satisfies Record<
  FormSource,
  z.ZodType
>;

export type ParsedContactRequest = { success: true; source: FormSource; values: FormValues } | { success: false; error: string };

/**
 * The JSON body of POST /api/send-contact-email: `source` plus that form's
 * fields. Returns the first validation message on failure.
 */
export function parseContactRequest(body: unknown): ParsedContactRequest {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return { success: false, error: messages.bodyNotObject };
  const source = (body as { source?: unknown }).source;
  if (typeof source !== "string" || !(formSources as readonly string[]).includes(source)) {
    return { success: false, error: messages.sourceInvalid };
  }
  const result = formSchemas[source as FormSource].safeParse(body);
  if (!result.success) return { success: false, error: result.error.issues[0]?.message ?? "Invalid input" };
  return { success: true, source: source as FormSource, values: result.data };
}
