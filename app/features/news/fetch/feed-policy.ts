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
  /**
   * Items taken from one feed per run: the newest by date (undated ones count as new, they are
   * "first seen"). A feed of 14,000 items is still parsed whole (in the news worker), but only
   * these are de-duplicated, cleaned and stored.
   */
  itemsPerFeed: 200,
  /**
   * Longest run of one parse or clean task in the news worker before it is stopped (that feed
   * fails). A 4 MB feed takes about 1 s of CPU; the rest is room for a machine that is busy.
   */
  workerTaskTimeoutMs: 60_000,
  /** Heap limit of a news worker thread (MB): a document that needs more fails alone. */
  workerHeapMb: 512,
  /** The refresh lease; a crashed refresh frees it after this. */
  leaseMinutes: 5,
} as const;
