import type { JobDefinition } from "~/.server/jobs.ts";
import { pruneRateLimitsJob } from "~/.server/rate-limit.ts";
import { pruneMailDeliveriesJob, sendMailJob } from "~/.server/mail/queue.ts";
import { heldItemsPruneJob } from "~/features/admin/held-items.server.ts";
import { analyticsNightlyJob, analyticsRollupJob } from "~/features/analytics/analytics-jobs.server.ts";
import { quietLeadJob } from "~/features/chat/lead-notification.server.ts";
import { chatRepliesPruneJob } from "~/features/chat/own-replies.server.ts";
import { newsPruneJob, newsRefreshJob } from "~/features/news/fetch/news-jobs.server.ts";
import { deliverWebhookJob, webhookFanOutJob, webhookPruneJob } from "~/features/webhooks/deliveries.server.ts";
import { bookingMailsJob } from "~/features/mentoring/booking-mail-jobs.server.ts";
import { calendarRefreshJob, calendarSyncJob } from "~/features/mentoring/calendar-jobs.server.ts";
import { lapseHoldsJob } from "~/features/mentoring/bookings-shared.server.ts";
import { mentoringRemindersJob } from "~/features/mentoring/reminders.server.ts";
import { morningDigestJob } from "~/features/inbox/morning-digest.server.ts";
import { contentPublishJob } from "~/features/content/publish-job.server.ts";
import { newsletterDailyJob, newsletterPruneJob, newsletterResumeJob } from "~/features/newsletter/newsletter-jobs.server.ts";

/**
 * Every background job of the app, handed to the runtime at start (server/app.ts): the platform
 * (app/.server) runs the queue but does not know the features, so the list lives here, above
 * both. A feature declares its job with `defineJob(...)` and adds it to this list.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- jobs carry different data types
export const jobDefinitions: JobDefinition<any>[] = [
  pruneRateLimitsJob,
  sendMailJob,
  pruneMailDeliveriesJob,
  newsRefreshJob,
  newsPruneJob,
  newsletterDailyJob,
  newsletterPruneJob,
  newsletterResumeJob,
  heldItemsPruneJob,
  quietLeadJob,
  chatRepliesPruneJob,
  analyticsRollupJob,
  analyticsNightlyJob,
  webhookFanOutJob,
  deliverWebhookJob,
  webhookPruneJob,
  morningDigestJob,
  bookingMailsJob,
  calendarSyncJob,
  calendarRefreshJob,
  mentoringRemindersJob,
  lapseHoldsJob,
  contentPublishJob,
];
