import { generateRssFeed } from "feedsmith";
import { getEnv } from "~/.server/env";
import { listLatestNews } from "~/features/news/list-news.server";
import { site } from "~/content/site";

/** /ai-news/rss.xml: the hub's own RSS 2.0 feed (newest 30 stories, linking to their story pages). */
export async function loader() {
  const base = getEnv().PUBLIC_URL;
  const news = await listLatestNews(30);
  const xml = generateRssFeed({
    title: `AI News Hub | ${site.name}`,
    link: `${base}/ai-news`,
    description: "AI news from research labs and the tech press, summarised and updated every 30 minutes.",
    language: "en",
    lastBuildDate: news[0] ? new Date(news[0].publishedAt) : new Date(),
    atom: { links: [{ href: `${base}/ai-news/rss.xml`, rel: "self", type: "application/rss+xml" }] },
    items: news.map((article) => ({
      title: article.title,
      link: `${base}/ai-news/${article.id}`,
      guid: { value: `${base}/ai-news/${article.id}`, isPermaLink: true },
      description: article.summary,
      pubDate: new Date(article.publishedAt),
      ...(article.sourceUrl ? { source: { title: article.source, url: article.sourceUrl } } : {}),
    })),
  });
  return new Response(xml, {
    headers: {
      "Content-Type": "application/rss+xml; charset=utf-8",
      "Cache-Control": "public, max-age=300",
    },
  });
}
