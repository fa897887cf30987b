import { useRef } from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { StoryContent } from "~/features/news/components/story-content";
import { StoryAttribution, ViewOriginalSource } from "~/features/news/components/story-source";
import { useMinuteClock } from "~/features/news/components/use-minute-clock";
import { relativeAge } from "~/features/news/text";

import type { ArticleDialogProps } from "./article-dialog";

/**
 * The 'Read Full Story' dialog (docs/product.md#news): source, time, title, full
 * content, source attribution, 'View Original Source' (new tab; a web search
 * of title plus source when the story has no URL) and 'Close Article'.
 * Focus is trapped inside and returns to what opened it.
 */
export default function ArticleDialogPanel({ article, open, onClose, now }: ArticleDialogProps) {
  const returnFocus = useRef<HTMLElement | null>(null);
  const clock = useMinuteClock();
  if (!article) return null;
  const age = relativeAge(article.publishedAt, now ?? clock);
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent
        className="max-w-3xl"
        onOpenAutoFocus={() => {
          // Still the element that opened the dialog: Radix moves focus after this event.
          returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocus.current?.focus();
        }}
      >
        <div className="flex flex-wrap items-center gap-2 pr-10">
          <Badge variant="accent">{article.source}</Badge>
          <DialogDescription asChild>
            <span>
              <span className="sr-only">From {article.source}, published </span>
              <time dateTime={article.publishedAt}>{age}</time>
            </span>
          </DialogDescription>
        </div>
        <DialogTitle className="mt-3 text-2xl leading-tight sm:text-3xl">{article.title}</DialogTitle>
        <StoryContent className="mt-5" html={article.fullContent} fallback={article.summary} />
        <StoryAttribution article={article} className="mt-6" />
        <div className="mt-4 flex flex-wrap gap-3">
          <ViewOriginalSource article={article} />
          <Button variant="outline" onClick={onClose}>
            Close Article
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
