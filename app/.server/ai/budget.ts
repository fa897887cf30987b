import { and, asc, eq, gte, lte, sql } from "drizzle-orm";
import type { LanguageModelUsage } from "ai";
import { AppError } from "../errors";
import { getDb } from "../db/client";
import { aiDailyUsage } from "../db/tables/index";
import { getEnv } from "../env";
import { logger } from "../logger";
import { defineRateLimit, hashClientIp, tryConsumeRateLimit } from "../rate-limit";
import { AI_ERROR_MESSAGES } from "./errors";
import { utcDay } from "~/lib/utc-day";

/** Seconds until the next UTC midnight, when the budget starts over. */
export function secondsUntilNextUtcDay(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

/**
 * Counts one AI request against today's global budget (AI_DAILY_REQUEST_BUDGET),
 * in one atomic statement so that every instance shares the count. Over the
 * budget, or once the day's reported tokens have reached AI_DAILY_TOKEN_BUDGET
 * (recordAiTokens; decision 0186): AppError `unavailable` with Retry-After until the
 * next UTC day. Tokens are known only after an answer, so the answer that
 * crosses the token budget is still given; the next request is refused.
 * With `clientIp` (a visitor's request), first against that client's share of
 * the day (AI_CLIENT_DAILY_SHARE_PERCENT of the budget, at least 1; decision
 * 0178): over it, AppError `rate_limited` with Retry-After until the next UTC day, so a
 * few addresses cannot spend everyone's day.
 */
export async function consumeAiBudget(now = new Date(), options: { clientIp?: string } = {}): Promise<void> {
  const { AI_DAILY_REQUEST_BUDGET: budget, AI_CLIENT_DAILY_SHARE_PERCENT: percent, AI_DAILY_TOKEN_BUDGET: tokenBudget } = getEnv();
  if (options.clientIp !== undefined) {
    const share = Math.max(1, Math.floor((budget * percent) / 100));
    // Named by its size: a changed setting starts a new counter rather than reusing one sized for the old.
    const limit = defineRateLimit({ name: `ai-client-day-${share}`, points: share, durationSeconds: 25 * 3600 });
    const counted = await tryConsumeRateLimit(limit, `${hashClientIp(options.clientIp || "unknown")}:${utcDay(now)}`);
    if (!counted.allowed) {
      throw new AppError("rate_limited", AI_ERROR_MESSAGES.clientShareSpent, { retryAfterSeconds: secondsUntilNextUtcDay(now) });
    }
  }
  const counted = await getDb()
    .insert(aiDailyUsage)
    .values({ day: utcDay(now), requests: 1 })
    .onConflictDoUpdate({
      target: aiDailyUsage.day,
      set: { requests: sql`${aiDailyUsage.requests} + 1`, updatedAt: sql`now()` },
      setWhere: sql`${aiDailyUsage.requests} < ${budget} and ${aiDailyUsage.tokens} < ${tokenBudget}`,
    })
    .returning({ requests: aiDailyUsage.requests });
  if (counted.length === 0) {
    throw new AppError("unavailable", AI_ERROR_MESSAGES.budgetExhausted, { retryAfterSeconds: secondsUntilNextUtcDay(now) });
  }
}

/** The tokens a provider reported for one answer (input plus output), or undefined when it reported none. */
export function reportedTokens(usage: LanguageModelUsage | undefined): number | undefined {
  if (!usage) return undefined;
  const { inputTokens, outputTokens, totalTokens } = usage;
  if (inputTokens === undefined && outputTokens === undefined) return totalTokens;
  return (inputTokens ?? 0) + (outputTokens ?? 0);
}

/**
 * Adds the tokens of one finished answer to the day's count (AI_DAILY_TOKEN_BUDGET).
 * A provider that reports no usage adds nothing: its answers count by requests
 * only. A failure to record is logged, never the visitor's problem.
 */
export async function recordAiTokens(usage: LanguageModelUsage | undefined, now = new Date()): Promise<void> {
  const tokens = reportedTokens(usage);
  if (tokens === undefined || !Number.isFinite(tokens) || tokens <= 0) return;
  try {
    await getDb()
      .insert(aiDailyUsage)
      .values({ day: utcDay(now), tokens: Math.round(tokens) })
      .onConflictDoUpdate({
        target: aiDailyUsage.day,
        set: { tokens: sql`${aiDailyUsage.tokens} + ${Math.round(tokens)}`, updatedAt: sql`now()` },
      });
  } catch (error) {
    logger.warn({ err: error, tokens }, "Could not record the tokens of an AI answer");
  }
}

/** Requests counted so far on the UTC day of `now`. */
export async function aiRequestsToday(now = new Date()): Promise<number> {
  const [row] = await getDb()
    .select()
    .from(aiDailyUsage)
    .where(eq(aiDailyUsage.day, utcDay(now)));
  return row?.requests ?? 0;
}

/** Requests and reported tokens counted per UTC day from `fromDay` to `toDay` (days without any are absent). */
export async function aiRequestsByDay(fromDay: string, toDay: string): Promise<Array<{ day: string; requests: number; tokens: number }>> {
  return getDb()
    .select({ day: aiDailyUsage.day, requests: aiDailyUsage.requests, tokens: aiDailyUsage.tokens })
    .from(aiDailyUsage)
    .where(and(gte(aiDailyUsage.day, fromDay), lte(aiDailyUsage.day, toDay)))
    .orderBy(asc(aiDailyUsage.day));
}
