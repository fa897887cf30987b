import { z } from "zod";
import { answerApi, jsonOk, parseOr400, postOnly, readJsonBody, requireMethod } from "~/.server/api";
import { consumeRateLimit, hashClientIp } from "~/.server/rate-limit";
import { requestInfoContext } from "~/.server/request-context";
import { fetchAiNews } from "~/features/news/fetch/fetch-ai-news.server";
import { newsForceLimit, newsReadLimit } from "~/features/news/fetch/news-rate-limits.server";
import type { Route } from "./+types/fetch-ai-news";

/**
 * POST /api/fetch-ai-news {force} -> {news: [...], updatedAt}
 * Forced refreshes reach the sources at most once per 5 minutes in total;
 * the per-IP limits (news-rate-limits.server.ts) only stop a single client from flooding us.
 */
/** Body of POST /api/fetch-ai-news (kept here so the news pages ship without zod). */
const fetchAiNewsRequestSchema = z.object({
  force: z.boolean({ error: "force must be true or false" }).optional().default(false),
});

export function action({ request, context }: Route.ActionArgs) {
  return answerApi(request, async () => {
    requireMethod(request, "POST");
    const { force } = parseOr400(fetchAiNewsRequestSchema, (await readJsonBody(request)) ?? {});
    const key = hashClientIp(context.get(requestInfoContext).clientIp);
    await consumeRateLimit(newsReadLimit, key);
    if (force) await consumeRateLimit(newsForceLimit, key);
    return jsonOk(await fetchAiNews({ force }));
  });
}

export const loader = postOnly;
