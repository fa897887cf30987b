import { ArticleDialog } from "./article-dialog";
import { NEWS_MESSAGES, type NewsPageData } from "../schema";
import { updatedLabelTime } from "./updated-label";
import { NewsCard } from "./news-card";
import { NewsEmpty } from "./news-empty";
import { NewsSkeleton } from "./news-skeleton";
import { NewsDegradedNote } from "./news-status-line";
import { NewsTime } from "./news-time";
import { RefreshNewsButton } from "./refresh-news-button";
import { useNewsList } from "./use-news-refresh";

/**
 * /ai-news: 'Latest Stories' with the count and 'Updated' (the last time any source
 * answered, also while all fail now; not shown when none ever did), 'Refresh News', the cards (or the skeleton while an empty list is
 * being filled, or the empty state) and the article dialog. The list is the
 * loader's; a refresh loads it again.
 */
export function NewsHub({ data }: { data: NewsPageData }) {
  const { news, sources } = data;
  const { now, dialog, isBusy } = useNewsList(data);
  const count = news.length;
  const updatedAt = updatedLabelTime(sources);
  const isFilling = count === 0 && sources?.isChecking === true && !isBusy;
  return (
    <section aria-labelledby="latest-stories-heading" className="container-page py-12">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="latest-stories-heading" className="text-3xl font-semibold">
            Latest Stories
          </h2>
          <p className="mt-2 text-sm text-ink-600" data-testid="news-meta">
            <span data-testid="news-count">
              {count} {count === 1 ? "article" : "articles"}
            </span>
            {updatedAt ? (
              <>
                {" · "}
                <span data-testid="news-updated">
                  Updated <NewsTime iso={updatedAt} kind="past" />
                </span>
              </>
            ) : null}
          </p>
        </div>
        <RefreshNewsButton redirectTo="/ai-news" />
      </div>
      {count > 0 ? <NewsDegradedNote sources={sources} /> : null}

      <div className="mt-8">
        {isFilling ? (
          <NewsSkeleton caption="Checking the news sources now…" />
        ) : count === 0 ? (
          <NewsEmpty message={NEWS_MESSAGES.emptyHub} sources={sources} redirectTo="/ai-news" />
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="AI news stories">
            {news.map((article) => (
              <li key={article.id}>
                <NewsCard article={article} now={now} onOpen={dialog.show} />
              </li>
            ))}
          </ul>
        )}
      </div>
      <ArticleDialog article={dialog.article} open={dialog.open} onClose={dialog.close} now={now} />
    </section>
  );
}
