import { AlertTriangle } from "lucide-react";
import type { ReactNode } from "react";

/** An amber note that something the studio relies on is failing (a mailbox, a scheduled publish), and what to do. */
export function TroubleNotice({ testId, children }: { testId?: string; children: ReactNode }) {
  return (
    <div
      role="note"
      data-testid={testId}
      className="flex items-start gap-2 rounded-[var(--radius-control)] border border-amber-300 bg-amber-50 p-4 text-sm text-ink-900"
    >
      <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" />
      {children}
    </div>
  );
}
