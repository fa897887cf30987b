/**
 * The apply, mentoring and contact forms as the browser sees them: sources,
 * limits, docs/product.md#forms messages, labels and texts. Plain values, no
 * zod, so the form pages stay small; the zod schemas built on them (used by
 * the actions, the API and, loaded on demand, the browser check) are in
 * schema.ts.
 */

export const formSources = ["apply", "mentoring", "contact"] as const;
export type FormSource = (typeof formSources)[number];

export const FIELD_LIMITS = { name: 100, email: 255, longText: 5000 } as const;

/** The invisible traps every form carries (app/lib/form-traps.ts). */
export { HONEYPOT_FIELD, STARTED_AT_FIELD } from "~/lib/form-traps";

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

/** A long-text field of a form, in the order the form shows it. */
export type LongField = { name: string; label: string; placeholder: string };

/** What differs between the three forms. */
export const formDefinitions = {
  apply: {
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
    nextSteps: [
      "A founder reads your idea and your reasons for it, the same way we read every pitch: in full, by a person.",
      "If it fits the free-build program, we invite you to a call to scope a first version together. If it does not, we say so and why.",
    ],
    sendAnother: "Submit another idea",
  },
  mentoring: {
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
    nextSteps: [
      "We read your learning goals and pair you with the founder whose work is closest to them.",
      "That founder e-mails you with times for a first session on a video call.",
    ],
    sendAnother: "Send another request",
  },
  contact: {
    title: "Message",
    longFields: [{ name: "message", label: "Message", placeholder: "Tell us about your project, timeline and budget." }],
    disclaimer: "light",
    submitLabel: "Send Message",
    submittingLabel: "Sending...",
    success: "Thanks! We'll be in touch.",
    failure: "Failed to send message",
    nextSteps: [
      "Your message goes to the founders, not a ticket queue. One of them answers you by e-mail.",
      "If a project is involved, the answer proposes a short call to talk through scope, timeline and budget.",
    ],
    sendAnother: "Send another message",
  },
} as const satisfies Record<
  FormSource,
  {
    title: string;
    longFields: readonly LongField[];
    disclaimer: "full" | "light";
    submitLabel: string;
    submittingLabel: string;
    success: string;
    failure: string;
    /** The confirmation's "What happens next" after a stored submission (docs/mail-and-forms.md). */
    nextSteps: readonly string[];
    /** The confirmation's link back to an empty form. */
    sendAnother: string;
  }
>;
