import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { leads } from "~/.server/db/tables";
import { withTransaction, type Transaction } from "~/.server/db/transaction";
import type { FormTrapResult } from "~/.server/form-traps";
import { logger } from "~/.server/logger";
import { consumeRateLimit, defineRateLimit, hashClientIp } from "~/.server/rate-limit";
import { recordConversion, type VisitRef } from "~/features/analytics/record-conversion.server";
import { notifyWhenReadable } from "./lead-notification.server";
import { keepOwnTurns } from "./own-replies.server";
import { cleanConversation, type CaptureLeadRequest, type CaptureLeadResponse, type ChatMessage, type UserData } from "./schema";
import { mergeTranscript } from "./transcript";

/** Captures and contact updates per client address (held ones count too): a person needs a few, a script gets 429. */
export const leadCaptureRateLimit = defineRateLimit({
  name: "lead-capture-ip",
  points: 10,
  durationSeconds: 600,
  message: "Too many attempts from your network. Please wait a few minutes and try again.",
});

export type CaptureLeadInput = Pick<CaptureLeadRequest, "userData" | "messages" | "conversationId"> & {
  clientIp: string;
  /** What the intro form's traps showed (app/.server/form-traps.ts). */
  traps: FormTrapResult;
  /** The visit the conversation happened in, for the analytics (docs/analytics.md). */
  visit?: VisitRef;
};

type Stored = { id: string; created: boolean; held: boolean };

/**
 * Stores the lead of a browser conversation, or updates it when this
 * conversation already has one (one lead per conversation: the unique
 * conversation_id). The studio's notification e-mail is queued in the same
 * transaction as the row once the lead has something to read (a message or a
 * question in the chat; until then recordConversation or a later update
 * queues it), so the row and its mail exist together or not at all;
 * a new lead that tripped a trap is stored *held* with the reason and no mail,
 * until an admin releases it (release-held-lead.server.ts). An update changes
 * only the fields given, appends new messages to the stored transcript, and
 * keeps the lead as it was (held or not); it sends no mail unless it gives a
 * lead that had nothing to read its first thing to read. The visitor's answer
 * is the same in every case. Throws AppError `rate_limited` over the per-address limit.
 */
export async function captureLead({
  userData,
  messages,
  conversationId: givenId,
  clientIp,
  traps,
  visit,
}: CaptureLeadInput): Promise<CaptureLeadResponse> {
  await consumeRateLimit(leadCaptureRateLimit, hashClientIp(clientIp || "unknown"));
  const conversationId = givenId ?? randomUUID();
  // Only the assistant turns we produced reach the studio and the admin (decision 0178).
  const transcript = await keepOwnTurns(givenId, cleanConversation(messages));

  const result = await withTransaction(
    async (tx) =>
      (await insertLead(tx, { userData, conversationId, transcript, traps })) ??
      (await updateLead(tx, { userData, conversationId, transcript })),
  );

  const ids = { leadId: result.id, created: result.created };
  if (result.created && result.held) {
    logger.warn({ ...ids, reason: traps.holdReason, fillMs: traps.fillMs }, "Chat lead held for review: it looks automated; no mail sent");
  } else {
    logger.info({ ...ids, held: result.held }, result.created ? "Chat lead captured" : "Chat lead updated");
  }
  // Held leads are recorded too; the dashboard counts a lead once it is not held (docs/analytics.md).
  if (result.created) await recordConversion({ kind: "lead", entityId: result.id, visit });
  return { success: true, conversationId, created: result.created };
}

/** Inserts a new lead (held, or with its notification queued); undefined when the conversation has one already. */
async function insertLead(
  tx: Transaction,
  input: { userData: UserData; conversationId: string; transcript: ChatMessage[]; traps: FormTrapResult },
): Promise<Stored | undefined> {
  const { userData, traps } = input;
  const now = new Date();
  const [inserted] = await tx.db
    .insert(leads)
    .values({
      name: userData.name ?? null,
      email: userData.email,
      company: userData.company ?? null,
      message: userData.message ?? null,
      source: "chatbot",
      conversationId: input.conversationId,
      conversationContext: { messages: input.transcript },
      createdAt: now,
      updatedAt: now,
      heldAt: traps.holdReason ? now : null,
      holdReason: traps.holdReason,
      fillMs: traps.fillMs,
    })
    .onConflictDoNothing({ target: leads.conversationId })
    .returning();
  if (!inserted) return undefined;
  await notifyWhenReadable(tx, { ...inserted, transcript: input.transcript });
  return { id: inserted.id, created: true, held: inserted.heldAt !== null };
}

/** Updates the conversation's existing lead: the fields given, and the new messages appended. */
async function updateLead(
  tx: Transaction,
  input: { userData: UserData; conversationId: string; transcript: ChatMessage[] },
): Promise<Stored> {
  const { userData } = input;
  const [existing] = await tx.db.select().from(leads).where(eq(leads.conversationId, input.conversationId)).for("update");
  if (!existing) throw new Error("lead vanished during capture"); // cannot happen: the insert conflicted on it
  const [updated] = await tx.db
    .update(leads)
    .set({
      email: userData.email,
      ...(userData.name !== undefined ? { name: userData.name } : {}),
      ...(userData.company !== undefined ? { company: userData.company } : {}),
      ...(userData.message !== undefined ? { message: userData.message } : {}),
      conversationContext: { messages: mergeTranscript(existing.conversationContext.messages, input.transcript) },
      updatedAt: new Date(),
    })
    .where(eq(leads.id, existing.id))
    .returning();
  // A lead that had nothing to read was never notified: an update that brings a message does it now.
  await notifyWhenReadable(
    tx,
    { ...updated!, transcript: updated!.conversationContext.messages },
    {
      message: existing.message,
      transcript: existing.conversationContext.messages,
    },
  );
  return { id: existing.id, created: false, held: existing.heldAt !== null };
}
