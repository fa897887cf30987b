import { and, desc, eq } from "drizzle-orm";
import { getDb } from "~/.server/db/client";
import { enquiries, inboxMails, people } from "~/.server/db/tables";
import { mentorSees } from "../mentor-scope.server";
import { defaultSubject, threadMails } from "./send-reply.server";

/**
 * What the compose page shows: the person, their enquiries, the chosen one's thread and subject;
 * for a mentor only their own learners' enquiries, and null for anyone else.
 */
export async function loadReplyContext(personId: string, enquiryId: string | null, mentor?: string | null) {
  const db = getDb();
  const [person] = await db.select({ id: people.id, name: people.name, email: people.email }).from(people).where(eq(people.id, personId));
  if (!person) return null;
  const theirEnquiries = await db
    .select({ id: enquiries.id, kind: enquiries.kind, stage: enquiries.stage, createdAt: enquiries.createdAt, heldAt: enquiries.heldAt })
    .from(enquiries)
    .where(and(eq(enquiries.personId, personId), mentor ? mentorSees(mentor, "enquiries") : undefined))
    .orderBy(desc(enquiries.createdAt));
  if (mentor && theirEnquiries.length === 0) return null;
  const enquiry = theirEnquiries.find((entry) => entry.id === enquiryId) ?? null;
  if (!enquiry) return { person, enquiries: theirEnquiries, enquiry: null, subject: "", recent: [] };
  const thread = await threadMails(db, enquiry.id);
  const recent = await db
    .select({
      id: inboxMails.id,
      direction: inboxMails.direction,
      subject: inboxMails.subject,
      text: inboxMails.text,
      autoReply: inboxMails.autoReply,
      sentByName: inboxMails.sentByName,
      fromAddress: inboxMails.fromAddress,
      createdAt: inboxMails.createdAt,
    })
    .from(inboxMails)
    .where(and(eq(inboxMails.enquiryId, enquiry.id), eq(inboxMails.personId, personId)))
    .orderBy(desc(inboxMails.createdAt))
    .limit(3);
  return { person, enquiries: theirEnquiries, enquiry, subject: defaultSubject(thread), recent };
}
