import { logger } from "~/.server/logger";
import { listLatestNews } from "../read/list-news.server";
import { readRefreshState, refreshNews, type RefreshOptions } from "./refresh-news.server";
import type { FetchAiNewsResponse } from "../schema";

/**
 * POST /api/fetch-ai-news. `force: false` answers from storage. `force: true`
 * asks for an upstream refresh, which happens at most once per 5 minutes
 * across all visitors and instances (the refresh lease in the database);
 * the caller waits for it, bounded, and otherwise gets the stored list.
 * An empty hub counts as a forced request, so the first visitor fills it.
 */

export const FORCE_POLICY = {
  minIntervalMinutes: 5,
  /** How long a request waits for a refresh before answering from storage. */
  waitMs: 12_000,
  pollMs: 250,
} as const;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitForRunningRefresh(deadline: number, previousFinish: number): Promise<void> {
  while (Date.now() < deadline) {
    const state = await readRefreshState();
    if (!state.running || (state.lastFinishedAt?.getTime() ?? 0) > previousFinish) return;
    await sleep(FORCE_POLICY.pollMs);
  }
}

export async function fetchAiNews(
  { force }: { force: boolean },
  options: RefreshOptions & { waitMs?: number } = {},
): Promise<FetchAiNewsResponse> {
  let news = await listLatestNews();
  if (force || news.length === 0) {
    const deadline = Date.now() + (options.waitMs ?? FORCE_POLICY.waitMs);
    const before = await readRefreshState();
    const refresh = refreshNews({ ...options, minIntervalMinutes: FORCE_POLICY.minIntervalMinutes }).catch((error: unknown) => {
      logger.error({ err: error }, "News: requested refresh failed");
      return null;
    });
    // Bounded: a slow refresh goes on in the background and the visitor gets the stored list.
    const outcome = await Promise.race([
      refresh.then((report) => ({ report })),
      sleep(Math.max(0, deadline - Date.now())).then(() => "timeout" as const),
    ]);
    if (outcome !== "timeout" && outcome.report === null && (force || news.length === 0)) {
      // Not ours to run (one ran recently, or one is running elsewhere): wait for a running one.
      await waitForRunningRefresh(deadline, before.lastFinishedAt?.getTime() ?? 0);
    }
    news = await listLatestNews();
  }
  const state = await readRefreshState();
  return { news, updatedAt: state.lastFinishedAt?.toISOString() ?? null };
}
