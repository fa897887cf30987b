import { asc, eq } from "drizzle-orm";
import { getDb } from "~/.server/db/client";
import { newsletterDeliveries, newsletterIssues } from "~/.server/db/tables";

/** The daily issues sent (or tried) to one subscription, oldest first. */
export async function subscriptionDeliveries(subscriptionId: string) {
  return getDb()
    .select({
      issueDate: newsletterIssues.issueDate,
      subject: newsletterIssues.subject,
      status: newsletterDeliveries.status,
      attempts: newsletterDeliveries.attempts,
      sentAt: newsletterDeliveries.sentAt,
      lastError: newsletterDeliveries.lastError,
    })
    .from(newsletterDeliveries)
    .innerJoin(newsletterIssues, eq(newsletterIssues.id, newsletterDeliveries.issueId))
    .where(eq(newsletterDeliveries.subscriptionId, subscriptionId))
    .orderBy(asc(newsletterIssues.issueDate));
}
