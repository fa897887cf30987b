import { CircleAlertIcon } from "lucide-react";
import type { NewsSources } from "../schema";
import { NewsSourcesNote } from "./news-sources-note";

/**
 * Above a list of stored stories when no source answered at the last try:
 * the stories shown are older than the page suggests, and it says so.
 */
export function NewsDegradedNote({ sources }: { sources: NewsSources | null }) {
  if (!sources || sources.isChecking || sources.answering > 0 || !sources.lastTriedAt) return null;
  return (
    <p
      className="mt-6 flex items-start gap-2 rounded-[var(--radius-control)] border border-ink-200 bg-white px-4 py-3 text-sm text-ink-700"
      data-testid="news-degraded"
    >
      <CircleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-violet-700" />
      <span>
        <NewsSourcesNote sources={sources} /> These are the stories we already had.
      </span>
    </p>
  );
}
