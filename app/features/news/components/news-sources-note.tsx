import type { NewsSources } from "../schema";
import { NewsTime } from "./news-time";

/**
 * What is true about the sources, in a sentence or two: being checked now,
 * never checked, none answered (when they were last tried), or checked and
 * answering; then when the schedule tries them again. Never "Updated" when
 * no source answered (docs/news.md, "Empty and degraded states").
 */
export function NewsSourcesNote({ sources }: { sources: NewsSources }) {
  return (
    <>
      <LastTry sources={sources} />
      {sources.nextTryAt && !sources.isChecking ? (
        <>
          {" "}
          <span data-testid="news-next-try">
            Next check <NewsTime iso={sources.nextTryAt} kind="planned" />.
          </span>
        </>
      ) : null}
    </>
  );
}

function LastTry({ sources }: { sources: NewsSources }) {
  const sourceWord = sources.total === 1 ? "source" : "sources";
  if (sources.isChecking) return <span data-testid="news-last-try">Checking the news sources now…</span>;
  if (sources.total === 0) return <span data-testid="news-last-try">No news sources are set up yet.</span>;
  if (!sources.lastTriedAt) return <span data-testid="news-last-try">The news sources have not been checked yet.</span>;
  if (sources.answering === 0) {
    // One string, so the sentence is one text node in the HTML (no React comment inside it).
    const subject = sources.total === 1 ? "Our news source could not" : `None of our ${sources.total} news sources could`;
    return (
      <span data-testid="news-last-try">
        {`${subject} be reached when we last tried, `}
        <NewsTime iso={sources.lastTriedAt} kind="past" />.
      </span>
    );
  }
  return (
    <span data-testid="news-last-try">
      {sources.answering} of {sources.total} {sourceWord} answered when we last checked, <NewsTime iso={sources.lastTriedAt} kind="past" />.
    </span>
  );
}
