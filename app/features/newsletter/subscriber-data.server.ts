import { asc, eq, sql } from "drizzle-orm";
import { getDb } from "~/.server/db/client";
import { withTransaction } from "~/.server/db/transaction";
import { newsletterDeliveries, newsletterIssues, newsletterSubscriptions } from "~/.server/db/schema";
import { logger } from "~/.server/logger";

/** Everything the newsletter holds about one address (GDPR access request). */
export type SubscriberExport = {
  email: string;
  status: "confirmed" | "pending" | "unsubscribed" | "bounced";
  source: string;
  createdAt: string;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
  bouncedAt: string | null;
  deliveries: Array<{ issueDate: string; subject: string; status: string; attempts: number; sentAt: string | null; lastError: string | null }>;
};

const byEmail = (email: string) => eq(sql`lower(${newsletterSubscriptions.email})`, email.trim().toLowerCase());

export async function exportSubscriberData(email: string): Promise<SubscriberExport | null> {
  const db = getDb();
  const [row] = await db.select().from(newsletterSubscriptions).where(byEmail(email)).limit(1);
  if (!row) return null;
  const deliveries = await db
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
    .where(eq(newsletterDeliveries.subscriptionId, row.id))
    .orderBy(asc(newsletterIssues.issueDate));
  return {
    email: row.email,
    status: row.unsubscribedAt ? "unsubscribed" : row.bouncedAt ? "bounced" : row.confirmed ? "confirmed" : "pending",
    source: row.source,
    createdAt: row.createdAt.toISOString(),
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    unsubscribedAt: row.unsubscribedAt?.toISOString() ?? null,
    bouncedAt: row.bouncedAt?.toISOString() ?? null,
    deliveries: deliveries.map((d) => ({ ...d, sentAt: d.sentAt?.toISOString() ?? null })),
  };
}

/**
 * Erases an address (GDPR erasure): its subscription, its delivery rows, and
 * confirmation mails still queued for it. Unsubscribe links it holds then
 * answer "unsubscribed"; signing up again starts from scratch.
 */
export async function eraseSubscriber(email: string): Promise<{ erased: boolean; queuedMailsRemoved: number }> {
  const address = email.trim().toLowerCase();
  return withTransaction(async ({ db }) => {
    const deleted = await db.delete(newsletterSubscriptions).where(byEmail(address)).returning({ id: newsletterSubscriptions.id });
    let queuedMailsRemoved = 0;
    const { rows } = await db.execute<{ exists: boolean }>(sql`select to_regclass('pgboss.job') is not null as exists`);
    if (rows[0]?.exists) {
      const removed = await db.execute(sql`
        delete from pgboss.job
        where name = 'send-mail' and state in ('created', 'retry') and lower(data->>'to') = ${address}`);
      queuedMailsRemoved = removed.rowCount ?? 0;
    }
    if (deleted.length > 0) logger.info({ subscriptionId: deleted[0]!.id }, "Newsletter subscriber erased");
    return { erased: deleted.length > 0, queuedMailsRemoved };
  });
}
