import { cleanText } from "~/lib/clean-text";
import { extractArticle, htmlToText, sanitizeArticleHtml } from "./html.server";

/**
 * A story's stored HTML and the text its summary is made from, from the
 * feed's own content or an article page. Pure CPU work on HTML of any size
 * (up to the fetcher's 5 MB cap), so it runs in the news worker
 * (news-worker.ts), never on the server's main thread.
 */

/** Longest stored article (characters of sanitised HTML); a longer one is cut and sanitised again. */
export const MAX_CONTENT = 200_000;

export type FeedItemHtmlInput = { contentHtml: string | null; teaserHtml: string | null; baseUrl: string };

export type FeedItemHtml = {
  /** Sanitised, cleaned and cut: the feed's full content, else the teaser, else "". */
  html: string;
  /** True when `html` is the feed's full content (not the teaser): then no article page is needed. */
  fromContent: boolean;
  /** Plain text of the teaser ("" without one): decides whether the article page is fetched. */
  teaserText: string;
  /** What the summary is made from: the teaser's text, else the text of `html`. */
  summaryText: string;
};

/** Cleaned to what the database accepts; cutting may split a tag or an entity, so the cut text is sanitised again. */
function finish(html: string, baseUrl: string): string {
  const clean = cleanText(html);
  return clean.length > MAX_CONTENT ? sanitizeArticleHtml(clean.slice(0, MAX_CONTENT), baseUrl) : clean;
}

/** The HTML a feed item brings itself (full content, else its teaser). */
export function feedItemHtml({ contentHtml, teaserHtml, baseUrl }: FeedItemHtmlInput): FeedItemHtml {
  // Cleaned before anything reads it: an HTML parser may turn a NUL into U+FFFD, or keep it.
  const content = contentHtml ? cleanText(contentHtml) : null;
  const teaser = teaserHtml ? cleanText(teaserHtml) : null;
  const fromContentHtml = content ? sanitizeArticleHtml(content, baseUrl) : "";
  const teaserText = teaser ? htmlToText(teaser) : "";
  const html = finish(fromContentHtml || (teaser ? sanitizeArticleHtml(teaser, baseUrl) : ""), baseUrl);
  return { html, fromContent: fromContentHtml !== "", teaserText, summaryText: teaserText || htmlToText(html) };
}

/** The article of a fetched page (Readability), sanitised, cleaned and cut, with its text; null when it has none. */
export function articlePageHtml({ body, url }: { body: string; url: string }): { html: string; text: string } | null {
  const article = extractArticle(body, url);
  if (!article) return null;
  const html = finish(article.html, url);
  return { html, text: htmlToText(html) };
}
