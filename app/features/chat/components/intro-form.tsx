import { useId, useState, type FormEvent } from "react";
import { HoneypotField } from "~/components/honeypot-field";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input, Textarea } from "~/components/ui/input";
import { chatCopy } from "~/content/chat";
import { HONEYPOT_FIELD } from "~/lib/form-traps";
import { CHAT_LIMITS, CHAT_MESSAGES, leadFormSchema, type LeadForm } from "../schema";
import type { ShowChatNotice } from "../use-chat-notice";

type Errors = Partial<Record<"name" | "email" | "company" | "message", string>>;

/**
 * The intro form (docs/product.md#chat-assistant): Name and Email required and enforced,
 * Company and 'What brings you here?' optional; 'Start Chatting' or 'Skip for
 * now'. Also serves 'Update your contact info' (then: 'Save details' / 'Cancel').
 * Carries the invisible honeypot of every public form; its value goes to
 * `onSubmit` for the server to judge.
 */
export function IntroForm({
  mode,
  initial,
  onSubmit,
  onSkip,
  onNotice,
}: {
  mode: "intro" | "update";
  initial?: { name?: string; email?: string; company?: string };
  /** Resolves true when stored. `honeypot`: what the invisible field holds (normally ""). */
  onSubmit: (form: LeadForm, honeypot: string) => Promise<boolean>;
  onSkip: () => void;
  /** Shows a message at the top of the panel (the chat's toasts, use-chat-notice.ts). */
  onNotice: ShowChatNotice;
}) {
  const id = useId();
  const [errors, setErrors] = useState<Errors>({});
  const [isSubmitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSubmitting) return;
    const data = Object.fromEntries(new FormData(event.currentTarget));
    const parsed = leadFormSchema.safeParse(data);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Errors;
        next[field] ??= issue.message;
      }
      setErrors(next);
      if (!String(data.email ?? "").trim()) {
        onNotice("error", CHAT_MESSAGES.emailRequiredTitle, CHAT_MESSAGES.emailRequiredDescription);
      }
      const first = (["name", "email", "company", "message"] as const).find((field) => next[field]);
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      const honeypot = data[HONEYPOT_FIELD];
      await onSubmit(parsed.data, typeof honeypot === "string" ? honeypot : "");
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4 p-4" aria-labelledby={`${id}-heading`}>
      <div>
        <h3 id={`${id}-heading`} className="text-lg font-semibold">
          {mode === "intro" ? chatCopy.introHeading : "Update your contact info"}
        </h3>
        <p className="mt-1 text-sm text-ink-600">{chatCopy.introText}</p>
      </div>
      <Field id={`${id}-name`} name="name" label={<RequiredLabel>Name</RequiredLabel>} error={errors.name}>
        {(control) => (
          <Input {...control} defaultValue={initial?.name} autoComplete="name" aria-required="true" maxLength={CHAT_LIMITS.nameChars} />
        )}
      </Field>
      <Field id={`${id}-email`} name="email" label={<RequiredLabel>Email</RequiredLabel>} error={errors.email}>
        {(control) => (
          <Input
            {...control}
            type="email"
            defaultValue={initial?.email}
            autoComplete="email"
            aria-required="true"
            maxLength={CHAT_LIMITS.emailChars}
          />
        )}
      </Field>
      <Field id={`${id}-company`} name="company" label="Company (optional)" error={errors.company}>
        {(control) => (
          <Input {...control} defaultValue={initial?.company} autoComplete="organization" maxLength={CHAT_LIMITS.companyChars} />
        )}
      </Field>
      {mode === "intro" ? (
        <Field id={`${id}-message`} name="message" label="What brings you here? (optional)" error={errors.message}>
          {(control) => <Textarea {...control} className="min-h-20" maxLength={CHAT_LIMITS.leadMessageChars} />}
        </Field>
      ) : null}
      <HoneypotField id={`${id}-${HONEYPOT_FIELD}`} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isSubmitting} className="flex-1">
          {isSubmitting ? "Saving..." : mode === "intro" ? "Start Chatting" : "Save details"}
        </Button>
        <Button type="button" variant="outline" onClick={onSkip} className="flex-1">
          {mode === "intro" ? "Skip for now" : "Cancel"}
        </Button>
      </div>
    </form>
  );
}

function RequiredLabel({ children }: { children: string }) {
  return (
    <>
      {children}{" "}
      <span aria-hidden="true" className="text-danger-700">
        *
      </span>
      <span className="sr-only">(required)</span>
    </>
  );
}
