import { getEnv } from "~/.server/env";
import { getMailConfig } from "~/.server/mail";
import { site } from "~/content/site";
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

/** The List-Id header of the issues and their tests, on the sender's domain. */
export function newsletterListId(): string {
  return `${site.name} AI News <ai-news.${getMailConfig().from.address.split("@")[1] ?? "localhost"}>`;
}
