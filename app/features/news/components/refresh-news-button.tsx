import { RefreshCwIcon } from "lucide-react";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { useNewsRefresh } from "./use-news-refresh";

/**
 * 'Refresh News' (or 'Try Again'): a form posted to the /ai-news route action,
 * through the shared news fetcher with JavaScript (both buttons show
 * `busyLabel`, disabled, while it runs) and as a plain form post without; the
 * action redirects back to `redirectTo` either way.
 */
export function RefreshNewsButton({
  redirectTo,
  label = "Refresh News",
  busyLabel = "Refreshing...",
  variant = "outline",
}: {
  redirectTo: string;
  label?: string;
  busyLabel?: string;
  variant?: "outline" | "primary";
}) {
  const { fetcher, isBusy } = useNewsRefresh();
  return (
    <fetcher.Form method="post" action="/ai-news" preventScrollReset>
      <input type="hidden" name="intent" value="refresh" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <Button type="submit" variant={variant} disabled={isBusy} aria-live="polite">
        <RefreshCwIcon aria-hidden="true" className={cn(isBusy && "motion-safe:animate-spin")} />
        {isBusy ? busyLabel : label}
      </Button>
    </fetcher.Form>
  );
}
