import { useCallback, useState } from "react";
import type { NewsListItem } from "../schema";

/** The selected story for the article dialog; kept while closing so focus can return. */
export function useArticleDialog() {
  const [article, setArticle] = useState<NewsListItem | null>(null);
  const [open, setOpen] = useState(false);
  // Stable functions: the (memoised) cards do not re-render when the dialog opens or closes.
  const show = useCallback((next: NewsListItem) => {
    setArticle(next);
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);
  return { article, open, show, close };
}
