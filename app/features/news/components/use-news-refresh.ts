import { useEffect } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { toast } from "~/lib/notify";
import type { NewsPageData, NewsSources } from "../schema";
import { useArticleDialog } from "./use-article-dialog";
import { useMinuteClock } from "./use-minute-clock";

/**
 * 'Refresh News' and 'Try Again' share one fetcher (a key), so both show the
 * same busy state wherever it was pressed. It posts to the /ai-news route
 * action, which redirects back to the page; the page's loader then brings the
 * stored stories and the sources' state.
 */
export const NEWS_REFRESH_FETCHER = "news-refresh";

export function useNewsRefresh() {
  const fetcher = useFetcher<{ refreshFailed?: string }>({ key: NEWS_REFRESH_FETCHER });
  return { fetcher, isBusy: fetcher.state !== "idle" };
}

/**
 * Says 'Failed to load AI news' when a refresh's request failed on the way (the route's
 * clientAction answers so instead of the redirect; the page keeps its stories). Used once per
 * page, by the news list, so one failure is one toast however many buttons the page has.
 */
export function useNewsRefreshFailure() {
  const { fetcher } = useNewsRefresh();
  const failed = fetcher.state === "idle" ? fetcher.data?.refreshFailed : undefined;
  useEffect(() => {
    if (failed) toast.error(failed);
  }, [failed, fetcher.data]);
}

/** How often, and how many times, a page asks again while the sources are being checked. */
const CHECKING_POLL = { everyMs: 3_000, times: 10 } as const;

/**
 * While a refresh is running (the page says "Checking the news sources now"),
 * loads the page's data again every few seconds until it has finished, so the
 * visitor sees its outcome without reloading.
 */
export function useRevalidateWhileChecking(sources: NewsSources | null) {
  const revalidator = useRevalidator();
  const isChecking = sources?.isChecking === true;
  useEffect(() => {
    if (!isChecking) return;
    let left: number = CHECKING_POLL.times;
    const timer = setInterval(() => {
      if (left-- <= 0) return clearInterval(timer);
      void revalidator.revalidate();
    }, CHECKING_POLL.everyMs);
    return () => clearInterval(timer);
    // The revalidator changes with its state: only a change of `isChecking` restarts the polling.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isChecking]);
}

/**
 * What a list of news (the home's section, the news page) keeps running: the minute clock its
 * times count from, the article dialog, the refresh's busy state, the polling while sources are
 * being checked, and the toast when a refresh fails.
 */
export function useNewsList(data: NewsPageData) {
  const now = useMinuteClock(data.now);
  const dialog = useArticleDialog();
  const { isBusy } = useNewsRefresh();
  useRevalidateWhileChecking(data.sources);
  useNewsRefreshFailure();
  return { now, dialog, isBusy };
}
