import { CheckCircle2, XCircle } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * What became of a request a page made for the visitor (a confirmed subscription, an
 * unsubscribe): a tick and a status, or a cross and an alert, the outcome in a sentence, what it
 * means, and where to go next.
 */
export function OutcomeNotice({
  ok,
  title,
  children,
  next,
}: {
  ok: boolean;
  title: ReactNode;
  children?: ReactNode;
  next?: { to: string; label: string };
}) {
  const Icon = ok ? CheckCircle2 : XCircle;
  return (
    <div role={ok ? "status" : "alert"} className="flex items-start gap-3">
      <Icon aria-hidden="true" className={`mt-0.5 size-6 shrink-0 ${ok ? "text-aurora-700" : "text-danger-700"}`} />
      <div className="flex flex-col gap-3">
        <p className="text-lg font-medium">{title}</p>
        {children}
        {next ? (
          <p>
            <Link to={next.to} className="font-medium text-aurora-700 underline underline-offset-4">
              {next.label}
            </Link>
          </p>
        ) : null}
      </div>
    </div>
  );
}
