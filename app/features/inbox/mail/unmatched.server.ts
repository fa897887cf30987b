import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import { getDb } from "~/.server/db/client";
import { enquiries, inboxMails, people, personEmailKey } from "~/.server/db/tables";
import { changeOneRow, withTransaction } from "~/.server/db/transaction";
import { AppError } from "~/.server/errors";
import { pageCount } from "~/features/admin/search.server";
import { attachmentsOf } from "../person-timeline.server";

/**
 * Unmatched mail (docs/inbox.md): answers read over IMAP that named no thread of ours, or came
 * from someone other than the thread's person. An admin assigns one to a person or discards it;
 * discarding removes it from the site only (the studio's mailbox is never changed).
 */
export const UNMATCHED_PAGE_SIZE = 25;
const EXCERPT_CHARS = 1_500;

export async function listUnmatchedMails(page: number) {
  const db = getDb();
  const where = and(isNull(inboxMails.personId), eq(inboxMails.direction, "in"));
  const [total] = await db.select({ n: count() }).from(inboxMails).where(where);
  const rows = await db
    .select({
      id: inboxMails.id,
      fromAddress: inboxMails.fromAddress,
      toAddress: inboxMails.toAddress,
      subject: inboxMails.subject,
      excerpt: sql<string>`left(${inboxMails.text}, ${EXCERPT_CHARS})`,
      truncated: sql<boolean>`length(${inboxMails.text}) > ${EXCERPT_CHARS}`,
      autoReply: inboxMails.autoReply,
      sizeBytes: inboxMails.sizeBytes,
      createdAt: inboxMails.createdAt,
    })
    .from(inboxMails)
    .where(where)
    .orderBy(desc(inboxMails.createdAt), desc(inboxMails.id))
    .limit(UNMATCHED_PAGE_SIZE)
    .offset((page - 1) * UNMATCHED_PAGE_SIZE);
  const attachments = await attachmentsOf(rows.map((row) => row.id));
  const totalCount = total?.n ?? 0;
  return {
    mails: rows.map((row) => ({ ...row, attachments: attachments.filter((attachment) => attachment.mailId === row.id) })),
    total: totalCount,
    page,
    pageCount: pageCount(totalCount, UNMATCHED_PAGE_SIZE),
  };
}

/**
 * Gives an unmatched mail to the person with `email`, on their latest enquiry, and answers their
 * id. A person's own answer (not an auto-reply) then counts as one: the enquiry waits for us
 * again. not_found when the mail is no longer unmatched; invalid (on `email`) when nobody has
 * that address.
 */
export async function assignUnmatchedMail(mailId: string, email: string): Promise<string> {
  return withTransaction(async (tx) => {
    const [mail] = await tx.db
      .select({ id: inboxMails.id, autoReply: inboxMails.autoReply })
      .from(inboxMails)
      .where(and(eq(inboxMails.id, mailId), isNull(inboxMails.personId), eq(inboxMails.direction, "in")))
      .for("update");
    if (!mail) throw new AppError("not_found", "That mail is no longer unmatched.");
    const [person] = await tx.db
      .select({ id: people.id })
      .from(people)
      .where(eq(people.emailKey, personEmailKey(email)));
    if (!person) {
      const message = "No person with that address: assign it to someone who has written to the studio before.";
      throw new AppError("invalid", message, { fields: { email: message } });
    }
    const [enquiry] = await tx.db
      .select({ id: enquiries.id })
      .from(enquiries)
      .where(eq(enquiries.personId, person.id))
      .orderBy(desc(enquiries.createdAt))
      .limit(1);
    await tx.db
      .update(inboxMails)
      .set({ personId: person.id, enquiryId: enquiry?.id ?? null })
      .where(eq(inboxMails.id, mail.id));
    if (enquiry && !mail.autoReply) {
      await tx.db
        .update(enquiries)
        .set({ lastInboundAt: sql`now()`, waitingSince: sql`coalesce(${enquiries.waitingSince}, now())` })
        .where(eq(enquiries.id, enquiry.id));
    }
    return person.id;
  });
}

/** Removes an unmatched mail from the site (and its attachments); not_found when there is none. */
export async function discardUnmatchedMail(mailId: string): Promise<void> {
  await changeOneRow(
    (tx) =>
      tx.db
        .delete(inboxMails)
        .where(and(eq(inboxMails.id, mailId), isNull(inboxMails.personId), eq(inboxMails.direction, "in")))
        .returning({ id: inboxMails.id }),
    "That mail is no longer unmatched.",
  );
}
