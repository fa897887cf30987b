import { RefreshCwIcon } from "lucide-react";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";

/**
 * 'Refresh News' ('Refreshing...' and disabled while busy). Without
 * JavaScript it posts to /ai-news, which refreshes and redirects back.
 */
export function RefreshNewsButton({
  busy,
  onRefresh,
  redirectTo,
  label = "Refresh News",
}: {
  busy: boolean;
  onRefresh: () => void;
  redirectTo: string;
  label?: string;
}) {
  return (
    <form
      method="post"
      action="/ai-news"
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) onRefresh();
      }}
    >
      <input type="hidden" name="intent" value="refresh" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <Button type="submit" variant="outline" disabled={busy} aria-live="polite">
        <RefreshCwIcon aria-hidden="true" className={cn(busy && "motion-safe:animate-spin")} />
        {busy ? "Refreshing..." : label}
      </Button>
    </form>
  );
}
