import { desc, eq, lt, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import pg from "pg";
import { getDb, handleClientErrors } from "~/.server/db/client";
import { newsletterIssues } from "~/.server/db/tables";
import { getEnv } from "~/.server/env";
import { logger } from "~/.server/logger";
import { newsletterDeliveries } from "~/.server/metrics";
import { openMailerPool, type PreparedMailMessage } from "~/.server/mail";
import { utcDay } from "~/lib/utc-day";
import { getOrCreateDailyIssue, UNSUBSCRIBE_PLACEHOLDER, type NewsletterIssueRow } from "./build-daily-issue.server";
import { holdSenderPresence } from "./sender-presence.server";
import { compileIssueParts, fillIssueParts } from "./issue-mime.server";
import { newsletterListId, unsubscribeUrls } from "./links.server";

/** A transient failure (connection, 4xx) is tried this many times in all, one attempt per run. */
export const MAX_ATTEMPTS = 3;
/** Recipients added to an issue's delivery list per statement (keyset pagination over subscriptions). */
const ENQUEUE_BATCH = 2_000;

export type SendSettings = {
  /** Messages per second for this run (0: no limit). */
  rate: number;
  /** Messages in flight at once; each holds one database connection. */
  concurrency: number;
  /** Consecutive failures after which the run stops and pauses the issue. */
  pauseAfterFailures: number;
};

export type SendDailyIssueResult = {
  status: "no-stories" | "sent" | "sending" | "paused";
  issueDate: string;
  successCount: number;
  errorCount: number;
  totalArticles: number;
  message: string;
};

/**
 * Sends the day's issue to every confirmed, not unsubscribed, not bounced
 * subscriber, once each (a sender killed mid-send: at most one extra message
 * per send in flight, docs/newsletter.md), and answers the product's send result.
 *
 * - The issue (one per UTC day) is created from the day's top stories and
 *   rendered once; each message only gets its recipient's unsubscribe links.
 * - Recipients are added to `newsletter_deliveries` in keyset-paginated
 *   batches (insert ... on conflict do nothing): memory stays flat and a
 *   second run adds only people who confirmed since.
 * - Each worker takes one pending delivery with FOR UPDATE SKIP LOCKED, sends
 *   it and commits `sent` in that same transaction. Another run (a second
 *   click, another instance) skips rows being sent and finds sent ones done;
 *   a crashed run's transactions roll back, so its unfinished rows are simply
 *   pending again for the next run.
 * - The run holds a shared advisory lock on the issue while it runs: when its
 *   process dies, another instance's watchdog sees the issue unfinished with
 *   no live sender and resumes it (resume-unfinished-issue.server.ts).
 * - A 5xx refusal of the recipient marks the address bounced; a run of
 *   `pauseAfterFailures` other failures in a row pauses the issue (the job's
 *   retry or "Send Newsletter Now" resumes it).
 */
export async function sendDailyIssue(options: { now?: Date; settings?: Partial<SendSettings> } = {}): Promise<SendDailyIssueResult> {
  const now = options.now ?? new Date();
  const env = getEnv();
  const settings: SendSettings = {
    rate: env.NEWSLETTER_SEND_RATE,
    concurrency: env.NEWSLETTER_SEND_CONCURRENCY,
    pauseAfterFailures: env.NEWSLETTER_PAUSE_AFTER_FAILURES,
    ...options.settings,
  };
  // Held for the whole run, from before the issue exists: the other instances' watchdogs see a
  // live sender (sender-presence.server.ts).
  const day = utcDay(now);
  const releasePresence = await holdSenderPresence(day);
  try {
    const issue = await getOrCreateDailyIssue(now);
    if (!issue)
      return {
        status: "no-stories",
        issueDate: day,
        successCount: 0,
        errorCount: 0,
        totalArticles: 0,
        message: await noStoriesMessage(day),
      };
    return await runIssue(issue, settings);
  } finally {
    await releasePresence();
  }
}

/** Nothing to send: said for a newsletter that never had an issue as much as for one that did. */
export async function noStoriesMessage(day: string): Promise<string> {
  const [last] = await getDb()
    .select({ issueDate: newsletterIssues.issueDate })
    .from(newsletterIssues)
    .where(lt(newsletterIssues.issueDate, day))
    .orderBy(desc(newsletterIssues.issueDate))
    .limit(1);
  return last
    ? `No new stories since the last issue (${last.issueDate}): nothing was sent.`
    : "No issue has been sent yet, and there are no stories to send: the news hub has none so far. Nothing was sent.";
}

async function runIssue(issue: NewsletterIssueRow, settings: SendSettings): Promise<SendDailyIssueResult> {
  const setIssue = (values: PgUpdateSetSource<typeof newsletterIssues>) =>
    getDb().update(newsletterIssues).set(values).where(eq(newsletterIssues.id, issue.id));
  // Every run marks the issue "sending" before it adds anyone, a second send of the day (people
  // who confirmed after the issue went out) as much as a resumed pause: if this process dies,
  // the watchdog finds the issue unfinished (resume-unfinished-issue.server.ts).
  if (issue.status !== "sending") await setIssue({ status: "sending", pauseReason: null });
  const added = await enqueueRecipients(issue.id);
  const started = Date.now();
  const run = await deliverPending(issue, settings);
  const remaining = await getDb().execute<{ n: number }>(
    sql`select count(*)::int as n from newsletter_deliveries where issue_id = ${issue.id} and status = 'pending'`,
  );
  if (run.pausedReason) await setIssue({ status: "paused", pauseReason: run.pausedReason });
  else if ((remaining.rows[0]?.n ?? 0) === 0) {
    await setIssue({ status: "sent", pauseReason: null, completedAt: sql`coalesce(${newsletterIssues.completedAt}, now())` });
  }
  const { pausedReason, ...counts } = run;
  const seconds = (Date.now() - started) / 1000;
  logger.info({ issueDate: issue.issueDate, added, ...counts, seconds, paused: Boolean(pausedReason) }, "Newsletter run finished");
  return issueResult(issue.id);
}

/** The product's send result for an issue, from its delivery rows. */
export async function issueResult(issueId: string): Promise<SendDailyIssueResult> {
  const result = await getDb().execute<{
    issue_date: string;
    status: NewsletterIssueRow["status"];
    stories: number;
    sent: number;
    errors: number;
    pending: number;
  }>(sql`
    select i.issue_date::text as issue_date, i.status, jsonb_array_length(i.stories)::int as stories,
      count(d.id) filter (where d.status = 'sent')::int as sent,
      count(d.id) filter (where d.status in ('failed', 'bounced') or (d.status = 'pending' and d.attempts > 0))::int as errors,
      count(d.id) filter (where d.status = 'pending')::int as pending
    from newsletter_issues i left join newsletter_deliveries d on d.issue_id = i.id
    where i.id = ${issueId}
    group by i.id`);
  const row = result.rows[0];
  if (!row) throw new Error("Newsletter issue not found.");
  const status = row.status === "sent" ? "sent" : row.status === "paused" ? "paused" : "sending";
  const message =
    status === "sent"
      ? `Issue of ${row.issue_date}: ${row.sent} delivered, ${row.errors} failed.`
      : status === "paused"
        ? `Issue of ${row.issue_date} is paused after repeated mail server failures: ${row.sent} delivered, ${row.pending} waiting. Sending again resumes it.`
        : `Issue of ${row.issue_date} is still sending: ${row.sent} delivered so far, ${row.pending} waiting.`;
  return { status, issueDate: row.issue_date, successCount: row.sent, errorCount: row.errors, totalArticles: row.stories, message };
}

/** Adds every current recipient to the issue's delivery list, in keyset-paginated batches. */
async function enqueueRecipients(issueId: string): Promise<number> {
  const db = getDb();
  let cursor = "00000000-0000-0000-0000-000000000000";
  let added = 0;
  for (;;) {
    const result = await db.execute<{ last_id: string | null; batch: number; inserted: number }>(sql`
      with batch as (
        select id from newsletter_subscriptions
        where confirmed and unsubscribed_at is null and bounced_at is null and id > ${cursor}::uuid
        order by id
        limit ${ENQUEUE_BATCH}
      ), inserted as (
        insert into newsletter_deliveries (issue_id, subscription_id)
        select ${issueId}::uuid, id from batch
        on conflict (issue_id, subscription_id) do nothing
        returning 1
      )
      select (select id::text from batch order by id desc limit 1) as last_id,
        (select count(*)::int from batch) as batch,
        (select count(*)::int from inserted) as inserted`);
    const row = result.rows[0];
    added += row?.inserted ?? 0;
    if (!row?.last_id || row.batch < ENQUEUE_BATCH) break;
    cursor = row.last_id;
  }
  return added;
}

type RunOutcome = { sent: number; failed: number; bounced: number; pausedReason: string | null };

/** Paces message starts to `rate` per second across all workers of a run. */
function createThrottle(rate: number): () => Promise<void> {
  if (!rate || rate <= 0) return async () => undefined;
  const interval = 1000 / rate;
  let next = performance.now();
  return async () => {
    const now = performance.now();
    const wait = next - now;
    next = Math.max(next, now) + interval;
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  };
}

type SmtpError = { code?: unknown; responseCode?: unknown; message?: unknown };

/** 5xx at RCPT TO: the receiving server says this address does not (or no longer) exist. */
function isRecipientRejected(error: SmtpError): boolean {
  return error.code === "EENVELOPE" && isPermanent(error);
}

function isPermanent(error: SmtpError): boolean {
  return typeof error.responseCode === "number" && error.responseCode >= 500 && error.responseCode < 600;
}

function errorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 500);
}

/** Builds each recipient's message from the issue's bodies, encoded once, and their own links. */
function createPersonaliser(issue: NewsletterIssueRow): (email: string, subscriptionId: string) => PreparedMailMessage {
  const listId = newsletterListId();
  const parts = compileIssueParts(issue, UNSUBSCRIBE_PLACEHOLDER);
  return (email, subscriptionId) => {
    const links = unsubscribeUrls(subscriptionId);
    return {
      to: email,
      subject: issue.subject,
      preparedParts: fillIssueParts(parts, links.page),
      headers: {
        "List-Unsubscribe": `<${links.oneClick}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        "List-Id": listId,
      },
      tag: "newsletter",
    };
  };
}

type ClaimedDelivery = { id: string; subscription_id: string; email: string; eligible: boolean };

/**
 * Opens a transaction and takes the next pending delivery of the issue, locked, in one round trip
 * (the sender's connections pipeline their statements). Starts above `floor`, the highest id this
 * run has taken: every pending row below it is in flight, tried in this run, or held by another
 * run, and walking the sent rows' dead index entries again made a 100,000-recipient run slow down
 * as it went. A row a previous attempt of this run failed on (attempted after `runStartedAt`)
 * waits for the next run.
 */
async function claimNextDelivery(
  client: pg.PoolClient,
  issueId: string,
  floor: bigint,
  runStartedAt: string,
): Promise<ClaimedDelivery | undefined> {
  const [, claimed] = await Promise.all([
    client.query("begin"),
    client.query<ClaimedDelivery>({
      // Named: parsed and planned once per connection, then only bound and run.
      name: "newsletter-claim-delivery",
      text: `select d.id, d.subscription_id, s.email,
          (s.confirmed and s.unsubscribed_at is null and s.bounced_at is null) as eligible
       from newsletter_deliveries d join newsletter_subscriptions s on s.id = d.subscription_id
       where d.issue_id = $1 and d.status = 'pending' and d.id > $2
         and (d.last_attempt_at is null or d.last_attempt_at < $3::timestamptz)
       order by d.id
       limit 1
       for update of d skip locked`,
      values: [issueId, floor.toString(), runStartedAt],
    }),
  ]);
  return claimed.rows[0];
}

/** Runs the statements that record a delivery's outcome and commits, in one round trip. */
async function recordAndCommit(client: pg.PoolClient, statements: pg.QueryConfig[]): Promise<void> {
  await Promise.all([...statements.map((statement) => client.query(statement)), client.query("commit")]);
}

/** The common case, named (parsed once per connection): the message went out. */
const recordSent = (deliveryId: string): pg.QueryConfig => ({
  name: "newsletter-record-sent",
  text: `update newsletter_deliveries set status = 'sent', sent_at = now(), attempts = attempts + 1, last_attempt_at = now(), last_error = null
         where id = $1`,
  values: [deliveryId],
});

/** The statements that record a failed message (bounced, or failed for now), and which it was. */
function failureStatements(row: ClaimedDelivery, error: unknown): { result: "bounced" | "failed"; statements: pg.QueryConfig[] } {
  const smtp = (error ?? {}) as SmtpError;
  if (isRecipientRejected(smtp)) {
    return {
      result: "bounced",
      statements: [
        {
          text: `update newsletter_deliveries set status = 'bounced', attempts = attempts + 1, last_attempt_at = now(), last_error = $2 where id = $1`,
          values: [row.id, errorText(error)],
        },
        {
          text: "update newsletter_subscriptions set bounced_at = now() where id = $1 and bounced_at is null",
          values: [row.subscription_id],
        },
      ],
    };
  }
  return {
    result: "failed",
    statements: [
      {
        text: `update newsletter_deliveries
         set attempts = attempts + 1, last_attempt_at = now(), last_error = $2,
           status = case when $3::boolean or attempts + 1 >= $4 then 'failed' else 'pending' end
         where id = $1`,
        values: [row.id, errorText(error), isPermanent(smtp), MAX_ATTEMPTS],
      },
    ],
  };
}

/**
 * The sender's own small pool: workers hold a connection (and a row lock) while a message is on
 * its way. synchronous_commit off for its sessions: a commit does not wait for the WAL flush
 * (the sender would otherwise wait on the disk for every message). An app crash loses nothing;
 * only a crash of PostgreSQL itself can forget the last fraction of a second of "sent" marks,
 * and those few recipients would get the issue twice (docs/newsletter.md).
 */
function openSenderPool(concurrency: number): pg.Pool {
  const appPool = getDb().$client;
  const pool = new pg.Pool({
    ...appPool.options,
    max: concurrency,
    application_name: "nordlys-newsletter",
    options: "-c synchronous_commit=off",
    // Statements written back to back go out together: a claim or a commit is one round trip.
    pipeline: true,
  });
  // Every worker holds its connection for the whole run: each needs its own error listener.
  return handleClientErrors(pool, "nordlys-newsletter");
}

type SendRun = {
  issue: NewsletterIssueRow;
  settings: SendSettings;
  /** The database's clock when the run started: rows attempted since are not retried in this run. */
  startedAt: string;
  outcome: RunOutcome;
  personalise: (email: string, subscriptionId: string) => PreparedMailMessage;
  mailer: ReturnType<typeof openMailerPool>;
  throttle: () => Promise<void>;
  /** The highest delivery id taken so far (claimNextDelivery). */
  floor: bigint;
  consecutiveFailures: number;
  /** A database failure: every worker stops; what was not committed stays pending. */
  fatal?: unknown;
};

/** Sends one claimed delivery, records the outcome and commits. */
async function sendOne(client: pg.PoolClient, run: SendRun, row: ClaimedDelivery): Promise<void> {
  const { outcome } = run;
  if (!row.eligible) {
    await recordAndCommit(client, [
      { text: "update newsletter_deliveries set status = 'skipped', last_error = 'no longer subscribed' where id = $1", values: [row.id] },
    ]);
    return;
  }
  await run.throttle();
  try {
    await run.mailer.send(run.personalise(row.email, row.subscription_id));
  } catch (error) {
    const { result, statements } = failureStatements(row, error);
    await recordAndCommit(client, statements);
    newsletterDeliveries.inc({ outcome: result });
    noteFailure(run, row, error, result);
    return;
  }
  await recordAndCommit(client, [recordSent(row.id)]);
  outcome.sent++;
  newsletterDeliveries.inc({ outcome: "sent" });
  run.consecutiveFailures = 0;
}

/** Counts a failed message; a run of them pauses the issue. */
function noteFailure(run: SendRun, row: ClaimedDelivery, error: unknown, result: "bounced" | "failed"): void {
  const { outcome } = run;
  const smtp = (error ?? {}) as SmtpError;
  if (result === "bounced") {
    outcome.bounced++;
    logger.warn(
      { subscriptionId: row.subscription_id, responseCode: smtp.responseCode },
      "Newsletter address bounced; excluded from now on",
    );
    return;
  }
  outcome.failed++;
  run.consecutiveFailures++;
  logger.warn(
    {
      error: errorText(error),
      responseCode: smtp.responseCode,
      subscriptionId: row.subscription_id,
      consecutiveFailures: run.consecutiveFailures,
    },
    "Newsletter message failed",
  );
  if (run.consecutiveFailures >= run.settings.pauseAfterFailures && !outcome.pausedReason) {
    outcome.pausedReason = `${run.consecutiveFailures} failures in a row; last: ${errorText(error).slice(0, 200)}`;
    logger.error(
      { issueDate: run.issue.issueDate, consecutiveFailures: run.consecutiveFailures },
      "Newsletter run paused: the mail server keeps failing",
    );
  }
}

/**
 * One worker: in a loop, claim a delivery, send it and commit its new status together with the
 * release of its row lock, until nothing is pending, the run pauses or the database fails.
 */
async function runWorker(pool: pg.Pool, run: SendRun): Promise<void> {
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (error) {
    run.fatal ??= error;
    return;
  }
  let broken = false;
  try {
    while (!run.outcome.pausedReason && !run.fatal) {
      const row = await claimNextDelivery(client, run.issue.id, run.floor, run.startedAt);
      if (!row) {
        await client.query("commit");
        break;
      }
      if (BigInt(row.id) > run.floor) run.floor = BigInt(row.id);
      await sendOne(client, run, row);
    }
  } catch (error) {
    broken = true;
    run.fatal ??= error;
    await client.query("rollback").catch(() => undefined);
  } finally {
    client.release(broken);
  }
}

/** Sends every pending delivery of the issue with `settings.concurrency` workers. */
async function deliverPending(issue: NewsletterIssueRow, settings: SendSettings): Promise<RunOutcome> {
  const pool = openSenderPool(settings.concurrency);
  // Its own SMTP connections: one per worker.
  const mailer = openMailerPool(settings.concurrency);
  try {
    const { rows } = await pool.query<{ now: string }>("select now()::text as now");
    const run: SendRun = {
      issue,
      settings,
      startedAt: rows[0]!.now,
      outcome: { sent: 0, failed: 0, bounced: 0, pausedReason: null },
      personalise: createPersonaliser(issue),
      mailer,
      throttle: createThrottle(settings.rate),
      floor: 0n,
      consecutiveFailures: 0,
    };
    await Promise.all(Array.from({ length: settings.concurrency }, () => runWorker(pool, run)));
    if (run.fatal) throw run.fatal;
    return run.outcome;
  } finally {
    mailer.close();
    await pool.end();
  }
}
