import { defineJob } from "~/.server/jobs";
import { logger } from "~/.server/logger";
import { attributeLateConversions } from "./record-conversion.server";
import { addDays, oldestCompleteDay, pruneAnalytics, rollupDays } from "./rollup.server";
import { utcDay } from "~/lib/utc-day";
import { deletePastSalts } from "./visitor-key.server";

/** How many past days the nightly job recomputes (catching up after an outage), within the retention. */
export const NIGHTLY_ROLLUP_DAYS = 7;

/**
 * Every 10 minutes: today's and yesterday's aggregates, and conversions whose visit was
 * written after them. On pg-boss, so with several instances each run happens once.
 */
export async function runAnalyticsRollup(now = new Date()): Promise<{ rows: number; attributed: number }> {
  const today = utcDay(now);
  const yesterday = addDays(today, -1);
  const from = yesterday < oldestCompleteDay(today) ? today : yesterday;
  const rows = await rollupDays(from, today);
  const attributed = await attributeLateConversions(yesterday);
  return { rows, attributed };
}

export const analyticsRollupJob = defineJob({
  name: "analytics-rollup",
  schedule: "*/10 * * * *",
  handler: async () => runAnalyticsRollup(),
});

/**
 * After midnight UTC: the final aggregates of the last days, then yesterday's salt is deleted
 * (no visitor key of that day can be computed again), then raw data past the retention goes.
 */
export async function runAnalyticsNightly(now = new Date()) {
  const today = utcDay(now);
  const oldest = oldestCompleteDay(today);
  const candidate = addDays(today, -NIGHTLY_ROLLUP_DAYS);
  const from = candidate < oldest ? oldest : candidate;
  const yesterday = addDays(today, -1);
  const rows = from <= yesterday ? await rollupDays(from, yesterday) : 0;
  const salts = await deletePastSalts(today);
  const pruned = await pruneAnalytics(today);
  return { rows, salts, ...pruned };
}

export const analyticsNightlyJob = defineJob({
  name: "analytics-nightly",
  schedule: "5 0 * * *",
  handler: async () => {
    const result = await runAnalyticsNightly();
    logger.info(result, "Analytics: days rolled up, past salts deleted, old events pruned");
    return result;
  },
});
