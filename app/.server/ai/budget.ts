import { and, asc, eq, gte, lte, sql } from "drizzle-orm";
import { ApiError } from "../api.ts";
import { getDb } from "../db/client.ts";
import { aiDailyUsage } from "../db/schema/index.ts";
import { getEnv } from "../env.ts";
import { defineRateLimit, hashClientIp, tryConsumeRateLimit } from "../rate-limit.ts";
import { AI_ERROR_MESSAGES } from "./errors.ts";
import { utcDay } from "~/lib/utc-day";


/** Seconds until the next UTC midnight, when the budget starts over. */
export function secondsUntilNextUtcDay(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

/**
 * Counts one AI request against today's global budget (AI_DAILY_REQUEST_BUDGET),
 * in one atomic statement so that every instance shares the count. Over the
 * budget: ApiError 503 with Retry-After until the next UTC day.
 * With `clientIp` (a visitor's request), first against that client's share of
 * the day (AI_CLIENT_DAILY_SHARE_PERCENT of the budget, at least 1; decision
 * 0178): over it, ApiError 429 with Retry-After until the next UTC day, so a
 * few addresses cannot spend everyone's day.
 */
export async function consumeAiBudget(now = new Date(), options: { clientIp?: string } = {}): Promise<void> {
  const { AI_DAILY_REQUEST_BUDGET: budget, AI_CLIENT_DAILY_SHARE_PERCENT: percent } = getEnv();
  if (options.clientIp !== undefined) {
    const share = Math.max(1, Math.floor((budget * percent) / 100));
    // Named by its size: a changed setting starts a new counter rather than reusing one sized for the old.
    const limit = defineRateLimit({ name: `ai-client-day-${share}`, points: share, durationSeconds: 25 * 3600 });
    const counted = await tryConsumeRateLimit(limit, `${hashClientIp(options.clientIp || "unknown")}:${utcDay(now)}`);
    if (!counted.allowed) {
      throw new ApiError(429, AI_ERROR_MESSAGES.clientShareSpent, { "Retry-After": String(secondsUntilNextUtcDay(now)) });
    }
  }
  const counted = await getDb()
    .insert(aiDailyUsage)
    .values({ day: utcDay(now), requests: 1 })
    .onConflictDoUpdate({
      target: aiDailyUsage.day,
      set: { requests: sql`${aiDailyUsage.requests} + 1`, updatedAt: sql`now()` },
      setWhere: sql`${aiDailyUsage.requests} < ${budget}`,
    })
    .returning({ requests: aiDailyUsage.requests });
  if (counted.length === 0) {
    throw new ApiError(503, AI_ERROR_MESSAGES.budgetExhausted, { "Retry-After": String(secondsUntilNextUtcDay(now)) });
  }
}

/** Requests counted so far on the UTC day of `now`. */
export async function aiRequestsToday(now = new Date()): Promise<number> {
  const [row] = await getDb().select().from(aiDailyUsage).where(eq(aiDailyUsage.day, utcDay(now)));
  return row?.requests ?? 0;
}

/** Requests counted per UTC day from `fromDay` to `toDay` (days without any are absent). */
export async function aiRequestsByDay(fromDay: string, toDay: string): Promise<Array<{ day: string; requests: number }>> {
  return getDb()
    .select({ day: aiDailyUsage.day, requests: aiDailyUsage.requests })
    .from(aiDailyUsage)
    .where(and(gte(aiDailyUsage.day, fromDay), lte(aiDailyUsage.day, toDay)))
    .orderBy(asc(aiDailyUsage.day));
}
