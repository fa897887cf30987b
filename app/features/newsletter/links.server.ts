import { getEnv } from "~/.server/env";
import { createNewsletterToken } from "./token.server";

/** Absolute links that go into newsletter mails (PUBLIC_URL based). */
export function confirmationUrl(subscriptionId: string, issuedAt = new Date()): string {
  return `${getEnv().PUBLIC_URL}/newsletter/confirm?token=${createNewsletterToken("confirm", subscriptionId, issuedAt)}`;
}

/**
 * A subscriber's two unsubscribe links, with one token: the unsubscribe page (the visible link
 * in every mail's footer) and the RFC 8058 one-click endpoint (the List-Unsubscribe header).
 */
export function unsubscribeUrls(subscriptionId: string): { page: string; oneClick: string } {
  const publicUrl = getEnv().PUBLIC_URL;
  const token = createNewsletterToken("unsubscribe", subscriptionId);
  return { page: `${publicUrl}/unsubscribe?token=${token}`, oneClick: `${publicUrl}/unsubscribe/one-click?token=${token}` };
}
