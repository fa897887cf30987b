import { and, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { getDb } from "~/.server/db/client";
import { changeOneRow } from "~/.server/db/transaction";
import { newsletterSubscriptions as subs } from "~/.server/db/tables";
import { subscriptionFields, type SubscriptionStatus } from "~/features/newsletter/subscription-deliveries.server";
import { csvColumns, csvFilename, toCsv } from "./csv.server";
import type { ListQuery } from "./schema";
import { containsAny, newestFirstPage } from "./search.server";

export async function countSubscribers(): Promise<Record<SubscriptionStatus, number>> {
  const [row] = await getDb()
    .select({
      confirmed:
        sql<number>`count(*) filter (where ${subs.confirmed} and ${subs.unsubscribedAt} is null and ${subs.bouncedAt} is null)`.mapWith(
          Number,
        ),
      pending:
        sql<number>`count(*) filter (where not ${subs.confirmed} and ${subs.unsubscribedAt} is null and ${subs.bouncedAt} is null)`.mapWith(
          Number,
        ),
      unsubscribed: sql<number>`count(*) filter (where ${subs.unsubscribedAt} is not null)`.mapWith(Number),
      bounced: sql<number>`count(*) filter (where ${subs.bouncedAt} is not null and ${subs.unsubscribedAt} is null)`.mapWith(Number),
    })
    .from(subs);
  return row ?? { confirmed: 0, pending: 0, unsubscribed: 0, bounced: 0 };
}

function statusFilter(status: SubscriptionStatus | undefined) {
  if (status === "unsubscribed") return isNotNull(subs.unsubscribedAt);
  if (status === "bounced") return and(isNotNull(subs.bouncedAt), isNull(subs.unsubscribedAt));
  if (status === "confirmed") return and(eq(subs.confirmed, true), isNull(subs.unsubscribedAt), isNull(subs.bouncedAt));
  if (status === "pending") return and(eq(subs.confirmed, false), isNull(subs.unsubscribedAt), isNull(subs.bouncedAt));
  return undefined;
}

export async function listSubscribers(query: ListQuery & { status?: SubscriptionStatus }) {
  const { rows, ...position } = await newestFirstPage(
    subs,
    and(containsAny(query.q, [subs.email]), statusFilter(query.status)),
    query.page,
  );
  return { subscribers: rows.map(subscriptionFields), ...position };
}

export async function exportSubscribersCsv(query: { q: string; status?: SubscriptionStatus }) {
  const rows = await getDb()
    .select()
    .from(subs)
    .where(and(containsAny(query.q, [subs.email]), statusFilter(query.status)))
    .orderBy(desc(subs.createdAt));
  const csv = toCsv(
    csvColumns("email", "status", "source", "createdAt", "confirmedAt", "unsubscribedAt", "bouncedAt", "id"),
    rows.map(subscriptionFields),
  );
  return { csv, filename: csvFilename("subscribers"), count: rows.length };
}

/** Erases a subscription (GDPR); not_found when there is none. */
export async function deleteSubscriber(id: string): Promise<void> {
  await changeOneRow((tx) => tx.db.delete(subs).where(eq(subs.id, id)).returning({ id: subs.id }), "No subscriber with this id.");
}
