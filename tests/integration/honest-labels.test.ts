import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { newsFeeds } from "~/.server/db/tables";
import { resetEnvForTests } from "~/.server/env";
import { setAppSecret } from "~/.server/secret";
import { conversionRate } from "~/features/analytics/dashboard.server";
import { listFeedsForAdmin } from "~/features/news/read/list-feed-health.server";
import { readNewsSources } from "~/features/news/read/news-sources.server";
import { refreshNewsForVisitor } from "~/features/news/fetch/refresh-for-visitor.server";
import { updatedLabelTime } from "~/features/news/components/updated-label";
import { setupTestDatabase } from "../support/database";
import { restoreEnvAfterAll } from "../support/process-env";

/**
 * Labels that say what is true, against a real database: the conversion rate counts only
 * conversions linked to a visit, 'Updated' on /ai-news survives a moment when every source
 * fails, /admin/feeds tells configured feeds from earlier ones, and a refused refresh says when
 * to try again.
 */
const database = setupTestDatabase();
setAppSecret("honest-labels-test-secret-honest-labels-test-0");
const db = () => database.current.db;
restoreEnvAfterAll();
const CONFIGURED = ["http://127.0.0.1:9/feeds/now-a.xml", "http://127.0.0.1:9/feeds/now-b.xml"];
const EARLIER = "http://127.0.0.1:9/feeds/earlier.xml";

beforeAll(() => {
  process.env.NEWS_FEEDS = CONFIGURED.join(",");
  resetEnvForTests();
});

describe("conversion rate", () => {
  it("counts only conversions linked to a visit, never above 100 %, and the unlinked apart", () => {
    const conversions = [
      { kind: "lead", source: "", campaign: null, count: 2 },
      { kind: "contact", source: "news.example", campaign: null, count: 1 },
      { kind: "contact", source: null, campaign: null, count: 30 },
    ];
    expect(conversionRate(conversions, 10)).toEqual({ percent: 30, linked: 3, unlinked: 30 });
    expect(conversionRate([{ kind: "tool", source: "", campaign: null, count: 12 }], 4).percent).toBe(100);
    expect(conversionRate(conversions, 0).percent).toBeNull();
  });
});

describe("/ai-news 'Updated'", () => {
  it("is the last time any source answered, also while every source fails now; none when none ever answered", async () => {
    const answered = new Date(Date.now() - 3 * 3_600_000);
    await db()
      .insert(newsFeeds)
      .values(
        CONFIGURED.map((url) => ({
          url,
          lastFetchedAt: new Date(),
          lastSuccessAt: null,
          consecutiveFailures: 2,
          lastError: "connect ECONNREFUSED",
        })),
      );
    expect(updatedLabelTime(await readNewsSources())).toBeNull();

    await db().execute(sql`update news_feeds set last_success_at = ${answered.toISOString()}::timestamptz where url = ${CONFIGURED[0]}`);
    const sources = await readNewsSources();
    expect(sources.answering).toBe(0);
    expect(updatedLabelTime(sources)).toBe(answered.toISOString());
  });
});

describe("/admin/feeds", () => {
  it("lists the configured feeds in their order, fetched or not, and earlier feeds apart", async () => {
    await db()
      .delete(newsFeeds)
      .where(sql`url = ${CONFIGURED[1]}`);
    await db().insert(newsFeeds).values({ url: EARLIER, title: "Earlier Wire", lastSuccessAt: new Date() });
    const { configured, earlier } = await listFeedsForAdmin();
    expect(configured.map((feed) => feed.url)).toEqual(CONFIGURED);
    expect(configured[1]).toMatchObject({ lastFetchedAt: null, consecutiveFailures: 0 });
    expect(earlier.map((feed) => feed.url)).toEqual([EARLIER]);
  });
});

describe("Refresh News within five minutes of the last refresh", () => {
  it("says when it can be tried again, and asks no source", async () => {
    await db().execute(sql`insert into news_refresh_state (id, last_started_at, last_finished_at, lease_until)
      values (1, now() - interval '61 seconds', now() - interval '55 seconds', null)
      on conflict (id) do update set last_started_at = excluded.last_started_at, last_finished_at = excluded.last_finished_at, lease_until = null`);
    const [before] = (await db().execute<{ fetched: string | null }>(sql`select max(last_fetched_at)::text as fetched from news_feeds`))
      .rows;
    const toast = await refreshNewsForVisitor("203.0.113.7");
    expect(toast).toEqual({
      type: "info",
      title: "The news sources were checked a moment ago: this is the latest news we have. The next check can run in 4 minutes.",
    });
    const [after] = (await db().execute<{ fetched: string | null }>(sql`select max(last_fetched_at)::text as fetched from news_feeds`))
      .rows;
    expect(after?.fetched).toBe(before?.fetched);
  });
});
