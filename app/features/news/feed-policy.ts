/** How politely and how far the news refresh goes (docs/news.md). */
export const FEED_POLICY = {
  /** Feeds fetched at once (each host still gets one request at a time). */
  concurrency: 8,
  /** First backoff after a failure; doubles with each further failure. */
  backoffBaseMinutes: 15,
  backoffMaxMinutes: 12 * 60,
  /** Consecutive failures after which a feed is disabled (and reported). */
  disableAfterFailures: 6,
  /** A disabled feed is probed again once this long after being disabled. */
  disabledProbeHours: 24,
  /** Article pages fetched per feed and run, for items without full content. */
  articleFetchesPerFeed: 5,
  /** A teaser shorter than this (characters of text) is completed from the article page. */
  teaserIsShortBelow: 600,
  /** The refresh lease; a crashed refresh frees it after this. */
  leaseMinutes: 5,
} as const;
