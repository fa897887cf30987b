import { ExternalLinkIcon } from "lucide-react";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import type { NewsArticle } from "../schema";
import { originalSourceHref } from "../text";

type SourceProps = { article: Pick<NewsArticle, "source" | "sourceUrl" | "title">; className?: string };

/** The source attribution under a story (dialog and story page). */
export function StoryAttribution({ article, className }: SourceProps) {
  return (
    <p className={cn("border-t border-ink-200 pt-4 text-sm text-ink-600", className)}>
      Source: <span className="font-medium text-ink-800">{article.source}</span>. This story is shown as published by its source; the
      original article remains the authoritative version.
    </p>
  );
}

/** 'View Original Source': a new tab to sourceUrl, or a web search of title plus source when there is none. */
export function ViewOriginalSource({ article }: SourceProps) {
  return (
    <Button asChild variant="accent">
      <a href={originalSourceHref(article)} target="_blank" rel="noopener noreferrer">
        View Original Source
        <ExternalLinkIcon aria-hidden="true" />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    </Button>
  );
}
