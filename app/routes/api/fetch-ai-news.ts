import { z } from "zod";
import { answerApi, jsonOk, parseOr400, postOnly, readJsonBody, requireMethod } from "~/.server/api";
import { AppError } from "~/.server/errors";
import { requestInfoContext } from "~/.server/request-context";
import { fetchAiNews } from "~/features/news/fetch/fetch-ai-news.server";
import { spendNewsAllowance } from "~/features/news/fetch/news-rate-limits.server";
import type { Route } from "./+types/fetch-ai-news";

/**
 * POST /api/fetch-ai-news {force} -> {news: [...], updatedAt}
 * Forced refreshes reach the sources at most once per 5 minutes in total;
 * the per-client policy (spendNewsAllowance, shared with the pages' refresh) only stops a single
 * client from flooding us.
 */
/** Body of POST /api/fetch-ai-news (kept here so the news pages ship without zod). */
const fetchAiNewsRequestSchema = z.object({
  force: z.boolean({ error: "force must be true or false" }).optional().default(false),
});

export function action({ request, context }: Route.ActionArgs) {
  return answerApi(request, async () => {
    requireMethod(request, "POST");
    const { force } = parseOr400(fetchAiNewsRequestSchema, (await readJsonBody(request)) ?? {});
    const allowance = await spendNewsAllowance(context.get(requestInfoContext).clientIp, { force });
    if (!allowance.allowed) throw new AppError("rate_limited", allowance.message, { retryAfterSeconds: allowance.retryAfterSeconds });
    return jsonOk(await fetchAiNews({ force }));
  });
}

export const loader = postOnly;
