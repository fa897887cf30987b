import { data } from "react-router";
import { isDatabaseUnavailable } from "./db/client";
import { logger } from "./logger";

/** For a page that answers a lost database itself (keeping its own view), instead of with the error page. */
export { isDatabaseUnavailable };

/** What a visitor reads when the database does not answer (forms, pages, the JSON API). */
export const UNAVAILABLE_MESSAGE = "The service is temporarily unavailable. Please try again in a moment.";

/** Retry-After, in seconds, on every answer that says the database is unavailable. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/**
 * Runs the database work of a page's loader: when the database does not answer (down,
 * restarting, or over the time limits of docs/decisions/0170-database-faults-and-time-limits.md)
 * the page is the site's error page with status 503 and Retry-After (app/entry.server.tsx adds
 * the header), not a 500. Other errors pass through unchanged.
 */
export async function whileDatabaseAnswers<T>(request: Request, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    logger.warn({ err: error, path: new URL(request.url).pathname }, "Page: database unavailable");
    throw data(UNAVAILABLE_MESSAGE, { status: 503 });
  }
}
