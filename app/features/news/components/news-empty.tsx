import { RadioTowerIcon } from "lucide-react";
import type { NewsSources } from "../schema";
import { NewsSourcesNote } from "./news-sources-note";
import { RefreshNewsButton } from "./refresh-news-button";
import { useNewsRefresh } from "./use-news-refresh";

/**
 * The empty state: the product's text ('No news available at the moment' /
 * 'No news available'), what is true about the sources around it, and
 * 'Try Again', which refreshes like 'Refresh News' (busy while it runs, the
 * note saying the sources are being checked; then the page's answer, with the
 * new times). The card stays in place while busy, so the focus has somewhere to be.
 */
export function NewsEmpty({ message, sources, redirectTo }: { message: string; sources: NewsSources | null; redirectTo: string }) {
  const { isBusy } = useNewsRefresh();
  return (
    <div
      className="bg-dawn grid gap-6 rounded-[var(--radius-card)] border border-ink-200 p-6 shadow-[var(--shadow-card)] sm:grid-cols-[auto_minmax(0,1fr)] sm:p-8 lg:grid-cols-[auto_minmax(0,1fr)_auto] lg:items-center"
      data-testid="news-empty"
    >
      <span className="flex size-12 items-center justify-center rounded-2xl bg-ink-950 text-aurora-300">
        <RadioTowerIcon aria-hidden="true" className="size-6" />
      </span>
      <div role="status">
        <p className="font-display text-xl font-semibold text-ink-950">{message}</p>
        {isBusy || sources ? (
          <p className="mt-2 max-w-2xl text-ink-700" data-testid="news-sources">
            {isBusy || !sources ? "Checking the news sources now…" : <NewsSourcesNote sources={sources} />}
          </p>
        ) : null}
      </div>
      <div className="sm:col-start-2 lg:col-start-auto">
        <RefreshNewsButton redirectTo={redirectTo} label="Try Again" busyLabel="Trying again..." variant="primary" />
      </div>
    </div>
  );
}
