import { generateRssFeed } from "feedsmith";
import { escapeHtml } from "~/lib/escape-html";
import { stripModelMarkup } from "~/lib/model-text";
import { cleanText } from "~/lib/clean-text";
import type { NewsArticle } from "../schema";

/**
 * The hub's own RSS 2.0 feed (/ai-news/rss.xml), generated with feedsmith.
 *
 * Feed readers render an item's title and description as HTML, so a story
 * *about* a `<script>` tag must reach them escaped: every text field carries
 * HTML-escaped text (`&lt;script&gt;` once the XML layer is decoded), and
 * feedsmith does the XML layer (entities or CDATA, `]]>` split). Characters
 * XML 1.0 forbids even as references (NUL and most C0 controls, U+FFFE/U+FFFF)
 * and lone surrogates are removed first, whatever a stored row holds, so the
 * document is always well-formed. Decision: docs/decisions/0111-rss-text-is-html-escaped.md.
 */

/** Plain text as a reader's HTML field wants it: cleaned for XML, then HTML-escaped. */
export function rssText(value: string): string {
  return escapeHtml(cleanText(value));
}

export type NewsRssInput = {
  news: NewsArticle[];
  /** PUBLIC_URL: the base of every link. */
  publicUrl: string;
  siteName: string;
  now?: Date;
};

export function buildNewsRss({ news, publicUrl, siteName, now = new Date() }: NewsRssInput): string {
  return generateRssFeed({
    title: rssText(`AI News Hub | ${siteName}`),
    link: `${publicUrl}/ai-news`,
    description: rssText("AI news from research labs and the tech press, summarised and updated every 30 minutes."),
    language: "en",
    lastBuildDate: news[0] ? new Date(news[0].publishedAt) : now,
    atom: { links: [{ href: `${publicUrl}/ai-news/rss.xml`, rel: "self", type: "application/rss+xml" }] },
    items: news.map((article) => {
      const link = `${publicUrl}/ai-news/${article.id}`;
      return {
        title: rssText(article.title),
        link,
        guid: { value: link, isPermaLink: true },
        description: rssText(stripModelMarkup(article.summary)),
        pubDate: new Date(article.publishedAt),
        ...(article.sourceUrl ? { source: { title: rssText(article.source), url: cleanText(article.sourceUrl) } } : {}),
      };
    }),
  });
}
