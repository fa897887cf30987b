import path from "node:path";
import { site } from "~/content/site";
import { getEnv, type Env } from "../env";

/** Where a message goes out: a pooled SMTP connection, or .eml files in the outbox folder. */
export type MailConfig = {
  from: MailAddressObject;
  studioInbox: string;
  transport: { kind: "smtp"; url: string } | { kind: "outbox"; dir: string };
  dkim?: { domainName: string; keySelector: string; privateKey: string };
};

export type MailAddressObject = { name: string; address: string };

/**
 * Header fields the DKIM signature covers: nodemailer's defaults plus
 * List-Unsubscribe-Post, which RFC 8058 requires to be signed.
 */
export const DKIM_SIGNED_HEADERS =
  "From:Sender:Reply-To:Subject:Date:Message-ID:To:Cc:MIME-Version:Content-Type:Content-Transfer-Encoding:" +
  "Content-ID:Content-Description:Resent-Date:Resent-From:Resent-Sender:Resent-To:Resent-Cc:Resent-Message-ID:" +
  "In-Reply-To:References:List-Id:List-Help:List-Unsubscribe:List-Unsubscribe-Post:List-Subscribe:List-Post:" +
  "List-Owner:List-Archive";

/** Parses `Name <address>` or a bare address (MAIL_FROM). */
export function parseMailbox(value: string): MailAddressObject {
  const match = /^\s*"?([^"<]*?)"?\s*<([^<>\s]+@[^<>\s]+)>\s*$/.exec(value);
  if (match) return { name: match[1]?.trim() || site.sender.name, address: match[2]! };
  return { name: site.sender.name, address: value.trim() };
}

/** The mail settings of this process, from the environment with the content module's defaults. */
export function mailConfigFrom(env: Env): MailConfig {
  return {
    from: env.MAIL_FROM ? parseMailbox(env.MAIL_FROM) : { name: site.sender.name, address: site.sender.email },
    studioInbox: env.MAIL_TO_STUDIO ?? site.studioInbox,
    transport: env.SMTP_URL
      ? { kind: "smtp", url: env.SMTP_URL }
      : { kind: "outbox", dir: path.join(path.resolve(env.DATA_DIR), "outbox") },
    dkim:
      env.DKIM_DOMAIN && env.DKIM_SELECTOR && env.DKIM_PRIVATE_KEY
        ? {
            domainName: env.DKIM_DOMAIN,
            keySelector: env.DKIM_SELECTOR,
            // .env files hold the PEM on one line with literal \n.
            privateKey: env.DKIM_PRIVATE_KEY.replace(/\\n/g, "\n"),
          }
        : undefined,
  };
}

export function getMailConfig(): MailConfig {
  return mailConfigFrom(getEnv());
}
