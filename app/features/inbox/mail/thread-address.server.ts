import { randomBytes } from "node:crypto";
import { getEnv } from "~/.server/env";
import { getMailConfig } from "~/.server/mail";

/**
 * How a reply names its thread so the answer finds its way back (docs/inbox.md, "Replying"):
 * the Message-ID of every reply holds the enquiry's thread token, and, when the studio's mailbox
 * takes plus addresses (INBOX_PLUS_ADDRESSING), so does the Reply-To: `studio+<token>@…`.
 */

/** The domain of MAIL_FROM's address: our Message-IDs end in it. */
export function messageIdDomain(): string {
  const address = getMailConfig().from.address;
  return address.slice(address.lastIndexOf("@") + 1).toLowerCase() || "localhost";
}

/** A new Message-ID for a reply in the thread `token`: `<r.<token>.<random>@<MAIL_FROM's domain>>`. */
export function newReplyMessageId(token: string): string {
  return `<r.${token}.${randomBytes(6).toString("hex")}@${messageIdDomain()}>`;
}

/** The thread token in one of our Message-IDs (`<r.<token>.…@…>`), or null. */
export function tokenFromMessageId(messageId: string): string | null {
  const match = /^<?r\.([0-9a-f]{16,64})\.[0-9a-f]+@/i.exec(messageId.trim());
  return match ? match[1]!.toLowerCase() : null;
}

/** The studio's inbox answers go to: INBOX_REPLY_TO, else MAIL_TO_STUDIO (or the content module's). */
export function studioReplyAddress(): string {
  return getEnv().INBOX_REPLY_TO ?? getMailConfig().studioInbox;
}

/** The Reply-To of a reply in thread `token`: the inbox, plus-addressed with the token when INBOX_PLUS_ADDRESSING is on. */
export function replyToAddress(token: string): string {
  const inbox = studioReplyAddress();
  if (!getEnv().INBOX_PLUS_ADDRESSING) return inbox;
  const at = inbox.lastIndexOf("@");
  const local = inbox.slice(0, at).split("+")[0];
  return `${local}+${token}${inbox.slice(at)}`;
}

/** The thread token of a plus address of the studio's inbox (`studio+<token>@…`), or null. */
export function tokenFromAddress(address: string): string | null {
  const match = /^[^@+\s]+\+([0-9a-f]{16,64})@/i.exec(address.trim());
  return match ? match[1]!.toLowerCase() : null;
}
