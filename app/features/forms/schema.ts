import { z } from "zod";

/**
 * The apply, mentoring and contact forms: one zod schema each, used by the
 * browser check (Conform), the route actions and POST /api/send-contact-email.
 * SPEC section 5 (validation) and section 8 (toasts) messages live here, once.
 */

export const formSources = ["apply", "mentoring", "contact"] as const;
export type FormSource = (typeof formSources)[number];

export const FIELD_LIMITS = { name: 100, email: 255, longText: 5000 } as const;

/** Bot traps shared by every form (see bot-check.server.ts). */
export const HONEYPOT_FIELD = "website";
export const STARTED_AT_FIELD = "formStartedAt";

export const messages = {
  nameRequired: "Name is required",
  nameTooLong: `Name must be ${FIELD_LIMITS.name} characters or fewer`,
  // Long texts: "<Label> must be 5,000 characters or fewer".
  emailInvalid: "Valid email required",
  emailTooLong: `Email must be ${FIELD_LIMITS.email} characters or fewer`,
  ideaRequired: "Please describe your idea",
  whyRequired: "Please explain why we should build this",
  learningGoalsRequired: "Please describe your learning goals",
  messageRequired: "Message is required",
  disclaimerRequired: "Please acknowledge the terms to proceed",
  sourceInvalid: "Source must be one of apply, mentoring or contact",
  bodyNotObject: "The request body must be a JSON object.",
} as const;

/** A trimmed, required, capped text field. A non-string value gets a clear message too. */
function text(label: string, requiredMessage: string, max: number) {
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? requiredMessage : `${label} must be text`) })
    .trim()
    .min(1, { error: requiredMessage })
    .max(max, { error: `${label} must be ${max.toLocaleString("en-US")} characters or fewer` });
}

const name = text("Name", messages.nameRequired, FIELD_LIMITS.name);

const email = z
  .string({ error: messages.emailInvalid })
  .trim()
  .min(1, { error: messages.emailInvalid })
  .max(FIELD_LIMITS.email, { error: messages.emailTooLong })
  .pipe(z.email({ error: messages.emailInvalid }));

const disclaimerAccepted = z
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

/** A long-text field of a form, in the order the form shows it. */
export type LongField = { name: string; label: string; placeholder: string };

/** What differs between the three forms. */
export const formDefinitions = {
  apply: {
    schema: applySchema,
    title: "Application",
    longFields: [
      { name: "idea", label: "Your idea", placeholder: "What do you want to build, and for whom?" },
      { name: "why", label: "Why should we build this?", placeholder: "The problem, who has it, and why now." },
    ],
    disclaimer: "full",
    submitLabel: "Submit Application",
    submittingLabel: "Submitting...",
    success: "Application received! We'll review and get back to you.",
    failure: "Failed to send application",
  },
  mentoring: {
    schema: mentoringSchema,
    title: "Mentoring request",
    longFields: [
      {
        name: "message",
        label: "Your learning goals",
        placeholder: "What do you want to learn or build? Where are you today?",
      },
    ],
    disclaimer: "light",
    submitLabel: "Request Mentoring",
    submittingLabel: "Sending...",
    success: "Mentoring request sent! We'll contact you to schedule.",
    failure: "Failed to send mentoring request",
  },
  contact: {
    schema: contactSchema,
    title: "Message",
    longFields: [{ name: "message", label: "Message", placeholder: "Tell us about your project, timeline and budget." }],
    disclaimer: "light",
    submitLabel: "Send Message",
    submittingLabel: "Sending...",
    success: "Thanks! We'll be in touch.",
    failure: "Failed to send message",
  },
} as const satisfies Record<
  FormSource,
  {
    schema: z.ZodType;
    title: string;
    longFields: readonly LongField[];
    disclaimer: "full" | "light";
    submitLabel: string;
    submittingLabel: string;
    success: string;
    failure: string;
  }
>;

export type ParsedContactRequest =
  | { success: true; source: FormSource; values: FormValues }
  | { success: false; error: string };

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
  const result = formDefinitions[source as FormSource].schema.safeParse(body);
  if (!result.success) return { success: false, error: result.error.issues[0]?.message ?? "Invalid input" };
  return { success: true, source: source as FormSource, values: result.data };
}
