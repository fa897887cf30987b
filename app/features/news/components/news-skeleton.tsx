import { Skeleton } from "~/components/ui/skeleton";
import { NEWS_LIMITS } from "../schema";

/** The loading state: six placeholder cards (docs/product.md#limits-and-constants). */
export function NewsSkeleton({ caption }: { caption?: string }) {
  return (
    <div role="status" aria-live="polite" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="news-skeleton">
      {caption ? <p className="text-sm font-medium text-ink-700 sm:col-span-2 lg:col-span-3">{caption}</p> : null}
      <span className="sr-only">Loading AI news…</span>
      {Array.from({ length: NEWS_LIMITS.skeletonCards }, (_, index) => (
        <div
          key={index}
          data-testid="news-skeleton-card"
          className="rounded-[var(--radius-card)] border border-ink-200 bg-white p-6 shadow-[var(--shadow-card)]"
        >
          <div className="flex items-center justify-between">
            <Skeleton className="h-5 w-24 rounded-full" />
            <Skeleton className="h-4 w-14" />
          </div>
          <Skeleton className="mt-4 h-6 w-11/12" />
          <Skeleton className="mt-2 h-6 w-2/3" />
          <Skeleton className="mt-4 h-4 w-full" />
          <Skeleton className="mt-2 h-4 w-full" />
          <Skeleton className="mt-2 h-4 w-3/4" />
        </div>
      ))}
    </div>
  );
}
