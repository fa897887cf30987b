import { ArrowRightIcon } from "lucide-react";
import { Link } from "react-router";
import { ArticleDialog } from "./article-dialog";
import { Button } from "~/components/ui/button";
import { NEWS_LIMITS, NEWS_MESSAGES, type NewsPageData } from "../schema";
import { NewsCard } from "./news-card";
import { NewsEmpty } from "./news-empty";
import { NewsSkeleton } from "./news-skeleton";
import { NewsDegradedNote } from "./news-status-line";
import { RefreshNewsButton } from "./refresh-news-button";
import { useNewsList } from "./use-news-refresh";

/** Home: 'Latest AI News' (docs/product.md#news). `data` comes from loadHomeNews() in the home loader. */
export function LatestNewsSection({ data }: { data: NewsPageData }) {
  const { news, sources } = data;
  const { now, dialog, isBusy } = useNewsList(data);
  const shown = news.slice(0, NEWS_LIMITS.homeCards);
  const isFilling = shown.length === 0 && sources?.isChecking === true && !isBusy;
  return (
    <section aria-labelledby="latest-ai-news-heading" className="bg-ink-50 py-20 lazy-render" data-testid="latest-ai-news">
      <div className="container-page">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wider text-aurora-700">AI News</p>
            <h2 id="latest-ai-news-heading" className="mt-2 text-3xl font-semibold sm:text-4xl">
              Latest AI News
            </h2>
            <p className="mt-3 max-w-2xl text-ink-600">
              Stories from AI labs, research blogs and the tech press, summarised and updated every {NEWS_LIMITS.refreshMinutes} minutes.
            </p>
          </div>
          <RefreshNewsButton redirectTo="/" />
        </div>
        {shown.length > 0 ? <NewsDegradedNote sources={sources} /> : null}

        <div className="mt-10">
          {isFilling ? (
            <NewsSkeleton caption="Checking the news sources now…" />
          ) : shown.length === 0 ? (
            <NewsEmpty message={NEWS_MESSAGES.emptyHome} sources={sources} redirectTo="/" />
          ) : (
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Latest AI news stories">
              {shown.map((article) => (
                <li key={article.id}>
                  <NewsCard article={article} now={now} summaryChars={NEWS_LIMITS.homeSummaryChars} onOpen={dialog.show} />
                </li>
              ))}
            </ul>
          )}
        </div>

        <div className="mt-10 text-center">
          <Button asChild size="lg">
            <Link to="/ai-news">
              Read All AI News
              <ArrowRightIcon aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </div>
      <ArticleDialog article={dialog.article} open={dialog.open} onClose={dialog.close} now={now} />
    </section>
  );
}
