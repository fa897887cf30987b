import type { ReactNode } from "react";
import { Link } from "react-router";
import { Card } from "~/components/ui/card";

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
