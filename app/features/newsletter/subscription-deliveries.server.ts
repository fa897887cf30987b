import { asc, eq } from "drizzle-orm";
import { getDb } from "~/.server/db/client";
import { newsletterDeliveries, newsletterIssues, type newsletterSubscriptions } from "~/.server/db/tables";

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

export type SubscriptionStatus = "confirmed" | "pending" | "unsubscribed" | "bounced";

/**
 * A subscription is unsubscribed once unsubscribed_at is set; else bounced once the mail server
 * refused the address for good (bounced_at, set by the newsletter sender: such addresses get no
 * more issues); else confirmed or pending (double opt-in).
 */
export function subscriptionStatus(row: { confirmed: boolean; unsubscribedAt: Date | null; bouncedAt: Date | null }): SubscriptionStatus {
  if (row.unsubscribedAt) return "unsubscribed";
  if (row.bouncedAt) return "bounced";
  return row.confirmed ? "confirmed" : "pending";
}

/** A subscription's own fields, its dates as ISO strings (the admin list's row, and the export's start). */
export function subscriptionFields(row: typeof newsletterSubscriptions.$inferSelect) {
  return {
    id: row.id,
    email: row.email,
    status: subscriptionStatus(row),
    source: row.source,
    createdAt: row.createdAt.toISOString(),
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    unsubscribedAt: row.unsubscribedAt?.toISOString() ?? null,
    bouncedAt: row.bouncedAt?.toISOString() ?? null,
  };
}

/** Everything the newsletter holds about one subscription (GDPR access request), with the issues sent to it. */
export async function exportSubscription(row: typeof newsletterSubscriptions.$inferSelect) {
  const deliveries = await subscriptionDeliveries(row.id);
  return {
    ...subscriptionFields(row),
    deliveries: deliveries.map((delivery) => ({ ...delivery, sentAt: delivery.sentAt?.toISOString() ?? null })),
  };
}

export type SubscriptionExport = Awaited<ReturnType<typeof exportSubscription>>;
