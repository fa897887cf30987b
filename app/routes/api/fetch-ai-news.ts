import { z } from "zod";
import { apiHandler, ApiError, jsonOk, readJsonBody } from "~/.server/api";
import { consumeRateLimit, hashClientIp } from "~/.server/rate-limit";
import { requestInfoContext } from "~/.server/request-context";
import { fetchAiNews } from "~/features/news/fetch-ai-news.server";
import { newsForceLimit, newsReadLimit } from "~/features/news/news-rate-limits.server";
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

const handle = (clientIp: string) =>
  apiHandler(["POST"], async (request) => {
    const parsed = fetchAiNewsRequestSchema.safeParse((await readJsonBody(request)) ?? {});
    if (!parsed.success) throw new ApiError(400, parsed.error.issues[0]?.message ?? "Invalid request.");
    const key = hashClientIp(clientIp);
    await consumeRateLimit(newsReadLimit, key);
    if (parsed.data.force) await consumeRateLimit(newsForceLimit, key);
    return jsonOk(await fetchAiNews({ force: parsed.data.force }));
  });

export function action({ request, context }: Route.ActionArgs) {
  return handle(context.get(requestInfoContext).clientIp)({ request });
}

export function loader({ request, context }: Route.LoaderArgs) {
  return handle(context.get(requestInfoContext).clientIp)({ request });
}
