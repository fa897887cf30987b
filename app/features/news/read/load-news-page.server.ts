import { logger } from "~/.server/logger";
import { FORCE_POLICY } from "../fetch/fetch-ai-news.server";
import { listLatestNews, listNewsForHome, toListItem } from "./list-news.server";
import { readNewsSources } from "./news-sources.server";
import { startNewsRefresh } from "../fetch/refresh-news.server";
import { NEWS_LIMITS, type NewsArticle, type NewsPageData } from "../schema";
import { pageClock } from "../text";

/**
 * Loader data for the news sections: the stories without their full text (the dialog fetches
 * it, GET /api/news/:id). An empty store starts a refresh in the
 * background (the same once-per-5-minutes rule as 'Refresh News'), so the first
 * visitor of a new site fills it; the page says the sources are being checked.
 * A database hiccup must not take the page down: it renders the empty state.
 */
async function load(list: () => Promise<NewsArticle[]>): Promise<NewsPageData> {
  try {
    const news = await list();
    const started = news.length === 0 && (await startNewsRefresh({ minIntervalMinutes: FORCE_POLICY.minIntervalMinutes }));
    const sources = await readNewsSources();
    // The refresh this page started may already be done; the page still says it was checking.
    return { news: news.map(toListItem), sources: started ? { ...sources, isChecking: true } : sources, now: pageClock() };
  } catch (error) {
    logger.warn({ err: error }, "News: stored stories unavailable for the page");
    return { news: [], sources: null, now: pageClock() };
  }
}

/**
 * Home: newest 10 stored rows by created_at (docs/product.md#json-api), of which the page sends
 * the browser the six it shows: the page's HTML must stay small enough to arrive in one round
 * trip (docs/performance.md).
 */
export const loadHomeNews = () => load(async () => (await listNewsForHome()).slice(0, NEWS_LIMITS.homeCards));

/** /ai-news: newest 20 stored rows by published_at (docs/product.md#json-api). */
export const loadHubNews = () => load(() => listLatestNews());
