import { logger } from "~/.server/logger";
import type { NewsListInit } from "./components/use-news-list";
import { listLatestNews, listNewsForHome } from "./list-news.server";
import { readRefreshState } from "./refresh-news.server";
import { pageClock } from "./text";

/**
 * Loader data for the news sections: the stored stories for the first paint.
 * A database hiccup must not take the page down: it renders the empty state
 * and the browser's fetch tries again.
 */
async function load(list: () => Promise<NewsListInit["news"]>): Promise<NewsListInit> {
  try {
    const [news, state] = await Promise.all([list(), readRefreshState()]);
    return { news, updatedAt: state.lastFinishedAt?.toISOString() ?? null, now: pageClock() };
  } catch (error) {
    logger.warn({ err: error }, "News: stored stories unavailable for the page");
    return { news: [], updatedAt: null, now: pageClock() };
  }
}

/** Home: newest 10 stored rows by created_at (docs/product.md#json-api). */
export const loadHomeNews = () => load(() => listNewsForHome());

/** /ai-news: newest 20 stored rows by published_at (docs/product.md#json-api). */
export const loadHubNews = () => load(() => listLatestNews());
