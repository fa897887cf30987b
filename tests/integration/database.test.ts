import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { runMigrations } from "../../app/.server/db/migrate";
import { aiNews, leads } from "../../app/.server/db/tables/index";
import { jobDefinitions } from "../../server/job-registry";
import { defineJob, startJobs } from "../../app/.server/jobs";
import { setupTestDatabase } from "../support/database";

const database = setupTestDatabase();

async function withFreshEmptyDatabase<T>(work: (url: string) => Promise<T>): Promise<T> {
  const name = `empty_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: inject("postgresUrl") });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    return await work(inject("postgresUrl").replace(/\/postgres$/, `/${name}`));
  } finally {
    await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
    await admin.end();
  }
}

describe("database harness", () => {
  it("gives each test file its own migrated database", async () => {
    const { db } = database.current;
    await db.insert(leads).values({ email: "ada@example.com", name: "Ada" });
    const rows = await db.select().from(leads);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ source: "chatbot", conversationContext: { messages: [] } });
  });

  it("has the ai_news columns of docs/product.md#data (plus the news refresh's feed and de-duplication keys)", async () => {
    const { db } = database.current;
    const result = await db.execute<{ column_name: string }>(
      sql`SELECT column_name FROM information_schema.columns WHERE table_name = 'ai_news' ORDER BY column_name`,
    );
    expect(result.rows.map((row) => row.column_name)).toEqual([
      "canonical_url",
      "created_at",
      "feed_id",
      "full_content",
      "id",
      "published_at",
      "source",
      "source_url",
      "summary",
      "title",
      "title_key",
    ]);
    await db.insert(aiNews).values({ title: "t", summary: "s", source: "src", publishedAt: new Date() });
  });
});

describe("migrations", () => {
  it("can run from several instances at once without conflict", async () => {
    await withFreshEmptyDatabase(async (url) => {
      await Promise.all([runMigrations(url), runMigrations(url), runMigrations(url)]);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const applied = await client.query("SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations");
      const tables = await client.query("SELECT to_regclass('public.submissions') AS t");
      await client.end();
      expect(applied.rows[0].n).toBeGreaterThanOrEqual(1);
      expect(tables.rows[0].t).toBe("submissions");
    });
  });
});

describe("jobs", () => {
  it("runs a sent job on a registered worker", async () => {
    const seen: string[] = [];
    let resolveSeen: () => void = () => {};
    const done = new Promise<void>((resolve) => (resolveSeen = resolve));
    const echo = defineJob<{ word: string }>({
      name: "test-echo",
      pollingIntervalSeconds: 0.5,
      handler: async ({ word }) => {
        seen.push(word);
        resolveSeen();
      },
    });
    const jobs = await startJobs({ url: database.current.url, definitions: [echo] });
    try {
      await jobs.send(echo, { word: "hello" });
      await done;
      expect(seen).toEqual(["hello"]);
    } finally {
      await jobs.stop();
    }
  });

  it("stores a cron schedule in UTC so that every instance shares it", async () => {
    const nightly = defineJob({ name: "test-nightly", schedule: "0 8 * * *", handler: async () => {} });
    const first = await startJobs({ url: database.current.url, definitions: [nightly] });
    const second = await startJobs({ url: database.current.url, definitions: [nightly] });
    try {
      const schedules = await first.boss.getSchedules("test-nightly");
      expect(schedules).toHaveLength(1);
      expect(schedules[0]).toMatchObject({ cron: "0 8 * * *", timezone: "UTC" });
    } finally {
      await Promise.all([first.stop(), second.stop()]);
    }
  });

  it("files each of the app's schedules once, in UTC, however many instances start", async () => {
    // The app's own jobs, with handlers that do nothing: only the schedules are under test here.
    const definitions = jobDefinitions.map((job) => ({ ...job, handler: async () => {}, localEverySeconds: undefined }));
    const first = await startJobs({ url: database.current.url, definitions });
    const second = await startJobs({ url: database.current.url, definitions });
    try {
      const names = new Set(jobDefinitions.map((job) => job.name));
      const schedules = (await first.boss.getSchedules()).filter((schedule) => names.has(schedule.name));
      const byName = (name: string) => schedules.filter((schedule) => schedule.name === name);
      expect(byName("news-refresh")).toEqual([expect.objectContaining({ cron: "*/30 * * * *", timezone: "UTC" })]);
      expect(byName("newsletter-daily")).toEqual([expect.objectContaining({ cron: "0 8 * * *", timezone: "UTC" })]);
      expect(schedules).toHaveLength(jobDefinitions.filter((job) => job.schedule).length);
    } finally {
      await Promise.all([first.stop(), second.stop()]);
    }
  });

  it("files no schedule when schedules are off (JOB_SCHEDULES=false), and the job still runs when sent", async () => {
    let ran = 0;
    const hourly = defineJob({ name: "test-hourly-off", schedule: "0 * * * *", handler: async () => void ran++ });
    const jobs = await startJobs({ url: database.current.url, definitions: [hourly], schedules: false });
    try {
      expect(await jobs.boss.getSchedules("test-hourly-off")).toEqual([]);
      await jobs.send(hourly, {});
      await expect.poll(() => ran, { timeout: 15_000 }).toBe(1);
    } finally {
      await jobs.stop();
    }
  });
});
