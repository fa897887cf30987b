import { defineJob } from "~/.server/jobs";
import { logger } from "~/.server/logger";
import { pruneOldNews } from "./prune-news.server";
import { refreshNews } from "./refresh-news.server";

const SLOT_MS = 30 * 60 * 1000;

/** The start of the 30-minute slot (UTC :00 or :30) that `now` falls in. */
export function newsSlotStart(now = new Date()): Date {
  return new Date(Math.floor(now.getTime() / SLOT_MS) * SLOT_MS);
}

/**
 * Every 30 minutes (docs/product.md#limits-and-constants): refresh all feeds, once per slot. pg-boss
 * files one job per schedule slot whichever instances run the schedule; the
 * handler also refuses when a refresh is running anywhere (the lease) or has
 * already finished in this slot, so a duplicate job (a retry, a manual send,
 * a rolling upgrade of pg-boss) never fetches the sources twice in a slot.
 */
export const newsRefreshJob = defineJob({
  name: "news-refresh",
  schedule: "*/30 * * * *",
  handler: async () => {
    const report = await refreshNews({ notFinishedSince: newsSlotStart() });
    if (!report) logger.info("News refresh skipped: another refresh is running or this slot's refresh is done");
  },
});

/** Once a day: delete stories older than NEWS_RETENTION_DAYS. */
export const newsPruneJob = defineJob({
  name: "news-prune",
  schedule: "43 3 * * *",
  handler: async () => {
    const deleted = await pruneOldNews();
    logger.info({ deleted }, "Old news pruned");
  },
});
