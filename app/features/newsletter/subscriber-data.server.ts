import { eq, sql } from "drizzle-orm";
import { getDb } from "~/.server/db/client";
import { exportSubscription, type SubscriptionExport } from "./subscription-deliveries.server";
import { withTransaction, type Transaction } from "~/.server/db/transaction";
import { newsletterSubscriptions } from "~/.server/db/tables";
import { logger } from "~/.server/logger";
import { eraseInTransaction } from "~/features/inbox/person-data.server";

/** Everything the newsletter holds about one address (GDPR access request). */
export type SubscriberExport = Omit<SubscriptionExport, "id">;

const byEmail = (email: string) => eq(sql`lower(btrim(${newsletterSubscriptions.email}))`, email.trim().toLowerCase());

export async function exportSubscriberData(email: string): Promise<SubscriberExport | null> {
  const [row] = await getDb().select().from(newsletterSubscriptions).where(byEmail(email)).limit(1);
  if (!row) return null;
  const { id: _id, ...subscription } = await exportSubscription(row);
  return subscription;
}

/**
 * Erases an address from the newsletter (GDPR erasure): its subscription, its delivery rows,
 * and confirmation mails still queued for it. Unsubscribe links it holds then answer
 * "unsubscribed"; signing up again starts from scratch. When the subscription is all the site
 * holds about the person (no chat, form, enquiry, mail or note), the person goes too, with
 * everything `erasePerson` removes (docs/inbox.md, "Personal data (export and erase)"); a person
 * who also wrote to the studio keeps the rest, which the per-person erase removes.
 */
export async function eraseSubscriber(
  email: string,
  /** Runs in the erasure's transaction when something was erased (the admin page's audit entry). */
  onErased?: (tx: Transaction) => Promise<void>,
): Promise<{ erased: boolean; queuedMailsRemoved: number; personErased: boolean }> {
  const address = email.trim().toLowerCase();
  return withTransaction(async (tx) => {
    const { db } = tx;
    const [subscription] = await db
      .select({ id: newsletterSubscriptions.id, personId: newsletterSubscriptions.personId })
      .from(newsletterSubscriptions)
      .where(byEmail(address))
      .for("update");
    const person = subscription?.personId ? await onlySubscribed(tx, subscription.personId) : null;
    if (subscription && person) {
      const counts = await eraseInTransaction(tx, person);
      await onErased?.(tx);
      logger.info(
        { subscriptionId: subscription.id, personId: person.id },
        "Newsletter subscriber erased, and the person with it (nothing else was held)",
      );
      return { erased: true, queuedMailsRemoved: counts.queuedJobs, personErased: true };
    }
    const deleted = await db.delete(newsletterSubscriptions).where(byEmail(address)).returning({ id: newsletterSubscriptions.id });
    let queuedMailsRemoved = 0;
    const { rows } = await db.execute<{ exists: boolean }>(sql`select to_regclass('pgboss.job') is not null as exists`);
    if (rows[0]?.exists) {
      const removed = await db.execute(sql`
        delete from pgboss.job
        where name = 'send-mail' and state in ('created', 'retry') and lower(data->>'to') = ${address}`);
      queuedMailsRemoved = removed.rowCount ?? 0;
    }
    if (deleted.length > 0) {
      await onErased?.(tx);
      logger.info({ subscriptionId: deleted[0]!.id }, "Newsletter subscriber erased");
    }
    return { erased: deleted.length > 0, queuedMailsRemoved, personErased: false };
  });
}

/** The person (locked), when the subscription is the only thing held about them; otherwise null. */
async function onlySubscribed(tx: Transaction, personId: string): Promise<{ id: string; emailKey: string } | null> {
  const { rows } = await tx.db.execute<{ id: string; email_key: string }>(sql`
    select p.id, p.email_key from people p
    where p.id = ${personId}
      and not exists (select 1 from leads where person_id = p.id)
      and not exists (select 1 from submissions where person_id = p.id)
      and not exists (select 1 from enquiries where person_id = p.id)
      and not exists (select 1 from inbox_mails where person_id = p.id)
      and not exists (select 1 from inbox_events where person_id = p.id)
    for update`);
  const row = rows[0];
  return row ? { id: row.id, emailKey: row.email_key } : null;
}
