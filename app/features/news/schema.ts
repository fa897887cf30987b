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

export type FetchAiNewsResponse = {
  news: NewsArticle[];
  /** When the last upstream refresh finished (ISO 8601), if one ever did. */
  updatedAt: string | null;
};

/** docs/product.md#limits-and-constants. */
export const NEWS_LIMITS = {
  homeCacheRead: 10,
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
} as const;
