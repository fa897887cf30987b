import { consumeRateLimit, defineRateLimit, hashClientIp, type RateLimitDefinition } from "../rate-limit";
import { consumeAiBudget } from "./budget";
import { aiNotConfigured } from "./errors";
import { isAiConfigured } from "./provider";

/**
 * The checks in front of every AI endpoint, in this order:
 *   assertAiConfigured()  503 "not available" when no provider is set (before reading the body)
 *   guardAiRequest()      per-IP limit of the tool family (429), global burst limit (429),
 *                         the client's share of the day (429) and the daily budget (503,
 *                         both until the next UTC day)
 */
export function assertAiConfigured(): void {
  if (!isAiConfigured()) throw aiNotConfigured();
}

/** A per-IP limit for one family of AI tools: 20 requests per 10 minutes unless told otherwise. */
export function defineAiRateLimit(name: string, points = 20, durationSeconds = 600): RateLimitDefinition {
  return defineRateLimit({
    name,
    points,
    durationSeconds,
    message: "You are sending requests quickly. Please wait a few minutes and try again.",
  });
}

/** Every AI request from everyone: caps a burst that the per-IP limits let through. */
export const aiGlobalBurstLimit = defineRateLimit({
  name: "ai-global",
  points: 120,
  durationSeconds: 60,
  message: "The AI tools are very busy right now. Please try again in a minute.",
});

export async function guardAiRequest({ limit, clientIp }: { limit: RateLimitDefinition; clientIp: string }): Promise<void> {
  assertAiConfigured();
  await consumeRateLimit(limit, hashClientIp(clientIp));
  await consumeRateLimit(aiGlobalBurstLimit, "all");
  await consumeAiBudget(new Date(), { clientIp });
}
