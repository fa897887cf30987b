import { startTransition, useCallback, useEffect, useRef, useState } from "react";
import { toast } from "~/lib/notify";
import { useHydrated } from "~/lib/use-hydrated";
import { NEWS_MESSAGES, type FetchAiNewsResponse, type NewsArticle } from "../schema";

/**
 * The news list state of docs/product.md#news: the server-rendered stored rows
 * first, then the fetch function runs once in the browser. `merge: "replace"`
 * (home) swaps in the fetched list; `merge: "prepend"` (/ai-news) adds stories
 * not already shown at the top. A forced refresh always replaces the list.
 */

export type NewsListInit = {
  news: NewsArticle[];
  updatedAt: string | null;
  /** The server's clock when it rendered, so relative times hydrate identically. */
  now: number;
};

type Status = "idle" | "loading" | "refreshing";

function sameStories(a: NewsArticle[], b: NewsArticle[]): boolean {
  return a.length === b.length && JSON.stringify(a) === JSON.stringify(b);
}

async function requestNews(force: boolean, signal: AbortSignal): Promise<FetchAiNewsResponse> {
  const response = await fetch("/api/fetch-ai-news", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ force }),
    signal,
  });
  if (!response.ok) throw new Error(`fetch-ai-news answered ${response.status}`);
  const body = (await response.json()) as Partial<FetchAiNewsResponse>;
  if (!Array.isArray(body.news)) throw new Error("fetch-ai-news answered without news");
  return { news: body.news, updatedAt: body.updatedAt ?? null };
}

export function useNewsList(init: NewsListInit, merge: "replace" | "prepend") {
  const [news, setNews] = useState(init.news);
  const [updatedAt, setUpdatedAt] = useState(init.updatedAt);
  const [status, setStatus] = useState<Status>("idle");
  const [hasLoaded, setHasLoaded] = useState(false);
  const [now, setNow] = useState(init.now);
  const controller = useRef<AbortController | null>(null);
  const isHydrated = useHydrated();

  /** Fetches and applies the result; every state change happens after the request. */
  const run = useCallback(
    async (mode: "initial" | "retry" | "force") => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      // The first fetch right after hydration updates the page as a transition (in small
      // slices, not one long task); a refresh the visitor asked for shows at once.
      const update = (apply: () => void) => (mode === "initial" ? startTransition(apply) : apply());
      try {
        const result = await requestNews(mode === "force", current.signal);
        if (current.signal.aborted) return;
        update(() => {
          // An unchanged list keeps its identity, so the cards are not rendered again for nothing.
          setNews((shown) => {
            if (mode !== "initial" || merge === "replace") return sameStories(shown, result.news) ? shown : result.news;
            const known = new Set(shown.map((article) => article.id));
            const added = result.news.filter((article) => !known.has(article.id));
            return added.length ? [...added, ...shown] : shown;
          });
          setUpdatedAt(result.updatedAt);
        });
      } catch (error) {
        if (current.signal.aborted || (error as Error).name === "AbortError") return;
        toast.error(NEWS_MESSAGES.loadFailed);
      } finally {
        if (!current.signal.aborted) {
          update(() => {
            setStatus("idle");
            setHasLoaded(true);
            // Ages are shown in hours and days: a clock less than a minute old is fresh enough.
            setNow((previous) => (Date.now() - previous < 60_000 ? previous : Date.now()));
          });
        }
      }
    },
    [merge],
  );

  useEffect(() => {
    // The first load's loading state is derived (isLoading below), so nothing is set here.
    void run("initial");
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => {
      clearInterval(timer);
      controller.current?.abort();
    };
  }, [run]);

  const load = (mode: "retry" | "force") => {
    setStatus(mode === "force" ? "refreshing" : "loading");
    void run(mode);
  };

  return {
    news,
    updatedAt,
    now,
    /** True while the list is empty and a fetch is running: show the skeleton. */
    isLoading: (status === "loading" || (isHydrated && !hasLoaded)) && news.length === 0,
    isRefreshing: status === "refreshing",
    isBusy: status !== "idle",
    hasLoaded,
    refresh: () => load("force"),
    retry: () => load("retry"),
  };
}

/** The selected story for the article dialog; kept while closing so focus can return. */
export function useArticleDialog() {
  const [article, setArticle] = useState<NewsArticle | null>(null);
  const [open, setOpen] = useState(false);
  // Stable functions: the (memoised) cards do not re-render when the dialog opens or closes.
  const show = useCallback((next: NewsArticle) => {
    setArticle(next);
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);
  return { article, open, show, close };
}
