/** A story as the browser and the API see it (docs/product.md#data, "News article"). */
export type NewsArticle = {
  id: string;
  title: string;
  summary: string;
  /** Sanitised HTML (allow-list), safe to render. May be empty. */
  fullContent: string;
  source: string;
  sourceUrl: string | null;
  /** ISO 8601. */
  publishedAt: string;
};

/**
 * A story as the pages' lists carry it: everything but its full text, which the article dialog
 * asks for when the story is opened (GET /api/news/:id). A story's full text can be tens of
 * kilobytes; six or twenty of them in a page's data made it the page's largest part.
 */
export type NewsListItem = Omit<NewsArticle, "fullContent">;

/**
 * What the news pages say about the sources (docs/news.md, "Empty and degraded states"):
 * times are ISO 8601, so a page kept in a shared cache stays true (the browser words them).
 */
export type NewsSources = {
  /** Configured feeds. */
  total: number;
  /** Feeds whose last attempt got an answer. */
  answering: number;
  /** When a feed was last asked (any outcome); null when none ever was. */
  lastTriedAt: string | null;
  /** When a feed last answered; null when none ever did. The pages say "Updated" only from this. */
  lastAnsweredAt: string | null;
  /** When the schedule will next ask a feed that may be asked; null when this server runs no schedule. */
  nextTryAt: string | null;
  /** A refresh is running right now (on any instance). */
  isChecking: boolean;
};

/** What a page's news section renders: the stored stories and what is true about the sources. */
export type NewsPageData = {
  news: NewsListItem[];
  /** Null when the database could not say (the section then shows the empty state without times). */
  sources: NewsSources | null;
  /** The server's clock when it rendered, so relative ages hydrate identically. */
  now: number;
};

export type FetchAiNewsResponse = {
  news: NewsArticle[];
  /** When the last upstream refresh finished (ISO 8601), if one ever did. */
  updatedAt: string | null;
};

/** docs/product.md#limits-and-constants. */
export const NEWS_LIMITS = {
  homeCacheRead: 10,
  /** Cards the home page shows (two rows of the three-column grid); only these travel to the browser. */
  homeCards: 6,
  hubCacheRead: 20,
  skeletonCards: 6,
  homeSummaryChars: 120,
  /** Extractive summaries stored with each story. */
  summaryChars: 300,
  refreshMinutes: 30,
} as const;

export const NEWS_MESSAGES = {
  loadFailed: "Failed to load AI news",
  emptyHome: "No news available at the moment",
  emptyHub: "No news available",
  /** The article dialog, when the story's full text could not be fetched (it shows the summary). */
  storyLoadFailed: "The full story could not be loaded.",
  /**
   * A forced refresh within five minutes of the last one (docs/news.md, "UI"): not a failure, the
   * sources were just asked and the page shows what they gave; it says when they can be asked again.
   */
  refreshedRecently: (minutes: number) =>
    `The news sources were checked a moment ago: this is the latest news we have. The next check can run in ${minutes === 1 ? "1 minute" : `${minutes} minutes`}.`,
} as const;
