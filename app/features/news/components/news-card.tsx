import { ArrowRightIcon } from "lucide-react";
import { memo, type MouseEvent } from "react";
import { preloadArticleDialog } from "./article-dialog";
import { ModelText } from "~/components/model-text";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import type { NewsListItem } from "../schema";
import { relativeAge } from "../text";
import { useSiteOrigin } from "./use-site-origin";

type NewsCardProps = {
  article: NewsListItem;
  now: number;
  /** Cut the summary to this many characters with an ellipsis (home: 120). */
  summaryChars?: number;
  onOpen: (article: NewsListItem) => void;
  headingLevel?: "h2" | "h3";
};

/**
 * One story card: source badge, relative age, title, summary, 'Read Full Story'.
 * 'Read Full Story' is a link to the story's own page, so it works without
 * JavaScript and opens in a new tab with a modifier key; a plain click opens
 * the article dialog instead.
 */
/** Memoised: a list update that keeps a story (and the clock) does not render its card again. */
export const NewsCard = memo(function NewsCard({ article, now, summaryChars, onOpen, headingLevel: Heading = "h3" }: NewsCardProps) {
  const origin = useSiteOrigin();
  const storyPath = `/ai-news/${article.id}`;
  const titleId = `story-${article.id}-title`;
  const preload = () => preloadArticleDialog(article.id);
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onOpen(article);
  };
  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col rounded-[var(--radius-card)] border border-ink-200 bg-white p-6 shadow-[var(--shadow-card)]"
      data-testid="news-card"
    >
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <Badge variant="accent">{article.source}</Badge>
        <time dateTime={article.publishedAt} className="text-ink-600">
          {relativeAge(article.publishedAt, now)}
        </time>
      </div>
      <Heading id={titleId} className="mt-4 font-display text-lg font-semibold leading-snug text-ink-950">
        {article.title}
      </Heading>
      <p className={cn("mt-3 flex-1 text-sm leading-relaxed text-ink-600")}>
        {/* Summaries may carry a model's Markdown: read by the one renderer of model text (decision 0184). */}
        <ModelText text={article.summary} layout="inline" maxChars={summaryChars} origin={origin} />
      </p>
      <Button asChild variant="link" className="mt-4 h-auto self-start px-0">
        <a href={storyPath} onClick={open} onPointerEnter={preload} onFocus={preload} aria-describedby={titleId}>
          Read Full Story
          <ArrowRightIcon aria-hidden="true" />
        </a>
      </Button>
    </article>
  );
});
