import { useRef } from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { StoryContent } from "~/features/news/components/story-content";
import { StoryAttribution, ViewOriginalSource } from "~/features/news/components/story-source";
import { useMinuteClock } from "~/features/news/components/use-minute-clock";
import { NEWS_MESSAGES } from "~/features/news/schema";
import { relativeAge } from "~/features/news/text";
import { useFullStory } from "./full-story";

import type { ArticleDialogProps } from "./article-dialog";

/**
 * The 'Read Full Story' dialog (docs/product.md#news): source, time, title, full
 * content (fetched when the story is opened; the summary shows until it arrives, and stays,
 * with a note and a link to the story's page, if it cannot be fetched), source attribution, 'View Original Source' (new tab; a web search
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
        <FullStoryText id={article.id} summary={article.summary} />
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

function FullStoryText({ id, summary }: { id: string; summary: string }) {
  const story = useFullStory(id);
  return (
    <div className="mt-5" aria-busy={story.status === "loading"}>
      <StoryContent html={story.status === "loaded" ? story.html : ""} fallback={summary} />
      {story.status === "loading" ? (
        <p role="status" className="mt-4 text-sm text-ink-600">
          Loading the full story…
        </p>
      ) : story.status === "failed" ? (
        <p role="alert" className="mt-4 text-sm text-ink-700">
          {NEWS_MESSAGES.storyLoadFailed}{" "}
          <a href={`/ai-news/${id}`} className="font-medium text-aurora-700 underline underline-offset-2 hover:text-ink-900">
            Open the story&apos;s page
          </a>
        </p>
      ) : null}
    </div>
  );
}
