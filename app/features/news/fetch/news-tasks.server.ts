import { parseFeedDocument } from "./parse-feed.server";
import { articlePageHtml, feedItemHtml, type FeedItemHtmlInput } from "./story-html.server";

/**
 * The news refresh's CPU work on documents from outside: parsing a feed (up to
 * 5 MB), and sanitising, converting and extracting HTML. Each runs in the news
 * worker (news-worker.ts, through news-worker-pool.server.ts), so a large feed
 * never stalls the server's event loop (decision 0176). Inputs and results
 * cross the thread boundary by structured clone: plain data and Dates only.
 */
export const newsTasks = {
  parseFeed: ({ body, feedUrl, maxItems }: { body: string; feedUrl: string; maxItems: number }) =>
    parseFeedDocument(body, feedUrl, { maxItems }),
  feedItemsHtml: (items: FeedItemHtmlInput[]) => items.map(feedItemHtml),
  articlePageHtml,
};

export type NewsTasks = typeof newsTasks;
export type NewsTaskName = keyof NewsTasks;
export type NewsTaskRequest = { id: number; task: NewsTaskName; input: unknown };
export type NewsTaskResponse =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: { name: string; message: string } }
  /** Sent once, when the worker has loaded its code. */
  | { ready: true };
