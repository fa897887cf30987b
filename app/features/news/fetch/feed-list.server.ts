import fs from "node:fs";
import { getEnv } from "~/.server/env";
import { logger } from "~/.server/logger";

/**
 * Which feeds the hub reads: NEWS_FEEDS (comma-separated URLs, or a path to a
 * file with one URL a line, `#` for comments), else the built-in list of
 * real AI news feeds below. A feed's source name is the name given here, or
 * the feed's own title once fetched.
 */

export type FeedSource = { url: string; name?: string };

/** Well-known AI labs, research blogs and tech-press AI sections (RSS/Atom). */
export const DEFAULT_FEEDS: FeedSource[] = [
  { url: "https://openai.com/news/rss.xml", name: "OpenAI" },
  { url: "https://deepmind.google/blog/rss.xml", name: "Google DeepMind" },
  { url: "https://blog.google/technology/ai/rss/", name: "Google AI" },
  { url: "https://huggingface.co/blog/feed.xml", name: "Hugging Face" },
  { url: "https://www.microsoft.com/en-us/research/feed/", name: "Microsoft Research" },
  { url: "https://aws.amazon.com/blogs/machine-learning/feed/", name: "AWS Machine Learning" },
  { url: "https://bair.berkeley.edu/blog/feed.xml", name: "Berkeley AI Research" },
  { url: "https://news.mit.edu/rss/topic/artificial-intelligence2", name: "MIT News" },
  { url: "https://www.technologyreview.com/topic/artificial-intelligence/feed", name: "MIT Technology Review" },
  { url: "https://techcrunch.com/category/artificial-intelligence/feed/", name: "TechCrunch" },
  { url: "https://www.theverge.com/rss/ai-artificial-intelligence/index.xml", name: "The Verge" },
  { url: "https://arstechnica.com/ai/feed/", name: "Ars Technica" },
  { url: "https://venturebeat.com/category/ai/feed/", name: "VentureBeat" },
  { url: "https://www.wired.com/feed/tag/ai/latest/rss", name: "WIRED" },
];

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** Parses a NEWS_FEEDS value (list or file path); invalid entries are reported and skipped. */
export function parseFeedSetting(value: string, readFile: (path: string) => string = (p) => fs.readFileSync(p, "utf8")): FeedSource[] {
  const trimmed = value.trim();
  const entries =
    !trimmed.includes("://") || (!trimmed.includes(",") && !isHttpUrl(trimmed) && fs.existsSync(trimmed))
      ? readFile(trimmed)
          .split(/\r?\n/)
          .map((line) => line.replace(/#.*$/, "").trim())
      : trimmed.split(",").map((entry) => entry.trim());
  const feeds: FeedSource[] = [];
  const seen = new Set<string>();
  for (const entry of entries) {
    if (!entry) continue;
    if (!isHttpUrl(entry)) {
      logger.error({ entry }, "NEWS_FEEDS: skipping an entry that is not an http(s) URL");
      continue;
    }
    const url = new URL(entry).toString();
    if (seen.has(url)) continue;
    seen.add(url);
    feeds.push({ url });
  }
  return feeds;
}

export function configuredFeeds(): FeedSource[] {
  const setting = getEnv().NEWS_FEEDS;
  if (!setting) return DEFAULT_FEEDS;
  try {
    return parseFeedSetting(setting);
  } catch (error) {
    logger.error({ err: error }, "NEWS_FEEDS: cannot read the feed list file; using no feeds");
    return [];
  }
}
