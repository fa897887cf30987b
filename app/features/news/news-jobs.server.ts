import { defineJob } from "~/.server/jobs";
import { logger } from "~/.server/logger";
import { pruneOldNews } from "./prune-news.server";
import { refreshNews } from "./refresh-news.server";

/** Every 30 minutes (SPEC section 9): refresh all feeds, unless a refresh is already running somewhere. */
export const newsRefreshJob = defineJob({
  name: "news-refresh",
  schedule: "*/30 * * * *",
  handler: async () => {
    const report = await refreshNews();
    if (!report) logger.info("News refresh skipped: another refresh is running");
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
