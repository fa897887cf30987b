import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, type FieldControlProps } from "~/components/ui/field";
import { Input } from "~/components/ui/input";

/** The narrow card of the sign-in, code and password reset pages. */
export function AuthCard({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <div className="container-page flex justify-center py-16 sm:py-24">
      <Card className="w-full max-w-md">
        <p className="text-sm font-semibold uppercase tracking-wider text-aurora-700">Admin</p>
        <h1 className="mt-1 text-3xl font-semibold">{title}</h1>
        {description ? <div className="mt-2 text-ink-600">{description}</div> : null}
        <div className="mt-6">{children}</div>
      </Card>
    </div>
  );
}

export function FormAlert({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="mb-4 rounded-lg border border-danger-700/40 bg-danger-100 p-3 text-sm font-medium text-danger-700">
      {message.split(/`([^`]+)`/).map((part, index) =>
        // A command in backticks is shown as code, on one line (never broken at its dashes).
        index % 2 ? (
          <code key={index} className="whitespace-nowrap rounded bg-white/70 px-1 font-mono text-[0.95em]">
            {part}
          </code>
        ) : (
          part
        ),
      )}
    </p>
  );
}

/** A way on from an auth card ("Back to sign-in", "Forgot your password?"), as a line of its own. */
export function AuthCardLink({ to, className = "mt-4 text-sm", children }: { to: string; className?: string; children: ReactNode }) {
  return (
    <p className={className}>
      <Link className="text-aurora-700 underline-offset-4 hover:underline" to={to}>
        {children}
      </Link>
    </p>
  );
}

/**
 * Choosing a password with a one-time link (an invitation, a reset): the link's token, the
 * password twice with the account's rules, and the form's field messages.
 */
export function NewPasswordForm(props: {
  token: string;
  errors: Record<string, string | undefined>;
  busy: boolean;
  label: string;
  submitLabel: string;
}) {
  const { token, errors, busy, label, submitLabel } = props;
  const passwordInput = (control: FieldControlProps) => (
    <Input {...control} type="password" required minLength={12} maxLength={128} autoComplete="new-password" />
  );
  return (
    <Form method="post" className="flex flex-col gap-5">
      <input type="hidden" name="token" value={token} />
      <Field id="password" name="password" label={label} error={errors.password}>
        {passwordInput}
      </Field>
      <Field id="confirm" name="confirm" label={`Repeat the ${label.toLowerCase()}`} error={errors.confirm}>
        {passwordInput}
      </Field>
      <Button type="submit" disabled={busy}>
        {busy ? "Saving..." : submitLabel}
      </Button>
    </Form>
  );
}
