import { utcDay } from "~/lib/utc-day";
import { and, desc, eq, gt, lte, notExists, sql } from "drizzle-orm";
import { createElement } from "react";
import { getDb } from "~/.server/db/client";
import { aiNews, newsletterIssues, newsletterIssueStories, type NewsletterIssueStory } from "~/.server/db/tables";
import { getEnv } from "~/.server/env";
import { logger } from "~/.server/logger";
import { renderEmail, toHeaderText } from "~/.server/mail";
import { NewsletterIssue } from "~/emails/newsletter-issue";

/** docs/product.md#limits-and-constants: 5 stories per issue. */
export const STORIES_PER_ISSUE = 5;
/** Older stories are not "today's news", even if no issue carried them. */
export const STORY_MAX_AGE_DAYS = 7;
const SUMMARY_MAX = 400;

/**
 * Stands in for each recipient's unsubscribe link while the issue is rendered
 * once; the sender swaps in the real, signed link per recipient.
 */
export const UNSUBSCRIBE_PLACEHOLDER = "https://nordlys.invalid/__NEWSLETTER_UNSUBSCRIBE_URL__";

export type NewsletterIssueRow = typeof newsletterIssues.$inferSelect;

function dateLabel(issueDate: string): string {
  return new Intl.DateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${issueDate}T12:00:00Z`),
  );
}

/** Feed text as plain text: no tags, no runs of whitespace, capped. */
function plain(value: string, max: number): string {
  const text = value
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/** The story's own page when it has a web address, else the news hub. */
function storyUrl(sourceUrl: string | null, siteUrl: string): string {
  const url = sourceUrl ? URL.parse(sourceUrl) : null;
  return url && (url.protocol === "https:" || url.protocol === "http:") ? url.href : `${siteUrl}/ai-news`;
}

/** An issue as it will go out: rendered once, with UNSUBSCRIBE_PLACEHOLDER where each recipient's link goes. */
export type ComposedIssue = { issueDate: string; subject: string; html: string; text: string; stories: NewsletterIssueStory[] };

/**
 * The issue the day would get if it were made now: the top stories (newest first) that no
 * earlier issue carried, rendered. Stores nothing (the preview before a manual send shows it).
 * Null when there are no such stories.
 */
export async function composeDailyIssue(now = new Date()): Promise<ComposedIssue | null> {
  const db = getDb();
  const issueDate = utcDay(now);
  const since = new Date(now.getTime() - STORY_MAX_AGE_DAYS * 24 * 3600 * 1000);
  const candidates = await db
    .select()
    .from(aiNews)
    .where(
      and(
        gt(aiNews.publishedAt, since),
        // A feed's clock may run a little ahead; a story dated days ahead is not today's news.
        lte(aiNews.publishedAt, new Date(now.getTime() + 3600 * 1000)),
        notExists(
          db
            .select({ one: sql`1` })
            .from(newsletterIssueStories)
            .where(eq(newsletterIssueStories.newsId, aiNews.id)),
        ),
      ),
    )
    .orderBy(desc(aiNews.publishedAt), desc(aiNews.createdAt))
    .limit(STORIES_PER_ISSUE);
  if (candidates.length === 0) return null;

  const siteUrl = getEnv().PUBLIC_URL;
  const stories: NewsletterIssueStory[] = candidates.map((row) => ({
    id: row.id,
    title: plain(row.title, 200),
    summary: plain(row.summary, SUMMARY_MAX),
    source: plain(row.source, 80),
    url: storyUrl(row.sourceUrl, siteUrl),
  }));
  const { html, text } = await renderEmail((part) =>
    createElement(NewsletterIssue, { dateLabel: dateLabel(issueDate), stories, unsubscribeUrl: UNSUBSCRIBE_PLACEHOLDER, siteUrl, part }),
  );
  const subject = toHeaderText(`AI news: ${plain(stories[0]!.title, 110)}`);
  return { issueDate, subject, html, text, stories };
}

/**
 * The issue of one UTC day: the existing one, or a new one made of the top
 * stories (newest first) that no earlier issue carried, rendered once.
 * Returns null when there are no such stories (no issue that day, for now).
 * Two instances creating the same day's issue at once end up with one
 * (unique issue_date; the loser reads the winner's).
 */
export async function getOrCreateDailyIssue(now = new Date()): Promise<NewsletterIssueRow | null> {
  const db = getDb();
  const issueDate = utcDay(now);
  const [existing] = await db.select().from(newsletterIssues).where(eq(newsletterIssues.issueDate, issueDate)).limit(1);
  if (existing) return existing;
  const composed = await composeDailyIssue(now);
  if (!composed) return null;
  const { subject, html, text, stories } = composed;

  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(newsletterIssues)
      .values({ issueDate, subject, html, text, stories })
      .onConflictDoNothing({ target: newsletterIssues.issueDate })
      .returning();
    if (!created) {
      const [winner] = await tx.select().from(newsletterIssues).where(eq(newsletterIssues.issueDate, issueDate)).limit(1);
      return winner ?? null;
    }
    await tx.insert(newsletterIssueStories).values(stories.map((story, position) => ({ issueId: created.id, newsId: story.id, position })));
    logger.info({ issueDate, stories: stories.length }, "Newsletter issue created");
    return created;
  });
}
