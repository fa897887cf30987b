import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/.server/db/client";
import { listIssueOutcomes } from "~/features/newsletter/list-issues.server";
import { getSendProgress } from "~/features/newsletter/send-progress.server";
import { setupTestDatabase } from "../support/database";

/**
 * The live progress of a newsletter send on /admin/newsletter (sent of total, rate, time left)
 * and what became of each issue on the dashboard (delivered, bounced, failed, unsubscribed).
 */
setupTestDatabase();

async function seedIssue(day: string, createdAt: string): Promise<string> {
  const result = await getDb().execute<{ id: string }>(sql`
    insert into newsletter_issues (issue_date, status, subject, html, text, stories, created_at)
    values (${day}::date, 'sending', ${`Issue ${day}`}, '<p>x</p>', 'x', '[]'::jsonb, ${createdAt}::timestamptz) returning id`);
  return result.rows[0]!.id;
}

async function seedSubscribers(prefix: string, count: number): Promise<string[]> {
  const result = await getDb().execute<{ id: string }>(sql`
    insert into newsletter_subscriptions (email, confirmed, confirmed_at)
    select ${prefix} || n || '@example.com', true, now() - interval '30 days' from generate_series(1, ${count}::int) n returning id`);
  return result.rows.map((row) => row.id);
}

describe("send progress", () => {
  it("counts sent of total, measures the rate of the last 30 seconds and the time left at it", async () => {
    const now = new Date("2026-11-21T08:05:00Z");
    const issue = await seedIssue("2026-11-21", "2026-11-21T08:00:00Z");
    await seedSubscribers("progress", 1000);
    // 600 done: 450 of them in the last 30 s (15 a second), 150 earlier; 400 waiting.
    await getDb().execute(sql`
      insert into newsletter_deliveries (issue_id, subscription_id, status, last_attempt_at, sent_at)
      select ${issue}, s.id, x.status, x.attempted, case when x.status = 'sent' then x.attempted end
      from (select id, row_number() over (order by id) as n from newsletter_subscriptions where email like 'progress%') s
      cross join lateral (
        select case when s.n <= 590 then 'sent' when s.n <= 595 then 'bounced' when s.n <= 600 then 'failed' else 'pending' end as status,
          case when s.n <= 150 then '2026-11-21T08:01:00Z'::timestamptz when s.n <= 600 then '2026-11-21T08:04:45Z'::timestamptz end as attempted
      ) x`);
    expect(await getSendProgress(now)).toEqual({
      issueDate: "2026-11-21",
      status: "sending",
      total: 1000,
      sent: 590,
      failed: 5,
      bounced: 5,
      skipped: 0,
      pending: 400,
      ratePerSecond: 15,
      secondsLeft: 27,
    });
    expect(await getSendProgress(new Date("2026-11-22T08:00:00Z"))).toBeNull();
  });

  it("each issue with delivered, bounced, failed, and the recipients who unsubscribed before the next issue", async () => {
    const first = await seedIssue("2026-10-01", "2026-10-01T08:00:00Z");
    await seedIssue("2026-10-02", "2026-10-02T08:00:00Z");
    const [stays, leavesAfterFirst, leavesLater, bounces] = await seedSubscribers("outcome", 4);
    for (const [id, status] of [
      [stays, "sent"],
      [leavesAfterFirst, "sent"],
      [leavesLater, "sent"],
      [bounces, "bounced"],
    ] as const) {
      await getDb().execute(sql`
        insert into newsletter_deliveries (issue_id, subscription_id, status, sent_at)
        values (${first}, ${id}, ${status}, ${status === "sent" ? "2026-10-01T08:01:00Z" : null}::timestamptz)`);
    }
    await getDb().execute(
      sql`update newsletter_subscriptions set unsubscribed_at = '2026-10-01T12:00:00Z', confirmed = false where id = ${leavesAfterFirst}`,
    );
    await getDb().execute(
      sql`update newsletter_subscriptions set unsubscribed_at = '2026-10-03T12:00:00Z', confirmed = false where id = ${leavesLater}`,
    );
    const outcomes = await listIssueOutcomes("2026-10-01");
    expect(outcomes.slice(0, 2)).toEqual([
      { issueDate: "2026-10-01", subject: "Issue 2026-10-01", status: "sending", delivered: 3, bounced: 1, failed: 0, unsubscribed: 1 },
      { issueDate: "2026-10-02", subject: "Issue 2026-10-02", status: "sending", delivered: 0, bounced: 0, failed: 0, unsubscribed: 0 },
    ]);
  });
});
