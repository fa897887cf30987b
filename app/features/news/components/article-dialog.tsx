import { lazy, Suspense } from "react";
import type { NewsArticle } from "~/features/news/schema";

export type ArticleDialogProps = {
  /** The story to show; nothing renders without one. Keep it set while closing so focus can return. */
  article: NewsArticle | null;
  open: boolean;
  onClose: () => void;
  /** "Now" for the relative time (defaults to the browser clock). */
  now?: number;
};

// The dialog (Radix: focus trap, scroll lock) is downloaded when a story is first opened,
// or when the pointer or focus reaches a 'Read Full Story' button.
const loadPanel = () => import("./article-dialog-panel");
const ArticleDialogPanel = lazy(loadPanel);

/** Starts downloading the story dialog, so it opens at once. */
export function preloadArticleDialog(): void {
  void loadPanel();
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
