import { ArticleDialog } from "~/components/article-dialog";
import { NEWS_MESSAGES } from "../schema";
import { relativeAge } from "../text";
import { NewsCard } from "./news-card";
import { NewsEmpty } from "./news-empty";
import { NewsSkeleton } from "./news-skeleton";
import { RefreshNewsButton } from "./refresh-news-button";
import { useArticleDialog, useNewsList, type NewsListInit } from "./use-news-list";

/** /ai-news: 'Latest Stories' with count, 'Updated' label, refresh, the cards and the article dialog. */
export function NewsHub({ initial }: { initial: NewsListInit }) {
  const list = useNewsList(initial, "prepend");
  const dialog = useArticleDialog();
  const updated = list.updatedAt ?? list.news[0]?.publishedAt ?? null;
  const count = list.news.length;
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
            {updated ? (
              <>
                {" · "}
                <span data-testid="news-updated">
                  Updated <time dateTime={updated}>{relativeAge(updated, list.now).toLowerCase()}</time>
                </span>
              </>
            ) : null}
          </p>
        </div>
        <RefreshNewsButton busy={list.isBusy} onRefresh={list.refresh} redirectTo="/ai-news" />
      </div>

      <div className="mt-8">
        {list.isLoading ? (
          <NewsSkeleton />
        ) : count === 0 ? (
          <NewsEmpty message={NEWS_MESSAGES.emptyHub} action="/ai-news" onRetry={list.retry} />
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="AI news stories">
            {list.news.map((article) => (
              <li key={article.id}>
                <NewsCard article={article} now={list.now} onOpen={dialog.show} />
              </li>
            ))}
          </ul>
        )}
      </div>
      <ArticleDialog article={dialog.article} open={dialog.open} onClose={dialog.close} now={list.now} />
    </section>
  );
}
