import type { JobDefinition } from "./jobs.ts";
import { newsPruneJob, newsRefreshJob } from "../features/news/news-jobs.server.ts";
import { pruneRateLimitsJob } from "./rate-limit.ts";
import { sendMailJob } from "./mail/queue.ts";
import { analyticsNightlyJob, analyticsRollupJob } from "~/features/analytics/analytics-jobs.server";
import { newsletterDailyJob, newsletterPruneJob, newsletterResumeJob } from "~/features/newsletter/newsletter-jobs.server";
import { heldItemsPruneJob } from "~/features/admin/held-items.server";

/**
 * Every background job of the app, registered at boot by the runtime.
 * Features add their `defineJob(...)` here.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- jobs carry different data types
export const jobDefinitions: JobDefinition<any>[] = [
  pruneRateLimitsJob,
  sendMailJob,
  newsRefreshJob,
  newsPruneJob,
  newsletterDailyJob,
  newsletterPruneJob,
  newsletterResumeJob,
  heldItemsPruneJob,
  analyticsRollupJob,
  analyticsNightlyJob,
];
