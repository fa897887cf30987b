import { eq } from "drizzle-orm";
import { createElement } from "react";
import { leads } from "~/.server/db/tables";
import { withTransaction, type Transaction } from "~/.server/db/transaction";
import { getEnv } from "~/.server/env";
import { defineJob, getJobs } from "~/.server/jobs";
import { getMailConfig, queueMail, renderEmail, type MailMessage } from "~/.server/mail";
import { LeadNotification } from "~/emails/lead-notification";
import { CHAT_LIMITS, type ChatMessage } from "./schema";

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
 * Whether the studio's notification would have something to read: the
 * visitor's "What brings you here?" or a question they asked in the chat.
 * Until then the notification waits (docs/chat.md, "The studio's notification"):
 * a lead that has nothing to read has never been notified, so the moment it
 * first has something is the moment to notify.
 */
export function hasSomethingToRead(lead: { message: string | null; transcript: ChatMessage[] }): boolean {
  return Boolean(lead.message?.trim()) || lead.transcript.some((entry) => entry.role === "user" && entry.content.trim() !== "");
}

/** How long a new lead with nothing to read may stay quiet before the studio is told about it anyway. */
export const QUIET_LEAD_NOTICE_MINUTES = 15;

/**
 * Queues the studio's notification in the caller's transaction when the lead
 * is not held and has just come to have something to read (it had nothing
 * before: `before` is undefined for a new lead). True when a mail was queued.
 * A new lead with nothing to read yet gets a check in QUIET_LEAD_NOTICE_MINUTES
 * instead, so a visitor who left their details and nothing else still reaches
 * the studio's inbox.
 */
export async function notifyWhenReadable(
  tx: Transaction,
  lead: LeadForMail & { heldAt: Date | null },
  before?: { message: string | null; transcript: ChatMessage[] },
): Promise<boolean> {
  if (lead.heldAt || (before && hasSomethingToRead(before))) return false;
  if (!hasSomethingToRead(lead)) {
    if (!before) await getJobs().send(quietLeadJob, { leadId: lead.id }, { db: tx.jobsDb, startAfter: QUIET_LEAD_NOTICE_MINUTES * 60 });
    return false;
  }
  await queueMail(await buildLeadNotification(lead), { db: tx.jobsDb });
  return true;
}

/**
 * A lead that still has nothing to read after QUIET_LEAD_NOTICE_MINUTES: the
 * studio is told now, with the details the visitor gave. A lead that came to
 * have something to read was notified then, and is left alone.
 */
export async function notifyQuietLead(leadId: string): Promise<boolean> {
  return withTransaction(async (tx) => {
    const [lead] = await tx.db.select().from(leads).where(eq(leads.id, leadId)).for("update");
    if (!lead || lead.heldAt || hasSomethingToRead({ message: lead.message, transcript: lead.conversationContext.messages })) return false;
    await queueMail(await buildLeadNotification({ ...lead, transcript: lead.conversationContext.messages }), { db: tx.jobsDb });
    return true;
  });
}

export const quietLeadJob = defineJob<{ leadId: string }>({
  name: "chat-lead-quiet",
  handler: async ({ leadId }) => notifyQuietLead(leadId),
});

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
