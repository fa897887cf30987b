import { Button } from "~/components/ui/button";

/**
 * Empty state with 'Try Again'. Without JavaScript the button reloads the
 * page (a GET form to the same path); with it, it fetches again in place.
 */
export function NewsEmpty({ message, action, onRetry }: { message: string; action: string; onRetry: () => void }) {
  return (
    <div className="rounded-[var(--radius-card)] border border-dashed border-ink-300 bg-white px-6 py-12 text-center">
      <p className="text-lg font-medium text-ink-800">{message}</p>
      <form
        method="get"
        action={action}
        className="mt-5"
        onSubmit={(event) => {
          event.preventDefault();
          onRetry();
        }}
      >
        <Button type="submit" variant="outline">
          Try Again
        </Button>
      </form>
    </div>
  );
}
