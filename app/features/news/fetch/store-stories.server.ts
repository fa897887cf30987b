import { setImmediate } from "node:timers/promises";
import { inArray, or, sql } from "drizzle-orm";
import { getDb } from "~/.server/db/client";
import { aiNews } from "~/.server/db/tables";
import { logger } from "~/.server/logger";
import { cleanText } from "~/lib/clean-text";
import { canonicalUrlKey, cleanLink, titleKey } from "./dedupe-keys";
import { FEED_POLICY } from "./feed-policy";
import type { NewsWorkerPool } from "./news-worker-pool.server";
import type { ParsedItem } from "./parse-feed.server";
import type { SafeFetcher } from "./safe-fetch.server";
import type { FeedItemHtml } from "./story-html.server";
import { summarizeStory, type Summarizer } from "./summarize";

/**
 * From a feed's parsed items to stored stories: which items are new, their
 * full content, sanitised and summarised, every field cleaned to what the
 * database accepts, then stored so that one item the database refuses anyway
 * costs only that item (docs/news.md, "One bad item").
 */

/** Longest stored title (characters); the title key is cut to the same length. */
export const MAX_TITLE = 500;
/** Links longer than this are dropped (the story is kept): no real article URL is that long. */
export const MAX_LINK = 2_048;
const MAX_SOURCE = 200;

type NewStory = typeof aiNews.$inferInsert;

/** What storing needs from the run: the fetcher, its per-host queue, the news worker and the summariser. */
export type StoryContext = {
  now: Date;
  retentionStart: Date;
  fetcher: SafeFetcher;
  perHost: <T>(url: string, task: () => Promise<T>) => Promise<T>;
  /** Where HTML is sanitised and article pages are extracted (off the main thread). */
  workers: NewsWorkerPool;
  summarizer?: Summarizer;
  /** Keys claimed during this run, so two feeds carrying the same story insert it once. */
  claimedKeys: Set<string>;
};

type Candidate = { item: ParsedItem; title: string; link: string | null; urlKey: string | null; tKey: string; publishedAt: Date };

export type Refusal = {
  title: string;
  reason: string;
  /** A refusal the same item may not get next time (connection, lock, ...). */ mayPassLater: boolean;
};
export type StoreOutcome = { stored: number; refused: Refusal[] };

/** The item's title, link and date as they will be stored, and its two keys; null when it has no usable title. */
function toCandidate(item: ParsedItem, context: StoryContext): Candidate | null {
  // The content and teaser are cleaned in the worker, before any HTML parser reads them (story-html.server.ts).
  const title = cleanText(item.title).replace(/\s+/g, " ").trim().slice(0, MAX_TITLE);
  const tKey = titleKey(title)?.slice(0, MAX_TITLE);
  if (!tKey) return null;
  const cleaned = item.link ? cleanLink(cleanText(item.link)) : null;
  const link = cleaned && cleaned.length <= MAX_LINK ? cleaned : null;
  // A missing or future date is "first seen"; a date before the retention period would be pruned, then fetched again.
  const publishedAt = item.publishedAt && item.publishedAt < context.now ? item.publishedAt : context.now;
  if (publishedAt < context.retentionStart) return null;
  return { item, title, link, urlKey: link ? canonicalUrlKey(link) : null, tKey, publishedAt };
}

const keysOf = (candidate: Candidate) =>
  [candidate.urlKey ? `u:${candidate.urlKey}` : null, `t:${candidate.tKey}`].filter((k): k is string => !!k);

/** Items not stored yet (by either key) and not taken by another feed in this run, once each. */
async function newCandidates(items: ParsedItem[], context: StoryContext): Promise<Candidate[]> {
  const candidates: Candidate[] = [];
  for (const [index, item] of items.entries()) {
    // Keys take URL parsing and Unicode normalisation: a feed of FEED_POLICY.itemsPerFeed items lets other work in every 50.
    if (index > 0 && index % 50 === 0) await setImmediate();
    const candidate = toCandidate(item, context);
    if (candidate) candidates.push(candidate);
  }
  if (candidates.length === 0) return [];
  await setImmediate();
  const urlKeys = candidates.flatMap((c) => (c.urlKey ? [c.urlKey] : []));
  const existing = await getDb()
    .select({ canonicalUrl: aiNews.canonicalUrl, titleKey: aiNews.titleKey })
    .from(aiNews)
    .where(
      or(
        urlKeys.length ? inArray(aiNews.canonicalUrl, urlKeys) : sql`false`,
        inArray(
          aiNews.titleKey,
          candidates.map((c) => c.tKey),
        ),
      ),
    );
  const known = new Set(existing.flatMap((row) => [row.canonicalUrl, row.titleKey].filter((v): v is string => !!v)));
  // The claimed keys also catch the same story twice in one feed.
  return candidates.filter((c) => {
    const keys = keysOf(c);
    if ((c.urlKey && known.has(c.urlKey)) || known.has(c.tKey) || keys.some((k) => context.claimedKeys.has(k))) return false;
    for (const key of keys) context.claimedKeys.add(key);
    return true;
  });
}

/**
 * The story's sanitised HTML and summary text: the feed's full content, else
 * the article page (within the per-feed budget), else the teaser. The HTML work
 * was done in the news worker (`prepared`); an article page is extracted there too.
 */
async function storyHtml(
  candidate: Candidate,
  prepared: FeedItemHtml,
  context: StoryContext,
  budget: { articleFetches: number },
): Promise<{ html: string; summaryText: string }> {
  const { link } = candidate;
  if (
    prepared.fromContent ||
    !link ||
    prepared.teaserText.length >= FEED_POLICY.teaserIsShortBelow ||
    budget.articleFetches >= FEED_POLICY.articleFetchesPerFeed
  ) {
    return prepared;
  }
  budget.articleFetches++;
  try {
    const page = await context.perHost(link, () =>
      context.fetcher.get(link, { accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.5" }),
    );
    if (page.status === 200 && /html|xml/i.test(page.contentType || "text/html")) {
      const article = await context.workers.run("articlePageHtml", { body: page.body, url: page.url });
      if (article?.html) return { html: article.html, summaryText: prepared.teaserText || article.text };
    }
  } catch (error) {
    logger.info({ url: link, err: (error as Error).message }, "News: article page not extracted; using the teaser");
  }
  return prepared;
}

/** The new stories among a feed's items, ready to store (every text field cleaned). */
export async function prepareStories(
  feedId: string,
  source: string,
  items: ParsedItem[],
  feedUrl: string,
  context: StoryContext,
): Promise<NewStory[]> {
  const budget = { articleFetches: 0 };
  const cleanSource = cleanText(source).slice(0, MAX_SOURCE);
  const candidates = await newCandidates(items, context);
  if (candidates.length === 0) return [];
  // One trip to the worker for the whole feed: sanitising and text extraction of every new item.
  const prepared = await context.workers.run(
    "feedItemsHtml",
    candidates.map(({ item, link }) => ({ contentHtml: item.contentHtml, teaserHtml: item.teaserHtml, baseUrl: link ?? feedUrl })),
  );
  const stories: NewStory[] = [];
  for (const [index, candidate] of candidates.entries()) {
    // What is left on this thread is small per item (a summary, cleaning); the loop still lets
    // other work in between items, so a feed of many items never holds the event loop.
    await setImmediate();
    const { html, summaryText } = await storyHtml(candidate, prepared[index]!, context, budget);
    const summary = await summarizeStory(
      { title: candidate.title, text: summaryText, source: cleanSource },
      { summarizer: context.summarizer },
    );
    stories.push({
      title: candidate.title,
      // An AI summariser's answer is text from outside too.
      summary: cleanText(summary),
      fullContent: html,
      source: cleanSource,
      sourceUrl: candidate.link,
      publishedAt: candidate.publishedAt,
      feedId,
      canonicalUrl: candidate.urlKey,
      titleKey: candidate.tKey,
    });
  }
  return stories;
}

/** The PostgreSQL error inside what the driver (and Drizzle) threw. */
function databaseError(error: unknown): { code?: string; message: string } {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof candidate.code === "string" && /^[0-9A-Z]{5}$/.test(candidate.code))
      return { code: candidate.code, message: String(candidate.message) };
    current = candidate.cause;
  }
  return { message: error instanceof Error ? error.message : String(error) };
}

/**
 * Refusals about the data itself (SQLSTATE classes 22 data exception, 23
 * integrity constraint, 54 program limit) repeat for the same item; anything
 * else (a lost connection, a lock, a cancelled statement) may pass next time.
 */
function mayPassLater(code: string | undefined): boolean {
  return !code || !["22", "23", "54"].includes(code.slice(0, 2));
}

/**
 * Stories per INSERT statement. Building and sending a statement is work on the
 * event loop (about 0.15 ms a story): batches of 50 keep each piece of it short
 * (decision 0176) and cost a feed of 200 new stories four round trips, not 200.
 */
const STORE_BATCH = 50;

/**
 * Stores the stories: one statement per batch of STORE_BATCH (the usual case),
 * and when the database refuses a batch, one statement per story of it, so a
 * story it refuses costs only itself. Stories another instance stored
 * meanwhile are skipped by the unique keys, not refused.
 */
export async function storeStories(stories: NewStory[]): Promise<StoreOutcome> {
  const outcome: StoreOutcome = { stored: 0, refused: [] };
  for (let start = 0; start < stories.length; start += STORE_BATCH) {
    const batch = await storeBatch(stories.slice(start, start + STORE_BATCH));
    outcome.stored += batch.stored;
    outcome.refused.push(...batch.refused);
  }
  return outcome;
}

async function storeBatch(stories: NewStory[]): Promise<StoreOutcome> {
  const db = getDb();
  try {
    const inserted = await db.insert(aiNews).values(stories).onConflictDoNothing().returning({ id: aiNews.id });
    return { stored: inserted.length, refused: [] };
  } catch (error) {
    logger.warn(
      { err: databaseError(error).message, stories: stories.length },
      "News: the database refused a batch of stories; storing them one by one",
    );
  }
  const outcome: StoreOutcome = { stored: 0, refused: [] };
  for (const story of stories) {
    try {
      const inserted = await db.insert(aiNews).values(story).onConflictDoNothing().returning({ id: aiNews.id });
      outcome.stored += inserted.length;
    } catch (error) {
      const refusal = databaseError(error);
      outcome.refused.push({ title: story.title, reason: refusal.message.slice(0, 300), mayPassLater: mayPassLater(refusal.code) });
      logger.warn({ title: story.title, code: refusal.code, err: refusal.message }, "News: the database refused a story");
    }
  }
  return outcome;
}

/** A refused story's keys are free again, so another feed's copy of it can still be stored in this run. */
export function releaseKeys(stories: NewStory[], refused: Refusal[], claimedKeys: Set<string>): void {
  const titles = new Set(refused.map((refusal) => refusal.title));
  for (const story of stories) {
    if (!titles.has(story.title)) continue;
    if (story.canonicalUrl) claimedKeys.delete(`u:${story.canonicalUrl}`);
    if (story.titleKey) claimedKeys.delete(`t:${story.titleKey}`);
  }
}
