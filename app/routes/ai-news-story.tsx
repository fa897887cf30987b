import { ArrowLeftIcon } from "lucide-react";
import { data, Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { StoryContent } from "~/features/news/components/story-content";
import { StoryAttribution, ViewOriginalSource } from "~/features/news/components/story-source";
import { whileDatabaseAnswers } from "~/.server/page-errors";
import { getNewsArticle } from "~/features/news/read/list-news.server";
import { pageClock, relativeAge, truncateWords } from "~/features/news/text";
import { useMinuteClock } from "~/features/news/components/use-minute-clock";
import { modelTextToLine } from "~/lib/model-text";
import { publicUrlFrom, seo } from "~/lib/seo";
import type { Route } from "./+types/ai-news-story";

/** /ai-news/:id: one story's shareable page, with its own title and description. */
export async function loader({ params, request }: Route.LoaderArgs) {
  const article = await whileDatabaseAnswers(request, () => getNewsArticle(params.id));
  if (!article) throw data(null, { status: 404 });
  return { article, now: pageClock() };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? seo({
        title: truncateWords(loaderData.article.title, 70),
        description: truncateWords(modelTextToLine(loaderData.article.summary) || loaderData.article.title, 160),
        // The stored id (lower case), whatever spelling of it the address had.
        path: `/ai-news/${loaderData.article.id}`,
        publicUrl: publicUrlFrom(matches),
        type: "article",
      })
    : [{ title: "Story not found" }];

export default function StoryPage({ loaderData }: Route.ComponentProps) {
  const { article, now } = loaderData;
  return (
    <article className="container-page max-w-3xl py-12 sm:py-16">
      <nav aria-label="Breadcrumb" className="text-sm text-ink-600">
        <ol className="flex flex-wrap gap-2">
          <li>
            <Link to="/ai-news" className="underline underline-offset-2 hover:text-ink-900">
              AI News
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="line-clamp-1">
            {article.title}
          </li>
        </ol>
      </nav>
      <div className="mt-8 flex flex-wrap items-center gap-3 text-sm text-ink-600">
        <Badge variant="accent">{article.source}</Badge>
        <StoryAge publishedAt={article.publishedAt} serverNow={now} />
      </div>
      <h1 className="mt-4 text-3xl font-semibold leading-tight sm:text-4xl">{article.title}</h1>
      <StoryContent className="mt-8" html={article.fullContent} fallback={article.summary} />
      <StoryAttribution article={article} className="mt-10" />
      <div className="mt-6 flex flex-wrap gap-3">
        <ViewOriginalSource article={article} />
        <Button asChild variant="outline">
          <Link to="/ai-news">
            <ArrowLeftIcon aria-hidden="true" />
            Back to AI News
          </Link>
        </Button>
      </div>
    </article>
  );
}

/**
 * The story's age: as of the server's clock while hydrating (the HTML says the
 * same), then by the browser's clock, each minute. The page may have been kept
 * by a shared cache for a few minutes (server/html-cache.ts).
 */
function StoryAge({ publishedAt, serverNow }: { publishedAt: string; serverNow: number }) {
  const now = useMinuteClock(serverNow);
  return (
    <time dateTime={publishedAt} title={new Date(publishedAt).toUTCString()}>
      {relativeAge(publishedAt, now)}
    </time>
  );
}
