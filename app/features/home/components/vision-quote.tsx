import { QuoteIcon } from "lucide-react";
import type { AboutPage } from "~/content/page-schema";
import { cn } from "~/lib/cn";

type Props = { vision: Pick<AboutPage["vision"], "quote" | "quoteBy">; className?: string; isLarge?: boolean };

/** The founders' vision quote, on a dark surface (home and about pages). */
export function VisionQuote({ vision, className, isLarge = false }: Props) {
  return (
    <figure className={cn("rounded-[var(--radius-card)] p-8 sm:p-10", className)}>
      <QuoteIcon aria-hidden="true" className="size-8 text-aurora-300" />
      <blockquote className={cn("mt-4 font-display text-2xl leading-snug text-white", isLarge && "sm:text-3xl")}>
        <p>{vision.quote}</p>
      </blockquote>
      <figcaption className="mt-6 text-sm font-medium text-aurora-300">{vision.quoteBy}</figcaption>
    </figure>
  );
}
