import { recordAdminAudit } from "~/features/admin/record-admin-audit.server";
import { and, asc, eq, sql } from "drizzle-orm";
import type { AdminUser } from "~/.server/admin-guard";
import type { Database } from "~/.server/db/client";
import { enquiries, inboxEvents, inboxMails, people } from "~/.server/db/tables";
import { withTransaction } from "~/.server/db/transaction";
import { getMailConfig, queueMail } from "~/.server/mail";
import { defineRateLimit, tryConsumeRateLimit } from "~/.server/rate-limit";
import { site } from "~/content/site";
import { mentorScopeOf, mentorSees } from "../mentor-scope.server";
import { replySubject, replyTextToHtml } from "./reply-text";
import { newReplyMessageId, replyToAddress } from "./thread-address.server";

/**
 * An admin's reply from the site (docs/inbox.md, "Replying"). In one transaction with the mail's
 * job in the queue: the `inbox_mails` row, the enquiry's reply times (the person no longer waits),
 * and New → Contacted with its `inbox_events` row. Either all of it happens or none.
 */

/** Replies one admin may send: enough for a busy morning, not for a script gone wrong. */
export const replyLimit = defineRateLimit({
  name: "inbox-reply-admin",
  points: 30,
  durationSeconds: 15 * 60,
  message: "You have sent many replies in a short time. Please wait a few minutes before sending more.",
});

/** The most earlier Message-IDs a reply's References lists (the first and the latest ones). */
const MAX_REFERENCES = 20;

export type ReplyInput = { personId: string; enquiryId: string; text: string; subject?: string; admin: AdminUser; clientIp?: string };

export type ReplyOutcome =
  | { status: "sent"; mailId: string; messageId: string; stageChanged: boolean }
  | { status: "not-found" }
  | { status: "held" }
  | { status: "rate-limited"; retryAfterSeconds: number };

/** The thread's mails, oldest first: what a reply answers and references. */
export async function threadMails(db: Pick<Database, "select">, enquiryId: string) {
  return db
    .select({
      messageId: inboxMails.messageId,
      subject: inboxMails.subject,
      direction: inboxMails.direction,
      autoReply: inboxMails.autoReply,
    })
    .from(inboxMails)
    .where(eq(inboxMails.enquiryId, enquiryId))
    .orderBy(asc(inboxMails.createdAt), asc(inboxMails.id));
}

/** The subject a reply in this thread starts with: "Re: " and the thread's latest subject, or a default. */
export function defaultSubject(mails: Array<{ subject: string; autoReply: string | null }>): string {
  const latest = [...mails].reverse().find((mail) => !mail.autoReply && mail.subject.trim());
  return replySubject(latest?.subject ?? `Your message to ${site.name}`);
}

/** A mentor replies on their own learners' mentoring enquiries only (mentor-scope.server.ts). */
function visibleTo(admin: AdminUser) {
  const mentor = mentorScopeOf(admin);
  return mentor ? mentorSees(mentor, "enquiries") : undefined;
}

export async function sendReply(input: ReplyInput): Promise<ReplyOutcome> {
  const limit = await tryConsumeRateLimit(replyLimit, `admin:${input.admin.id}`);
  if (!limit.allowed) return { status: "rate-limited", retryAfterSeconds: limit.retryAfterSeconds };

  return withTransaction(async (tx) => {
    const [row] = await tx.db
      .select({ enquiry: enquiries, email: people.email, name: people.name })
      .from(enquiries)
      .innerJoin(people, eq(people.id, enquiries.personId))
      .where(and(eq(enquiries.id, input.enquiryId), eq(enquiries.personId, input.personId), visibleTo(input.admin)))
      .for("update", { of: enquiries });
    if (!row) return { status: "not-found" } as const;
    const { enquiry } = row;
    if (enquiry.heldAt) return { status: "held" } as const;

    const earlier = await threadMails(tx.db, enquiry.id);
    const ids = earlier.map((mail) => mail.messageId);
    const references = ids.length > MAX_REFERENCES ? [ids[0]!, ...ids.slice(-(MAX_REFERENCES - 1))] : ids;
    const inReplyTo = ids.at(-1);
    const subject = input.subject?.trim() ? input.subject.trim() : defaultSubject(earlier);
    const messageId = newReplyMessageId(enquiry.threadToken);
    const from = getMailConfig().from;
    const replyTo = replyToAddress(enquiry.threadToken);
    const text = input.text.replace(/\r\n?/g, "\n").trim();

    await queueMail(
      {
        to: row.name ? { name: row.name, address: row.email } : row.email,
        from,
        replyTo,
        subject,
        text,
        html: replyTextToHtml(text),
        messageId,
        ...(inReplyTo ? { inReplyTo, references } : {}),
        tag: "inbox-reply",
      },
      { db: tx.jobsDb },
    );

    const [mail] = await tx.db
      .insert(inboxMails)
      .values({
        personId: input.personId,
        enquiryId: enquiry.id,
        direction: "out",
        messageId,
        inReplyTo: inReplyTo ?? null,
        references,
        fromAddress: from.address,
        toAddress: row.email,
        subject,
        text,
        sentById: input.admin.id,
        sentByName: input.admin.name || input.admin.email,
      })
      .returning({ id: inboxMails.id });

    // Audited with the reply, in its transaction: who wrote to whom, never what.
    await recordAdminAudit(
      { user: input.admin, action: "inbox-reply", target: `person ${input.personId}`, summary: "reply queued", clientIp: input.clientIp },
      tx,
    );
    const stageChanged = enquiry.stage === "new";
    await tx.db
      .update(enquiries)
      .set({
        firstReplyAt: sql`coalesce(${enquiries.firstReplyAt}, now())`,
        lastReplyAt: sql`now()`,
        waitingSince: null,
        ...(stageChanged ? { stage: "contacted" as const, stageChangedAt: sql`now()` } : {}),
      })
      .where(eq(enquiries.id, enquiry.id));
    if (stageChanged) {
      await tx.db.insert(inboxEvents).values({
        personId: input.personId,
        enquiryId: enquiry.id,
        kind: "stage",
        actorId: input.admin.id,
        actorName: input.admin.name || input.admin.email,
        body: "New → Contacted",
        data: { from: "new", to: "contacted", reason: "reply" },
      });
    }
    return { status: "sent", mailId: mail!.id, messageId, stageChanged } as const;
  });
}
