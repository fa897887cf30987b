import { getEnv } from "~/.server/env";
import { listLatestNews } from "~/features/news/read/list-news.server";
import { buildNewsRss } from "~/features/news/read/news-rss.server";
import { site } from "~/content/site";

/** /ai-news/rss.xml: the hub's own RSS 2.0 feed (newest 30 stories, linking to their story pages). */
export async function loader() {
  const xml = buildNewsRss({ news: await listLatestNews(30), publicUrl: getEnv().PUBLIC_URL, siteName: site.name });
  return new Response(xml, {
    headers: {
      "Content-Type": "application/rss+xml; charset=utf-8",
      "Cache-Control": "public, max-age=300",
    },
  });
}
