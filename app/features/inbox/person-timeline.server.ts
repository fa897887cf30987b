import { and, asc, desc, eq, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import { getDb } from "~/.server/db/client";
import {
  analyticsConversions,
  enquiries as enquiriesTable,
  inboxAttachments,
  inboxEvents,
  inboxMails,
  leads,
  mentoringBookings,
  newsletterSubscriptions,
  people,
  submissions,
  mailDeliveries,
} from "~/.server/db/tables";
import { loadEnquiries, type EnquirySummary } from "./list-people.server";

/**
 * One person's page (docs/inbox.md, "The person page"): who they are, their enquiries, and ONE
 * timeline, newest first, of everything that happened: the visits that led to each enquiry or
 * subscription, chat transcripts, form submissions, the subscription, mails both ways, stage
 * changes and notes, each with who and when. Every query is bound to this person's id (or to the
 * ids of this person's own rows), so nothing of another person can reach the page.
 */

/** The newest entries of each kind a timeline shows (a very long history is cut, and says so). */
export const TIMELINE_LIMIT_PER_KIND = 200;

/** One entry of the timeline: its `type`, an id unique on the page, when and who, and that kind's details. */
export type TimelineEntry = ReturnType<typeof timelineEntries>[number];

const iso = (value: Date) => value.toISOString();

/**
 * The person's page; with `mentor` (mentor-scope.server.ts) only what that mentor sees: the
 * enquiries of theirs, with those enquiries' bookings, requests, mails and events and the notes
 * they wrote, and null (not found) when the person is not one of their learners.
 */
export async function loadPersonPage(personId: string, mentor?: string | null) {
  const db = getDb();
  const [[person], enquiries] = await Promise.all([
    db.select().from(people).where(eq(people.id, personId)),
    loadEnquiries([personId], mentor),
  ]);
  if (!person || (mentor && enquiries.length === 0)) return null;
  const rows = mentor ? await readMentorTimelineRows(personId, mentor, enquiries) : await readTimelineRows(personId);
  const timeline = timelineEntries(rows, person.name ?? person.email);
  // Newest first; entries of the same moment keep a stable order.
  timeline.sort((a, b) => (a.at === b.at ? a.id.localeCompare(b.id) : a.at < b.at ? 1 : -1));
  const { leadRows, submissionRows, mailRows, eventRows, bookingRows } = rows;
  const truncated = [leadRows, submissionRows, mailRows, eventRows, bookingRows].some((kind) => kind.length >= TIMELINE_LIMIT_PER_KIND);
  return {
    person: {
      id: person.id,
      name: person.name,
      email: person.email,
      createdAt: iso(person.createdAt),
      lastActivityAt: iso(person.lastActivityAt),
    },
    enquiries,
    timeline,
    // Some kind had more than TIMELINE_LIMIT_PER_KIND entries (the oldest are left out).
    truncated,
  };
}

/**
 * A mentor's part of the timeline: the bookings with them, the requests given to them, and the
 * mails and events of those enquiries (and the notes the mentor wrote), with no visits, chats or
 * subscription: those belong to the studio's sales work.
 */
async function readMentorTimelineRows(personId: string, mentor: string, theirs: EnquirySummary[]) {
  const db = getDb();
  const enquiryIds = theirs.map((enquiry) => enquiry.id);
  const [sources, mailRows, eventRows] = await Promise.all([
    db
      .select({ kind: enquiriesTable.kind, sourceId: enquiriesTable.sourceId })
      .from(enquiriesTable)
      .where(inArray(enquiriesTable.id, enquiryIds)),
    mailsOf(personId, inArray(inboxMails.enquiryId, enquiryIds)),
    eventsOf(personId, or(inArray(inboxEvents.enquiryId, enquiryIds), eq(inboxEvents.actorId, mentor))),
  ]);
  const sourceIds = (kind: string) => sources.filter((source) => source.kind === kind).map((source) => source.sourceId);
  const [submissionRows, bookingRows] = await Promise.all([
    db
      .select()
      .from(submissions)
      .where(inArray(submissions.id, sourceIds("mentoring")))
      .orderBy(desc(submissions.createdAt)),
    db
      .select()
      .from(mentoringBookings)
      .where(
        and(
          eq(mentoringBookings.personId, personId),
          or(eq(mentoringBookings.mentorId, mentor), inArray(mentoringBookings.id, sourceIds("booking"))),
        ),
      )
      .orderBy(desc(mentoringBookings.createdAt))
      .limit(TIMELINE_LIMIT_PER_KIND),
  ]);
  return {
    leadRows: [],
    submissionRows,
    subscriptionRows: [],
    mailRows,
    eventRows,
    bookingRows,
    visitRows: [],
    attachmentRows: await attachmentsOf(mailRows.map((row) => row.mail.id)),
  };
}

/** The person's latest mails (of some enquiries, when given) with what became of each outgoing one. */
function mailsOf(personId: string, which?: SQL) {
  return getDb()
    .select({ mail: inboxMails, delivery: { status: mailDeliveries.status, detail: mailDeliveries.detail } })
    .from(inboxMails)
    .leftJoin(mailDeliveries, eq(mailDeliveries.messageId, inboxMails.messageId))
    .where(and(eq(inboxMails.personId, personId), which))
    .orderBy(desc(inboxMails.createdAt))
    .limit(TIMELINE_LIMIT_PER_KIND);
}

/** The person's latest notes and changes (of some enquiries or actors, when given). */
function eventsOf(personId: string, which?: SQL) {
  return getDb()
    .select()
    .from(inboxEvents)
    .where(and(eq(inboxEvents.personId, personId), which))
    .orderBy(desc(inboxEvents.createdAt), desc(inboxEvents.id))
    .limit(TIMELINE_LIMIT_PER_KIND);
}

/** The attachments of these mails by name: whether each was kept, not its bytes (the attachment's own page serves them). */
export async function attachmentsOf(mailIds: string[]) {
  if (!mailIds.length) return [];
  return getDb()
    .select({
      id: inboxAttachments.id,
      mailId: inboxAttachments.mailId,
      filename: inboxAttachments.filename,
      contentType: inboxAttachments.contentType,
      sizeBytes: inboxAttachments.sizeBytes,
      kept: sql<boolean>`${inboxAttachments.content} is not null`,
    })
    .from(inboxAttachments)
    .where(inArray(inboxAttachments.mailId, mailIds))
    .orderBy(asc(inboxAttachments.filename));
}

/** The latest TIMELINE_LIMIT_PER_KIND rows of each kind held about the person, with the visits behind them and their mails' attachments. */
async function readTimelineRows(personId: string) {
  const db = getDb();
  const limit = TIMELINE_LIMIT_PER_KIND;
  const [leadRows, submissionRows, subscriptionRows, mailRows, eventRows, bookingRows] = await Promise.all([
    db.select().from(leads).where(eq(leads.personId, personId)).orderBy(desc(leads.createdAt)).limit(limit),
    db.select().from(submissions).where(eq(submissions.personId, personId)).orderBy(desc(submissions.createdAt)).limit(limit),
    db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.personId, personId)).limit(limit),
    mailsOf(personId),
    eventsOf(personId),
    db
      .select()
      .from(mentoringBookings)
      .where(eq(mentoringBookings.personId, personId))
      .orderBy(desc(mentoringBookings.createdAt))
      .limit(limit),
  ]);
  const ownIds = [
    ...leadRows.map((row) => row.id),
    ...submissionRows.map((row) => row.id),
    ...subscriptionRows.map((row) => row.id),
    ...bookingRows.map((row) => row.id),
  ];
  const mailIds = mailRows.map((row) => row.mail.id);
  const [visitRows, attachmentRows] = await Promise.all([
    ownIds.length
      ? db
          .select()
          .from(analyticsConversions)
          .where(and(inArray(analyticsConversions.entityId, ownIds), ne(analyticsConversions.kind, "ai-tool")))
      : [],
    attachmentsOf(mailIds),
  ]);
  return { leadRows, submissionRows, subscriptionRows, mailRows, eventRows, bookingRows, visitRows, attachmentRows };
}

/** What every entry has: its kind, an id unique on the page, when and who. */
function base<T extends string>(type: T, id: string | number, at: Date, who: string | null) {
  return { type, id: `${type}-${id}`, at: iso(at), who };
}

/** One timeline entry per row. */
function timelineEntries(rows: Awaited<ReturnType<typeof readTimelineRows>>, personName: string) {
  const { leadRows, submissionRows, subscriptionRows, mailRows, eventRows, bookingRows, visitRows, attachmentRows } = rows;
  return [
    ...visitRows.map((row) => ({
      ...base("visit", row.id, row.occurredAt, null),
      about: row.kind,
      entryPath: row.entryPath,
      referrerHost: row.referrerHost,
      utmSource: row.utmSource,
      utmMedium: row.utmMedium,
      utmCampaign: row.utmCampaign,
    })),
    ...leadRows.map((row) => ({
      ...base("chat", row.id, row.createdAt, row.name ?? personName),
      leadId: row.id,
      company: row.company,
      message: row.message,
      messages: Array.isArray(row.conversationContext?.messages) ? row.conversationContext.messages : [],
      held: row.heldAt !== null,
    })),
    ...bookingRows.map((row) => ({
      ...base("booking", row.id, row.createdAt, row.name || personName),
      bookingId: row.id,
      status: row.status,
      start: iso(row.startsAt),
      end: iso(row.endsAt),
      timeZone: row.timeZone,
      goals: row.goals,
      scholarshipReason: row.scholarshipReason,
    })),
    ...submissionRows.map((row) => ({
      ...base("submission", row.id, row.createdAt, row.name || personName),
      submissionId: row.id,
      source: row.source,
      fields: row.fields,
      held: row.heldAt !== null,
    })),
    ...subscriptionRows.map((row) => ({
      ...base("subscription", row.id, row.createdAt, personName),
      source: row.source,
      confirmedAt: row.confirmedAt ? iso(row.confirmedAt) : null,
      unsubscribedAt: row.unsubscribedAt ? iso(row.unsubscribedAt) : null,
      bouncedAt: row.bouncedAt ? iso(row.bouncedAt) : null,
    })),
    ...mailRows.map(({ mail: row, delivery }) => ({
      ...base("mail", row.id, row.createdAt, row.direction === "out" ? (row.sentByName ?? "The studio") : personName),
      direction: row.direction,
      enquiryId: row.enquiryId,
      from: row.fromAddress,
      to: row.toAddress,
      subject: row.subject,
      text: row.text,
      autoReply: row.autoReply,
      // Outgoing: what became of it (queued, sent with the server's answer, retrying, failed with why); null for older mail.
      delivery: row.direction === "out" && delivery?.status ? { status: delivery.status, detail: delivery.detail } : null,
      attachments: attachmentRows
        .filter((attachment) => attachment.mailId === row.id)
        .map(({ mailId: _mailId, ...attachment }) => attachment),
    })),
    ...eventRows.map((row) => ({
      ...base("event", row.id, row.createdAt, row.actorName ?? "The system"),
      kind: row.kind,
      enquiryId: row.enquiryId,
      body: row.body,
    })),
  ];
}
