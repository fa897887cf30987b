import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { leads } from "~/.server/db/schema";
import { withTransaction } from "~/.server/db/transaction";
import { getEnv } from "~/.server/env";
import { logger } from "~/.server/logger";
import { getMailConfig, queueMail, renderEmail } from "~/.server/mail";
import { consumeRateLimit, defineRateLimit, hashClientIp } from "~/.server/rate-limit";
import { LeadNotification } from "~/emails/lead-notification";
import { recordConversion, type VisitRef } from "~/features/analytics/record-conversion.server";
import { cleanConversation, type CaptureLeadRequest, type CaptureLeadResponse } from "./schema.ts";
import { mergeTranscript } from "./transcript.ts";

/** Captures and contact updates per client address: a person needs a few, a script gets 429. */
export const leadCaptureRateLimit = defineRateLimit({
  name: "lead-capture-ip",
  points: 10,
  durationSeconds: 600,
  message: "Too many attempts from your network. Please wait a few minutes and try again.",
});

export type CaptureLeadInput = Omit<CaptureLeadRequest, "action"> & {
  clientIp: string;
  /** The visit the conversation happened in, for the analytics (docs/analytics.md). */
  visit?: VisitRef;
};

/**
 * Stores the lead of a browser conversation, or updates it when this
 * conversation already has one (one lead per conversation: the unique
 * conversation_id). A new lead queues the studio's notification e-mail in the
 * same transaction, so the row and its mail exist together or not at all.
 * An update changes only the fields given and appends new messages to the
 * stored transcript. Throws ApiError 429 over the per-address limit.
 */
export async function captureLead({ userData, messages, conversationId: givenId, clientIp, visit }: CaptureLeadInput): Promise<CaptureLeadResponse> {
  await consumeRateLimit(leadCaptureRateLimit, hashClientIp(clientIp || "unknown"));
  const conversationId = givenId ?? randomUUID();
  const transcript = cleanConversation(messages);

  const result = await withTransaction(async (tx) => {
    const [inserted] = await tx.db
      .insert(leads)
      .values({
        name: userData.name ?? null,
        email: userData.email,
        company: userData.company ?? null,
        message: userData.message ?? null,
        source: "chatbot",
        conversationId,
        conversationContext: { messages: transcript },
      })
      .onConflictDoNothing({ target: leads.conversationId })
      .returning({ id: leads.id, createdAt: leads.createdAt });

    if (inserted) {
      const { PUBLIC_URL: siteUrl } = getEnv();
      const mail = await renderEmail(
        createElement(LeadNotification, {
          name: userData.name,
          email: userData.email,
          company: userData.company,
          message: userData.message,
          transcript,
          leadId: inserted.id,
          capturedAt: inserted.createdAt,
          siteUrl,
        }),
      );
      await queueMail(
        {
          to: getMailConfig().studioInbox,
          replyTo: userData.name ? { name: userData.name, address: userData.email } : userData.email,
          subject: `New chat lead: ${userData.name ?? userData.email}`,
          ...mail,
          tag: "chat-lead-notification",
        },
        { db: tx.jobsDb },
      );
      return { id: inserted.id, created: true };
    }

    const [existing] = await tx.db.select().from(leads).where(eq(leads.conversationId, conversationId)).for("update");
    if (!existing) throw new Error("lead vanished during capture"); // cannot happen: the insert conflicted on it
    await tx.db
      .update(leads)
      .set({
        email: userData.email,
        ...(userData.name !== undefined ? { name: userData.name } : {}),
        ...(userData.company !== undefined ? { company: userData.company } : {}),
        ...(userData.message !== undefined ? { message: userData.message } : {}),
        conversationContext: { messages: mergeTranscript(existing.conversationContext.messages, transcript) },
        updatedAt: new Date(),
      })
      .where(eq(leads.id, existing.id));
    return { id: existing.id, created: false };
  });

  logger.info({ leadId: result.id, created: result.created }, result.created ? "Chat lead captured" : "Chat lead updated");
  if (result.created) await recordConversion({ kind: "lead", entityId: result.id, visit });
  return { success: true, conversationId, created: result.created };
}
