import { getEnv } from "~/.server/env";
import { createNewsletterToken } from "./token.server";

/** Absolute links that go into newsletter mails (PUBLIC_URL based). */
export function confirmationUrl(subscriptionId: string, issuedAt = new Date()): string {
  return `${getEnv().PUBLIC_URL}/newsletter/confirm?token=${createNewsletterToken("confirm", subscriptionId, issuedAt)}`;
}

/** The unsubscribe page (the visible link in every mail's footer). */
export function unsubscribePageUrl(subscriptionId: string): string {
  return `${getEnv().PUBLIC_URL}/unsubscribe?token=${createNewsletterToken("unsubscribe", subscriptionId)}`;
}

/** The RFC 8058 one-click endpoint (the List-Unsubscribe header). */
export function oneClickUnsubscribeUrl(subscriptionId: string): string {
  return `${getEnv().PUBLIC_URL}/unsubscribe/one-click?token=${createNewsletterToken("unsubscribe", subscriptionId)}`;
}
