import { eq, sql } from "drizzle-orm";
import { withTransaction } from "~/.server/db/transaction";
import { newsletterDeliveries, newsletterSubscriptions } from "~/.server/db/tables";
import { logger } from "~/.server/logger";
import { verifyNewsletterToken } from "./token.server";

export type UnsubscribeResult = { status: "unsubscribed" } | { status: "invalid" };

/**
 * Unsubscribes the subscription an unsubscribe token names: `unsubscribed_at`
 * is set to now and `confirmed` to false (docs/product.md#newsletter); deliveries still
 * waiting in today's issue are skipped. Repeating it is harmless. A token of a
 * subscription that was erased also answers "unsubscribed": it is.
 *
 * Only what honours the unsubscribe is kept: the address and the time (so the
 * link keeps working and nothing is mailed again without a new opt-in).
 */
export async function unsubscribeFromNewsletter(token: string | null | undefined, via: "page" | "one-click"): Promise<UnsubscribeResult> {
  const verified = verifyNewsletterToken("unsubscribe", token);
  if (!verified) return { status: "invalid" };
  await withTransaction(async ({ db }) => {
    const updated = await db
      .update(newsletterSubscriptions)
      .set({ confirmed: false, confirmedAt: null, unsubscribedAt: sql`coalesce(${newsletterSubscriptions.unsubscribedAt}, now())` })
      .where(eq(newsletterSubscriptions.id, verified.subscriptionId))
      .returning({ id: newsletterSubscriptions.id });
    if (updated.length === 0) return;
    // Rows a sender holds right now are skipped here (that mail is already on its way); the sender
    // re-checks the subscription when it takes a row, so the rest never go out.
    await db.execute(sql`
      update ${newsletterDeliveries} set status = 'skipped', last_error = 'unsubscribed'
      where id in (
        select id from ${newsletterDeliveries}
        where subscription_id = ${verified.subscriptionId} and status = 'pending'
        for update skip locked
      )`);
  });
  logger.info({ subscriptionId: verified.subscriptionId, via }, "Newsletter unsubscribe");
  return { status: "unsubscribed" };
}
