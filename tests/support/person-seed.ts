import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../app/.server/db/client.ts";
import {
  analyticsConversions,
  chatReplies,
  enquiries,
  inboxAttachments,
  inboxEvents,
  inboxMails,
  leads,
  newsletterDeliveries,
  newsletterIssues,
  newsletterSubscriptions,
  people,
  submissions,
  users,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from "../../app/.server/db/tables/index.ts";

/**
 * One person with something in every table the inbox knows (tests of the per-person export
 * and erasure, and of the dashboard): a chat lead with a transcript, a held lead, a form
 * submission, a subscription with deliveries, a won enquiry with owner and value, a note, mails
 * both ways with an attachment, an unmatched mail from their address, the visits of their rows,
 * chat reply digests and a webhook delivery. The same address is written differently in each
 * source (case, surrounding space), as people do.
 */
export type SeededPerson = {
  personId: string;
  email: string;
  leadIds: string[];
  submissionId: string;
  subscriptionId: string;
  conversationId: string;
  enquiryId: string;
  word: string;
};

let issueSeq = 0;

export async function seedPerson(db: Database, tag: string): Promise<SeededPerson> {
  const email = `${tag}@example.com`;
  const word = `${tag}word${randomUUID().slice(0, 6)}`;
  const conversationId = randomUUID();
  const [lead] = await db
    .insert(leads)
    .values({
      name: `${tag} Person`,
      email: ` ${tag.charAt(0).toUpperCase()}${tag.slice(1)}@Example.com `,
      company: `${tag} AB`,
      message: "A booking assistant",
      conversationId,
      conversationContext: {
        messages: [
          { role: "user", content: `Can you build a ${word} for clinics?` },
          { role: "assistant", content: "Yes, we can." },
        ],
      },
    })
    .returning({ id: leads.id, personId: leads.personId });
  const [held] = await db
    .insert(leads)
    .values({ name: `${tag} Bot`, email: email.toUpperCase(), conversationId: randomUUID(), heldAt: new Date(), holdReason: "honeypot" })
    .returning({ id: leads.id });
  const [submission] = await db
    .insert(submissions)
    .values({
      source: "apply",
      name: `${tag} Person`,
      email,
      fields: { idea: `An idea about ${word}` },
      disclaimerAccepted: true,
      userAgent: "test",
    })
    .returning({ id: submissions.id });
  const [subscription] = await db
    .insert(newsletterSubscriptions)
    .values({ email: `${email} `, confirmed: true, confirmedAt: new Date(), source: "home" })
    .returning({ id: newsletterSubscriptions.id });
  const personId = lead!.personId!;

  const issueDate = `2026-0${1 + (issueSeq % 9)}-${String(10 + Math.floor(issueSeq / 9)).padStart(2, "0")}`;
  issueSeq += 1;
  const [issue] = await db
    .insert(newsletterIssues)
    .values({ issueDate, subject: `Issue ${issueDate}`, html: "<p>x</p>", text: "x", stories: [], status: "sent" })
    .onConflictDoUpdate({ target: newsletterIssues.issueDate, set: { subject: `Issue ${issueDate}` } })
    .returning({ id: newsletterIssues.id });
  await db
    .insert(newsletterDeliveries)
    .values({ issueId: issue!.id, subscriptionId: subscription!.id, status: "sent", attempts: 1, sentAt: new Date() });

  const ownerId = `owner-${tag}-${randomUUID().slice(0, 8)}`;
  await db.insert(users).values({ id: ownerId, name: `Owner of ${tag}`, email: `${ownerId}@studio.test` });
  const [enquiry] = await db.select().from(enquiries).where(eq(enquiries.sourceId, submission!.id));
  await db.update(enquiries).set({ stage: "won", ownerId, valueMinor: 1_250_000, currency: "NOK" }).where(eq(enquiries.id, enquiry!.id));
  await db.insert(inboxEvents).values([
    { personId, enquiryId: enquiry!.id, kind: "stage", actorId: ownerId, actorName: `Owner of ${tag}`, body: "New → Won" },
    { personId, kind: "note", actorName: `Owner of ${tag}`, body: `Called ${tag} about the ${word}` },
  ]);
  const [out] = await db
    .insert(inboxMails)
    .values({
      personId,
      enquiryId: enquiry!.id,
      direction: "out",
      messageId: `<out-${randomUUID()}@studio.test>`,
      fromAddress: "studio@studio.test",
      toAddress: email,
      subject: "About your idea",
      text: "Thanks!",
      sentByName: `Owner of ${tag}`,
    })
    .returning({ id: inboxMails.id });
  const [answer] = await db
    .insert(inboxMails)
    .values({
      personId,
      enquiryId: enquiry!.id,
      direction: "in",
      messageId: `<in-${randomUUID()}@example.com>`,
      inReplyTo: `<out-x@studio.test>`,
      fromAddress: email,
      toAddress: "studio@studio.test",
      subject: "Re: About your idea",
      text: "Sounds good",
      mailbox: "INBOX",
      uidValidity: 1,
      uid: Math.floor(Math.random() * 1e9),
    })
    .returning({ id: inboxMails.id });
  await db.insert(inboxAttachments).values({
    mailId: answer!.id,
    filename: `${tag}-brief.pdf`,
    contentType: "application/pdf",
    sizeBytes: 4,
    content: Buffer.from("%PDF"),
  });
  await db.insert(inboxMails).values({
    direction: "in",
    messageId: `<stray-${randomUUID()}@example.com>`,
    fromAddress: `${tag} Person <${email}>`,
    toAddress: "studio@studio.test",
    subject: "Another thing",
    text: "Unmatched",
  });
  void out;

  const visit = {
    day: "2026-11-20",
    occurredAt: new Date("2026-11-20T10:00:00Z"),
    entryPath: "/services",
    referrerHost: "www.google.com",
    utmSource: "google",
    utmMedium: "cpc",
    utmCampaign: `${tag}-campaign`,
    attributedBy: "visitor-key" as const,
  };
  await db.insert(analyticsConversions).values([
    { kind: "lead", entityId: lead!.id, ...visit },
    { kind: "apply", entityId: submission!.id, ...visit },
    { kind: "subscriber", entityId: subscription!.id, ...visit },
  ]);
  await db.insert(chatReplies).values({ conversationId, digest: randomUUID().replaceAll("-", "").padEnd(64, "0") });

  const [endpoint] = await db
    .insert(webhookEndpoints)
    .values({ url: "https://hooks.example.test/in", secret: "whsec_dGVzdA==", eventTypes: ["person.created"] })
    .returning({ id: webhookEndpoints.id });
  const [event] = await db
    .select()
    .from(webhookEvents)
    .where(sql`${webhookEvents.payload} -> 'person' ->> 'id' = ${personId}`)
    .limit(1);
  await db.insert(webhookDeliveries).values({
    endpointId: endpoint!.id,
    eventId: event!.id,
    eventType: event!.type,
    payload: event!.payload,
    status: "delivered",
    attempts: 1,
  });

  await db.select().from(people).where(eq(people.id, personId));
  return {
    personId,
    email,
    leadIds: [lead!.id, held!.id],
    submissionId: submission!.id,
    subscriptionId: subscription!.id,
    conversationId,
    enquiryId: enquiry!.id,
    word,
  };
}

/** Rows of every table of the app (public schema) and of pg-boss's job table. */
export async function countRowsOfEveryTable(db: Database): Promise<Record<string, number>> {
  const { rows: tables } = await db.execute<{ name: string }>(
    sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const { rows } = await db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from public."${name}"`));
    counts[name] = rows[0]!.n;
  }
  const { rows } = await db.execute<{ exists: boolean }>(sql`select to_regclass('pgboss.job') is not null as exists`);
  if (rows[0]?.exists) {
    const jobs = await db.execute<{ n: number }>(sql`select count(*)::int as n from pgboss.job`);
    counts["pgboss.job"] = jobs.rows[0]!.n;
  }
  return counts;
}

/** Tables (public schema and pg-boss's jobs) with a row whose text mentions `needle` (case-insensitive). */
export async function tablesMentioning(db: Database, needle: string, except: string[] = []): Promise<string[]> {
  const { rows: tables } = await db.execute<{ name: string }>(
    sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`,
  );
  const found: string[] = [];
  for (const name of [...tables.map((t) => `public."${t.name}"`), "pgboss.job"]) {
    if (except.includes(name)) continue;
    const exists = await db.execute<{ exists: boolean }>(sql`select to_regclass(${name}) is not null as exists`);
    if (!exists.rows[0]?.exists) continue;
    const { rows } = await db.execute<{ n: number }>(
      sql.raw(`select count(*)::int as n from ${name} t where strpos(lower(t::text), lower('${needle.replaceAll("'", "''")}')) > 0`),
    );
    if (rows[0]!.n > 0) found.push(name);
  }
  return found;
}
