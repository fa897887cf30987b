import { createElement } from "react";
import { getEnv } from "~/.server/env";
import { getMailConfig, renderEmail, type MailMessage } from "~/.server/mail";
import { LeadNotification } from "~/emails/lead-notification";
import { CHAT_LIMITS, type ChatMessage } from "./schema.ts";

/** A stored lead, as much of it as the studio's notification needs. */
export type LeadForMail = {
  id: string;
  name: string | null;
  email: string;
  company: string | null;
  message: string | null;
  transcript: ChatMessage[];
  createdAt: Date;
};

/**
 * The studio's e-mail about a lead (to MAIL_TO_STUDIO, Reply-To the visitor),
 * with the last messages of the conversation. Rendered, not queued: the caller
 * queues it in the transaction that stores or releases the lead.
 */
export async function buildLeadNotification(lead: LeadForMail): Promise<MailMessage> {
  const name = lead.name ?? undefined;
  const mail = await renderEmail(
    createElement(LeadNotification, {
      name,
      email: lead.email,
      company: lead.company ?? undefined,
      message: lead.message ?? undefined,
      transcript: lead.transcript.slice(-CHAT_LIMITS.historyMessages),
      leadId: lead.id,
      capturedAt: lead.createdAt,
      siteUrl: getEnv().PUBLIC_URL,
    }),
  );
  return {
    to: getMailConfig().studioInbox,
    replyTo: name ? { name, address: lead.email } : lead.email,
    subject: `New chat lead: ${name ?? lead.email}`,
    ...mail,
    tag: "chat-lead-notification",
  };
}
