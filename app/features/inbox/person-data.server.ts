import { and, asc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { getDb } from "~/.server/db/client";
import {
  analyticsConversions,
  enquiries,
  inboxAttachments,
  inboxEvents,
  inboxMails,
  leads,
  mentoringBookings,
  newsletterDeliveries,
  newsletterSubscriptions,
  people,
  personEmailKey,
  rateLimits,
  submissions,
  users,
} from "~/.server/db/tables";
import { withTransaction, type Transaction } from "~/.server/db/transaction";
import { logger } from "~/.server/logger";
import { recipientKey, recipientMailLimit } from "~/.server/recipient-mail-limit";
import { exportSubscription } from "~/features/newsletter/subscription-deliveries.server";
import { confirmationMailLimit } from "~/features/newsletter/subscribe-to-newsletter.server";
import { recordAdminAudit } from "~/features/admin/record-admin-audit.server";
import { attachmentsOf } from "./person-timeline.server";

/**
 * Everything the site holds about one person, across the chat, the forms, the newsletter and
 * the inbox (docs/inbox.md, "Personal data (export and erase)"; decision 0181): the export for
 * an access request, and the erasure, in one transaction, for an erasure request.
 */

/** A row's columns as exported: dates as ISO strings. */
type Exported<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] };

/** These columns of a row, in this order, dates as ISO strings. */
function columns<T extends object, K extends keyof T>(row: T, keys: readonly K[]) {
  return Object.fromEntries(keys.map((key) => [key, row[key] instanceof Date ? row[key].toISOString() : row[key]])) as Exported<Pick<T, K>>;
}

/** The conversion kinds whose `entity_id` is a lead, a submission or a subscription. */
const SUBMISSION_KINDS = ["apply", "mentoring", "contact"] as const;
const SUBSCRIPTION_KINDS = ["newsletter-signup", "subscriber"] as const;

/** The person of an address (matched as the inbox matches: trimmed, any case); null when unknown. */
export async function findPersonIdByEmail(email: string): Promise<string | null> {
  const [row] = await getDb()
    .select({ id: people.id })
    .from(people)
    .where(eq(people.emailKey, personEmailKey(email)))
    .limit(1);
  return row?.id ?? null;
}

type SourceIds = { leadIds: string[]; submissionIds: string[]; subscriptionIds: string[]; bookingIds: string[]; conversationIds: string[] };

async function sourceIdsOf(db: Transaction["db"] | ReturnType<typeof getDb>, personId: string): Promise<SourceIds> {
  // One after another: inside the erasure this runs on the transaction's one connection.
  const leadRows = await db.select({ id: leads.id, conversationId: leads.conversationId }).from(leads).where(eq(leads.personId, personId));
  const submissionRows = await db.select({ id: submissions.id }).from(submissions).where(eq(submissions.personId, personId));
  const subscriptionRows = await db
    .select({ id: newsletterSubscriptions.id })
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.personId, personId));
  const bookingRows = await db.select({ id: mentoringBookings.id }).from(mentoringBookings).where(eq(mentoringBookings.personId, personId));
  return {
    bookingIds: bookingRows.map((row) => row.id),
    leadIds: leadRows.map((row) => row.id),
    submissionIds: submissionRows.map((row) => row.id),
    subscriptionIds: subscriptionRows.map((row) => row.id),
    conversationIds: leadRows.flatMap((row) => (row.conversationId ? [row.conversationId] : [])),
  };
}

/** The analytics conversions recorded for the person's leads, submissions and subscriptions. */
function conversionsOf(ids: SourceIds) {
  const none = sql`false`;
  return or(
    ids.leadIds.length > 0 ? and(eq(analyticsConversions.kind, "lead"), inArray(analyticsConversions.entityId, ids.leadIds)) : none,
    ids.submissionIds.length > 0
      ? and(inArray(analyticsConversions.kind, [...SUBMISSION_KINDS]), inArray(analyticsConversions.entityId, ids.submissionIds))
      : none,
    ids.subscriptionIds.length > 0
      ? and(inArray(analyticsConversions.kind, [...SUBSCRIPTION_KINDS]), inArray(analyticsConversions.entityId, ids.subscriptionIds))
      : none,
    ids.bookingIds.length > 0
      ? and(eq(analyticsConversions.kind, "booking"), inArray(analyticsConversions.entityId, ids.bookingIds))
      : none,
  )!;
}

/**
 * Mails of the person: those matched to them, and unmatched incoming mails sent from their
 * address (bare, or as `Name <address>`).
 */
function mailsOf(personId: string, emailKey: string) {
  return or(
    eq(inboxMails.personId, personId),
    and(
      isNull(inboxMails.personId),
      or(sql`lower(btrim(${inboxMails.fromAddress})) = ${emailKey}`, sql`lower(${inboxMails.fromAddress}) like ${`%<${emailKey}>`}`),
    ),
  )!;
}

/** The rows of one person's export, each kind oldest first. */
async function readPersonRows(db: ReturnType<typeof getDb>, personId: string, emailKey: string) {
  const ids = await sourceIdsOf(db, personId);
  const [leadRows, submissionRows, subscriptionRows, enquiryRows, eventRows, mailRows, visitRows, bookingRows] = await Promise.all([
    db.select().from(leads).where(eq(leads.personId, personId)).orderBy(asc(leads.createdAt)),
    db.select().from(submissions).where(eq(submissions.personId, personId)).orderBy(asc(submissions.createdAt)),
    db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.personId, personId))
      .orderBy(asc(newsletterSubscriptions.createdAt)),
    db
      .select({ enquiry: enquiries, ownerName: users.name })
      .from(enquiries)
      .leftJoin(users, eq(users.id, enquiries.ownerId))
      .where(eq(enquiries.personId, personId))
      .orderBy(asc(enquiries.createdAt)),
    db.select().from(inboxEvents).where(eq(inboxEvents.personId, personId)).orderBy(asc(inboxEvents.createdAt), asc(inboxEvents.id)),
    db.select().from(inboxMails).where(mailsOf(personId, emailKey)).orderBy(asc(inboxMails.createdAt)),
    db.select().from(analyticsConversions).where(conversionsOf(ids)).orderBy(asc(analyticsConversions.occurredAt)),
    db.select().from(mentoringBookings).where(eq(mentoringBookings.personId, personId)).orderBy(asc(mentoringBookings.createdAt)),
  ]);
  const mailIds = mailRows.map((mail) => mail.id);
  const attachmentRows = await attachmentsOf(mailIds);
  const subscription = subscriptionRows[0] ? await exportSubscription(subscriptionRows[0]) : null;
  return { leadRows, submissionRows, subscription, enquiryRows, eventRows, mailRows, attachmentRows, visitRows, bookingRows };
}

/** The person's leads, form submissions and mentoring bookings, as exported. */
function sourcesExport({ leadRows, submissionRows, bookingRows }: Awaited<ReturnType<typeof readPersonRows>>) {
  return {
    leads: leadRows.map((row) => ({
      ...columns(row, ["id", "name", "email", "company", "message", "source", "conversationId"]),
      transcript: Array.isArray(row.conversationContext?.messages)
        ? row.conversationContext.messages.map(({ role, content }) => ({ role, content }))
        : [],
      ...columns(row, ["createdAt", "updatedAt", "heldAt", "holdReason"]),
    })),
    submissions: submissionRows.map((row) => ({
      ...columns(row, ["id", "source", "name", "email"]),
      fields: row.fields ?? {},
      ...columns(row, ["disclaimerAccepted", "userAgent", "createdAt", "heldAt", "holdReason"]),
    })),
    // Mentoring sessions booked on the site (docs/mentoring.md).
    bookings: bookingRows.map((row) =>
      columns(row, [
        "id",
        "status",
        "startsAt",
        "endsAt",
        "mentorId",
        "name",
        "email",
        "timeZone",
        "goals",
        "scholarshipReason",
        "videoUrl",
        "userAgent",
        "createdAt",
        "cancelledAt",
        "holdReason",
      ]),
    ),
  };
}

/** The person's mails, each with its attachments' metadata. */
function mailsExport({ mailRows, attachmentRows }: Awaited<ReturnType<typeof readPersonRows>>) {
  return mailRows.map((mail) => ({
    id: mail.id,
    enquiryId: mail.enquiryId,
    direction: mail.direction,
    messageId: mail.messageId,
    from: mail.fromAddress,
    to: mail.toAddress,
    subject: mail.subject,
    text: mail.text,
    autoReply: mail.autoReply,
    sentBy: mail.sentByName,
    createdAt: mail.createdAt.toISOString(),
    // Metadata only: the files themselves are downloaded from the person's page.
    attachments: attachmentRows
      .filter((file) => file.mailId === mail.id)
      .map(({ mailId: _mailId, kept, ...file }) => ({ ...file, stored: kept })),
  }));
}

/** Everything held about one person as plain JSON (GDPR access request); null when there is no such person. */
export async function exportPersonData(personId: string, now = new Date()) {
  const db = getDb();
  const [person] = await db.select().from(people).where(eq(people.id, personId)).limit(1);
  if (!person) return null;
  const rows = await readPersonRows(db, personId, person.emailKey);
  return {
    exportedAt: now.toISOString(),
    person: columns(person, ["id", "email", "name", "createdAt", "lastActivityAt"]),
    ...sourcesExport(rows),
    subscription: rows.subscription,
    enquiries: rows.enquiryRows.map(({ enquiry, ownerName }) => ({
      ...columns(enquiry, ["id", "kind", "sourceId", "stage"]),
      owner: ownerName,
      value: enquiry.valueMinor !== null && enquiry.currency ? { minor: enquiry.valueMinor, currency: enquiry.currency } : null,
      ...columns(enquiry, ["createdAt", "stageChangedAt", "firstReplyAt", "lastReplyAt", "lastInboundAt", "heldAt"]),
    })),
    // Notes and stage, owner and value changes, with who and when.
    events: rows.eventRows.map((event) => ({
      ...columns(event, ["id", "enquiryId", "kind"]),
      actor: event.actorName,
      ...columns(event, ["body", "data", "createdAt"]),
    })),
    mails: mailsExport(rows),
    // The visits that led to each lead, submission and subscription (docs/analytics.md, "Conversions").
    visits: rows.visitRows.map((visit) =>
      columns(visit, ["kind", "entityId", "occurredAt", "entryPath", "referrerHost", "utmSource", "utmMedium", "utmCampaign"]),
    ),
  };
}

/** Who asked for an erasure, for the admin audit log (the log keeps the person's id, never the address). */
export type ErasureActor = { user: { id: string | null; email: string }; clientIp?: string };

/**
 * Erases one person and everything of theirs in one transaction (GDPR erasure; docs/inbox.md,
 * "Personal data (export and erase)"): leads with their transcripts and the chat's reply
 * digests, submissions, the subscription with its delivery history, enquiries, notes and
 * changes, mails both ways with attachments (and unmatched mails from their address), the
 * analytics conversions of their rows, webhook events and deliveries that carry them, and the
 * jobs still queued for them (mails to or on behalf of their address, the chat's quiet-lead
 * check); then the person, and an audit row naming the person's id only. Returns null when
 * there is no such person (nothing is written).
 */
export async function erasePerson(personId: string, actor?: ErasureActor): Promise<Awaited<ReturnType<typeof eraseInTransaction>> | null> {
  const counts = await withTransaction(async (tx) => {
    const [person] = await tx.db.select().from(people).where(eq(people.id, personId)).for("update");
    if (!person) return null;
    const result = await eraseInTransaction(tx, person);
    if (actor) await recordAdminAudit({ user: actor.user, action: "erase-person", target: personId, clientIp: actor.clientIp }, tx);
    return result;
  });
  if (counts) logger.info({ personId, ...counts }, "Person erased");
  return counts;
}

const count = (result: { rowCount: number | null }) => result.rowCount ?? 0;

/** The erasure's steps on an open transaction, with the person's row locked; how many rows of each kind it removed. */
export async function eraseInTransaction(tx: Transaction, person: { id: string; emailKey: string }) {
  const { db } = tx;
  const ids = await sourceIdsOf(db, person.id);

  const conversions = count(await db.delete(analyticsConversions).where(conversionsOf(ids)));
  const mailIds = (await db.select({ id: inboxMails.id }).from(inboxMails).where(mailsOf(person.id, person.emailKey))).map((row) => row.id);
  const attachments = mailIds.length > 0 ? count(await db.delete(inboxAttachments).where(inArray(inboxAttachments.mailId, mailIds))) : 0;
  const mails = mailIds.length > 0 ? count(await db.delete(inboxMails).where(inArray(inboxMails.id, mailIds))) : 0;
  const events = count(await db.delete(inboxEvents).where(eq(inboxEvents.personId, person.id)));
  const deliveries =
    ids.subscriptionIds.length > 0
      ? count(await db.delete(newsletterDeliveries).where(inArray(newsletterDeliveries.subscriptionId, ids.subscriptionIds)))
      : 0;
  const subscriptions = count(await db.delete(newsletterSubscriptions).where(eq(newsletterSubscriptions.personId, person.id)));
  // A lead's or submission's enquiry goes with it (the database's trigger); bookings and any other enquiry after.
  const enquiryCount = (await db.select({ id: enquiries.id }).from(enquiries).where(eq(enquiries.personId, person.id))).length;
  const leadCount = count(await db.delete(leads).where(eq(leads.personId, person.id)));
  const submissionCount = count(await db.delete(submissions).where(eq(submissions.personId, person.id)));
  // Their bookings go too, past and future: the mentor's calendar keeps its own copy of the event.
  const bookingCount = count(await db.delete(mentoringBookings).where(eq(mentoringBookings.personId, person.id)));
  await db.delete(enquiries).where(eq(enquiries.personId, person.id));

  // Replies the chat produced in their conversations (kept to check turns sent back; decision 0178).
  const conversationUuids = ids.conversationIds.filter((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id));
  const chatReplies =
    conversationUuids.length > 0
      ? count(await db.execute(sql`delete from chat_replies where conversation_id = any(${sql.param(conversationUuids)}::uuid[])`))
      : 0;

  // Webhook events and deliveries carry the person (their id, address and name) in the payload.
  const webhookDeliveries = count(
    await db.execute(sql`
      delete from webhook_deliveries
      where event_id in (select id from webhook_events where payload -> 'person' ->> 'id' = ${person.id})
         or strpos(payload::text, ${person.id}) > 0`),
  );
  const webhookEvents = count(await db.execute(sql`delete from webhook_events where payload -> 'person' ->> 'id' = ${person.id}`));

  const queuedJobs = await removeQueuedJobs(tx, person.emailKey, ids.leadIds);
  // The hourly counters of mails to their address (keyed by a hash of it): signing up again starts fresh.
  const recipient = recipientKey(person.emailKey);
  await db.delete(rateLimits).where(
    inArray(
      rateLimits.key,
      [recipientMailLimit, confirmationMailLimit].map((limit) => `${limit.name}:${recipient}`),
    ),
  );
  await db.delete(people).where(eq(people.id, person.id));
  return {
    leads: leadCount,
    submissions: submissionCount,
    bookings: bookingCount,
    subscriptions,
    deliveries,
    enquiries: enquiryCount,
    events,
    mails,
    attachments,
    conversions,
    chatReplies,
    webhookEvents,
    webhookDeliveries,
    queuedJobs,
  };
}

/**
 * Jobs not yet run that would act on the person: mails to their address or on their behalf
 * (Reply-To their address: the studio's notifications, which quote what they wrote), and the
 * chat's quiet-lead checks of their leads. Finished jobs are deleted by pg-boss after a week.
 */
async function removeQueuedJobs(tx: Transaction, emailKey: string, leadIds: string[]): Promise<number> {
  const { rows } = await tx.db.execute<{ exists: boolean }>(sql`select to_regclass('pgboss.job') is not null as exists`);
  if (!rows[0]?.exists) return 0;
  const removed = await tx.db.execute(sql`
    delete from pgboss.job j
    where j.state in ('created', 'retry')
      and (
        (j.name = 'send-mail' and exists (
          select 1 from jsonb_array_elements(
            (case jsonb_typeof(j.data -> 'to') when 'array' then j.data -> 'to' else jsonb_build_array(j.data -> 'to') end)
            || (case when j.data ? 'replyTo' then jsonb_build_array(j.data -> 'replyTo') else '[]'::jsonb end)
          ) a(address)
          where lower(btrim(case jsonb_typeof(a.address) when 'string' then a.address #>> '{}' else a.address ->> 'address' end)) = ${emailKey}))
        or (j.name = 'chat-lead-quiet' and j.data ->> 'leadId' = any(${sql.param(leadIds)}::text[]))
      )`);
  return removed.rowCount ?? 0;
}
