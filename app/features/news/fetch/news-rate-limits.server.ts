import { defineRateLimit, hashClientIp, tryConsumeRateLimit, type RateLimitDefinition } from "~/.server/rate-limit";

/**
 * Per-client limits on news requests, the pages' 'Refresh News' and POST /api/fetch-ai-news alike. The sources themselves are
 * protected by the global once-per-5-minutes rule in fetch-ai-news.server.ts;
 * these only stop one client from flooding the server.
 */
export const newsReadLimit = defineRateLimit({ name: "news-read-ip", points: 120, durationSeconds: 60 });

export const newsForceLimit = defineRateLimit({
  name: "news-force-ip",
  points: 20,
  durationSeconds: 600,
  message: "Too many refresh requests. The news updates every 30 minutes; please try again later.",
});

export type NewsAllowance = { allowed: true } | { allowed: false; message: string; retryAfterSeconds: number };

const refusal = (limit: RateLimitDefinition, retryAfterSeconds: number): NewsAllowance => ({
  allowed: false,
  message: limit.message ?? "Too many requests. Please wait a moment and try again.",
  retryAfterSeconds,
});

/**
 * The one per-client policy of news requests: every request counts against newsReadLimit, a
 * forced refresh against newsForceLimit too. The API answers a refusal as 429 with Retry-After,
 * the pages as a toast with the same message.
 */
export async function spendNewsAllowance(clientIp: string, { force }: { force: boolean }): Promise<NewsAllowance> {
  const key = hashClientIp(clientIp);
  const read = await tryConsumeRateLimit(newsReadLimit, key);
  if (!read.allowed) return refusal(newsReadLimit, read.retryAfterSeconds);
  if (!force) return { allowed: true };
  const forced = await tryConsumeRateLimit(newsForceLimit, key);
  return forced.allowed ? { allowed: true } : refusal(newsForceLimit, forced.retryAfterSeconds);
}
