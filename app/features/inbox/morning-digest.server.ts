import { and, asc, count, eq, inArray, isNotNull, isNull, lt, notInArray } from "drizzle-orm";
import { INBOX_ROLES } from "~/.server/permissions";
import { createElement } from "react";
import { getDb } from "~/.server/db/client";
import { enquiries, inboxDigests, inboxMails, people, userRoles, users } from "~/.server/db/tables";
import { withTransaction } from "~/.server/db/transaction";
import { getEnv } from "~/.server/env";
import { failedPublishes } from "~/features/content/items.server";
import { defineJob } from "~/.server/jobs";
import { logger } from "~/.server/logger";
import { queueMail, renderEmail } from "~/.server/mail";
import { MorningDigest, type DigestAnswer, type DigestEnquiry } from "~/emails/morning-digest";
import { latestReplyFailed } from "./list-people.server";
import { stageLabels } from "./stages";

/**
 * The morning digest (docs/inbox.md, "Morning digest"): each admin gets, once a day at
 * DIGEST_HOUR in DIGEST_TIME_ZONE, the enquiries waiting more than 24 hours for our answer (not
 * held, not won, lost or done) and the answers not yet read (a person's own mail, not an
 * auto-reply). Nothing is sent when both lists are empty. The job runs every hour (cron is UTC,
 * the hour is local, summer time included) and sends from DIGEST_HOUR on, so a day the instance
 * was down at that hour still gets its digest later; the `inbox_digests` row written with the
 * queued mail keeps it to one per admin and day, however many instances run.
 */

/** Entries listed per section; the mail says how many more wait. */
export const DIGEST_LIST_LIMIT = 30;
const WAITING_HOURS = 24;
const CLOSED_STAGES = ["won", "lost", "done"] as const;

const kindLabels: Record<string, string> = {
  lead: "chat",
  apply: "application",
  mentoring: "mentoring",
  contact: "contact form",
  booking: "booking",
};

/** The local calendar day and hour of `now` in `timeZone`. */
export function localDayAndHour(now: Date, timeZone: string): { day: string; hour: number } {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    hourCycle: "h23",
  }).formatToParts(now);
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? "";
  return { day: `${part("year")}-${part("month")}-${part("day")}`, hour: Number(part("hour")) };
}

export type DigestContent = {
  enquiries: DigestEnquiry[];
  enquiriesTotal: number;
  answers: DigestAnswer[];
  answersTotal: number;
  failedPublishes: Array<{ type: string; key: string; title: string; reason: string }>;
};

/** What the digest lists at `now` (the same for every admin). */
export async function collectDigest(now = new Date()): Promise<DigestContent> {
  const db = getDb();
  const waitingBefore = new Date(now.getTime() - WAITING_HOURS * 3_600_000);
  const waiting = and(
    isNotNull(enquiries.waitingSince),
    lt(enquiries.waitingSince, waitingBefore),
    isNull(enquiries.heldAt),
    notInArray(enquiries.stage, [...CLOSED_STAGES]),
  );
  const unread = and(
    eq(inboxMails.direction, "in"),
    isNotNull(inboxMails.personId),
    isNull(inboxMails.readAt),
    isNull(inboxMails.autoReply),
  );
  const [enquiryRows, [enquiryCount], answerRows, [answerCount]] = await Promise.all([
    db
      .select({
        personId: enquiries.personId,
        name: people.name,
        email: people.email,
        kind: enquiries.kind,
        stage: enquiries.stage,
        waitingSince: enquiries.waitingSince,
        replyFailed: latestReplyFailed(enquiries.id),
      })
      .from(enquiries)
      .innerJoin(people, eq(people.id, enquiries.personId))
      .where(waiting)
      .orderBy(asc(enquiries.waitingSince))
      .limit(DIGEST_LIST_LIMIT),
    db.select({ n: count() }).from(enquiries).where(waiting),
    db
      .select({
        personId: inboxMails.personId,
        name: people.name,
        email: people.email,
        subject: inboxMails.subject,
        receivedAt: inboxMails.createdAt,
      })
      .from(inboxMails)
      .innerJoin(people, eq(people.id, inboxMails.personId))
      .where(unread)
      .orderBy(asc(inboxMails.createdAt))
      .limit(DIGEST_LIST_LIMIT),
    db.select({ n: count() }).from(inboxMails).where(unread),
  ]);
  return {
    enquiries: enquiryRows.map((row) => ({
      personId: row.personId,
      who: row.name?.trim() || row.email,
      kind: kindLabels[row.kind] ?? row.kind,
      stage: stageLabels[row.stage] ?? row.stage,
      waitingSince: row.waitingSince!,
      replyFailed: row.replyFailed === true,
    })),
    enquiriesTotal: enquiryCount?.n ?? 0,
    answers: answerRows.map((row) => ({
      personId: row.personId!,
      who: row.name?.trim() || row.email,
      subject: row.subject,
      receivedAt: row.receivedAt,
    })),
    answersTotal: answerCount?.n ?? 0,
    failedPublishes: await failedPublishes(),
  };
}

export type DigestRun = { status: "not-yet" | "nothing-waiting" | "sent"; day: string; sent: number };

/**
 * Queues today's digest for every admin who has not had it (from DIGEST_HOUR on, local time).
 * `now` is the clock (tests); the lists are read at that moment.
 */
export async function sendMorningDigests(now = new Date()): Promise<DigestRun> {
  const env = getEnv();
  const { day, hour } = localDayAndHour(now, env.DIGEST_TIME_ZONE);
  if (hour < env.DIGEST_HOUR) return { status: "not-yet", day, sent: 0 };
  const content = await collectDigest(now);
  if (content.enquiriesTotal === 0 && content.answersTotal === 0 && content.failedPublishes.length === 0) {
    return { status: "nothing-waiting", day, sent: 0 };
  }

  const mail = await renderEmail(createElement(MorningDigest, { ...content, siteUrl: env.PUBLIC_URL, now }));
  const failed = content.failedPublishes.length;
  const subject = `Inbox: ${content.enquiriesTotal} waiting for a reply, ${content.answersTotal} unread${failed > 0 ? `; ${failed} scheduled ${failed === 1 ? "publish" : "publishes"} failed` : ""}`;
  const admins = await getDb()
    .selectDistinct({ id: users.id, email: users.email })
    .from(users)
    // Whoever works the inbox: the owners and Sales.
    .innerJoin(userRoles, and(eq(userRoles.userId, users.id), inArray(userRoles.role, INBOX_ROLES)));
  let sent = 0;
  for (const admin of admins) {
    const queued = await withTransaction(async (tx) => {
      const claimed = await tx.db
        .insert(inboxDigests)
        .values({ day, userId: admin.id })
        .onConflictDoNothing()
        .returning({ day: inboxDigests.day });
      if (claimed.length === 0) return false;
      await queueMail({ to: admin.email, subject, ...mail, tag: "inbox-morning-digest" }, { db: tx.jobsDb });
      return true;
    });
    if (queued) sent++;
  }
  if (sent > 0) logger.info({ day, sent, waiting: content.enquiriesTotal, unread: content.answersTotal }, "Morning digest queued");
  return { status: "sent", day, sent };
}

export const morningDigestJob = defineJob<object>({
  name: "inbox-morning-digest",
  // Every hour at :05 UTC; the handler sends from DIGEST_HOUR local time on, once a day.
  schedule: "5 * * * *",
  handler: async () => {
    await pruneDigestLog();
    return sendMorningDigests();
  },
});

/** The digest log (who got one on which day) is kept 60 days. */
export async function pruneDigestLog(now = new Date()): Promise<void> {
  await getDb()
    .delete(inboxDigests)
    .where(lt(inboxDigests.sentAt, new Date(now.getTime() - 60 * 24 * 3_600_000)));
}
