import { logger } from "~/.server/logger";
import type { ToastInput } from "~/lib/toast";
import { fetchAiNews, FORCE_POLICY } from "./fetch-ai-news.server";
import { spendNewsAllowance } from "./news-rate-limits.server";
import { readRefreshState } from "./refresh-news.server";
import { NEWS_MESSAGES } from "../schema";

/**
 * When the sources were asked less than FORCE_POLICY.minIntervalMinutes ago and no refresh is
 * running, a forced refresh is refused: the visitor is told when to try again, in whole minutes.
 */
export function refreshRefusedToast(state: { running: boolean; lastStartedAt: Date | null; now: Date }): ToastInput | null {
  if (state.running || !state.lastStartedAt) return null;
  const waitMs = state.lastStartedAt.getTime() + FORCE_POLICY.minIntervalMinutes * 60_000 - state.now.getTime();
  if (waitMs <= 0) return null;
  return { type: "info", title: NEWS_MESSAGES.refreshedRecently(Math.max(1, Math.ceil(waitMs / 60_000))) };
}

/**
 * 'Refresh News' and 'Try Again' on the pages (the route action of /ai-news):
 * a forced refresh under the same per-client policy as POST /api/fetch-ai-news
 * (spendNewsAllowance), then at most one upstream refresh per 5 minutes for everyone. The
 * page then shows what is stored and what the sources did; this returns the
 * toast to show when the request itself could not be served, else null.
 */
export async function refreshNewsForVisitor(clientIp: string): Promise<ToastInput | null> {
  try {
    const allowance = await spendNewsAllowance(clientIp, { force: true });
    if (!allowance.allowed) return { type: "error", title: allowance.message };
    const refused = refreshRefusedToast(await readRefreshState());
    if (refused) return refused;
    await fetchAiNews({ force: true });
    return null;
  } catch (error) {
    logger.warn({ err: error }, "News: a refresh asked for on a page failed");
    return { type: "error", title: NEWS_MESSAGES.loadFailed };
  }
}
