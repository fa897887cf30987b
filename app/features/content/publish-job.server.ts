import { defineJob } from "~/.server/jobs";
import { logger } from "~/.server/logger";
import { publishDueItems } from "./items.server";
import { refreshLiveContent } from "./live.server";

/**
 * "Publish at" (docs/content.md, "Publishing"): every working instance looks for items whose time
 * has come every 5 seconds, so a scheduled publish is at most a few seconds late, runs once however
 * many instances look (each item in its own transaction, rows another holds are skipped), and
 * still runs after a restart that spanned its time. A failure is kept on the item, which the
 * admin's content list, the editor and the dashboard show.
 */
export const contentPublishJob = defineJob({
  name: "content-publish",
  localEverySeconds: () => 5,
  handler: async () => {
    const { published, failed } = await publishDueItems();
    for (const { item, error } of failed) logger.warn({ err: error, item }, "Content: a scheduled publish failed");
    if (published.length > 0) {
      logger.info({ items: published }, "Content: scheduled items published");
      await refreshLiveContent();
    }
    return { published: published.length, failed: failed.length };
  },
});
