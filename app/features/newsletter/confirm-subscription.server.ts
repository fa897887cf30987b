import { eq } from "drizzle-orm";
import { getDb } from "~/.server/db/client";
import { newsletterSubscriptions } from "~/.server/db/tables";
import { logger } from "~/.server/logger";
import { recordConversion, type VisitRef } from "~/features/analytics/record-conversion.server";
import { subscriptionStatus } from "./subscription-deliveries.server";
import { verifyNewsletterToken } from "./token.server";

/** A confirmation link works this long after it was mailed. */
export const CONFIRMATION_TTL_MS = 7 * 24 * 3600 * 1000;

export type ConfirmationCheck =
  { status: "valid"; subscriptionId: string; email: string; alreadyConfirmed: boolean } | { status: "invalid" | "expired" };

/**
 * Whether a confirmation token can confirm its subscription. A link mailed
 * before the address unsubscribed does not re-subscribe it: re-subscribing
 * takes a new sign-up and a new link (docs/product.md#newsletter).
 */
export async function checkConfirmationToken(token: string | null, now = new Date()): Promise<ConfirmationCheck> {
  const verified = verifyNewsletterToken("confirm", token);
  if (!verified) return { status: "invalid" };
  if (now.getTime() - verified.issuedAt.getTime() > CONFIRMATION_TTL_MS) return { status: "expired" };
  const [row] = await getDb()
    .select()
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.id, verified.subscriptionId))
    .limit(1);
  if (!row) return { status: "invalid" };
  // A bounced address is not active: confirming a new sign-up's link makes it so again.
  const isActive = subscriptionStatus(row) === "confirmed";
  if (!isActive && row.unsubscribedAt && verified.issuedAt.getTime() < Math.floor(row.unsubscribedAt.getTime() / 1000) * 1000) {
    return { status: "expired" };
  }
  return { status: "valid", subscriptionId: row.id, email: row.email, alreadyConfirmed: isActive };
}

export type ConfirmResult = { status: "confirmed"; email: string } | { status: "invalid" | "expired" };

/**
 * Confirms the subscription a valid token names (POST only: mail scanners follow links, they
 * do not press buttons). A new confirmation is a conversion, credited to the sign-up's visit.
 */
export async function confirmSubscription(
  token: string | null,
  { now = new Date(), visit }: { now?: Date; visit?: VisitRef } = {},
): Promise<ConfirmResult> {
  const check = await checkConfirmationToken(token, now);
  if (check.status !== "valid") return check;
  if (!check.alreadyConfirmed) {
    await getDb()
      .update(newsletterSubscriptions)
      .set({ confirmed: true, confirmedAt: now, unsubscribedAt: null, bouncedAt: null })
      .where(eq(newsletterSubscriptions.id, check.subscriptionId));
    logger.info({ subscriptionId: check.subscriptionId }, "Newsletter subscription confirmed");
    await recordConversion({ kind: "subscriber", entityId: check.subscriptionId, visit, now });
  }
  return { status: "confirmed", email: check.email };
}

/** "j•••@example.com": enough for the owner to recognise, not a full address on a page. */
export function maskEmail(email: string): string {
  const [local = "", domain = ""] = email.split("@");
  return `${local.slice(0, 1)}•••@${domain}`;
}
