import { lazy, Suspense } from "react";
import type { NewsListItem } from "~/features/news/schema";
import { loadFullStory } from "./full-story";

export type ArticleDialogProps = {
  /** The story to show; nothing renders without one. Keep it set while closing so focus can return. */
  article: NewsListItem | null;
  open: boolean;
  onClose: () => void;
  /** "Now" for the relative time (defaults to the browser clock). */
  now?: number;
};

// The dialog (Radix: focus trap, scroll lock) is downloaded when a story is first opened,
// or when the pointer or focus reaches a 'Read Full Story' button; so is the story's full text.
const loadPanel = () => import("./article-dialog-panel");
const ArticleDialogPanel = lazy(loadPanel);

/** Starts downloading the story dialog and the story's full text, so it opens at once. */
export function preloadArticleDialog(id: string): void {
  void loadPanel();
  loadFullStory(id).catch(() => undefined);
}

/** The 'Read Full Story' dialog (docs/product.md#news), loaded on demand: see article-dialog-panel.tsx. */
export function ArticleDialog(props: ArticleDialogProps) {
  if (!props.article) return null;
  return (
    <Suspense fallback={null}>
      <ArticleDialogPanel {...props} />
    </Suspense>
  );
}
