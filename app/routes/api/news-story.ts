import { answerApi, jsonOk, requireMethod } from "~/.server/api";
import { AppError } from "~/.server/errors";
import { getNewsArticle } from "~/features/news/read/list-news.server";
import type { Route } from "./+types/news-story";

/**
 * GET /api/news/:id -> `{ article: { id, title, summary, fullContent, source, sourceUrl,
 * publishedAt } }`: one stored story with its full text, for the article dialog (the pages'
 * lists carry the stories without it). 404 `{ error }` for an unknown or malformed id.
 */
export function loader({ request, params }: Route.LoaderArgs) {
  return answerApi(request, async () => {
    requireMethod(request, "GET", "HEAD");
    const article = await getNewsArticle(params.id);
    if (!article) throw new AppError("not_found", "No story with this id.");
    return jsonOk({ article });
  });
}

export function action({ request }: Route.ActionArgs) {
  return answerApi(request, async () => {
    requireMethod(request, "GET", "HEAD");
    return jsonOk({});
  });
}
