import { parseFeed } from "feedsmith";
import { FEED_POLICY } from "./feed-policy";
import { htmlToText } from "./html.server";
import { truncateWords } from "../text";

/**
 * Turns a feed document (RSS 2.0/0.9x, RSS 1.0 (RDF), Atom, JSON Feed) into
 * plain story items with feedsmith. Entities and CDATA are decoded by the
 * parser; links are resolved against xml:base and the feed's own URL; dates
 * are parsed (null when missing or unreadable: the caller uses "first seen").
 * Only the newest `maxItems` items are returned (FEED_POLICY.itemsPerFeed).
 * The whole document is parsed at once: on the server this runs in the news
 * worker (news-tasks.server.ts), never on the main thread.
 */

export type ParsedItem = {
  /** Plain text. */
  title: string;
  /** Absolute http(s) link, or null. */
  link: string | null;
  publishedAt: Date | null;
  /** Full story HTML (content:encoded, Atom content, JSON content_html), unsanitised. */
  contentHtml: string | null;
  /** Teaser HTML (description, summary), unsanitised. */
  teaserHtml: string | null;
};

export type ParsedFeed = { title: string | null; link: string | null; items: ParsedItem[] };

export class FeedParseError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "FeedParseError";
  }
}

function absoluteHttpUrl(value: string | undefined | null, ...bases: Array<string | undefined | null>): string | null {
  if (!value) return null;
  let base: string | undefined;
  // Resolve the bases from the outside in: feed URL, then feed xml:base, then entry xml:base.
  for (const candidate of bases) {
    if (!candidate) continue;
    try {
      base = new URL(candidate, base).toString();
    } catch {
      /* ignore an unusable base */
    }
  }
  try {
    const url = new URL(value.trim(), base);
    return url.protocol === "http:" || url.protocol === "https:" ? url.toString() : null;
  } catch {
    return null;
  }
}

function parseDate(value: unknown): Date | null {
  if (typeof value !== "string" || !value.trim()) return null;
  const time = Date.parse(value.trim());
  return Number.isNaN(time) ? null : new Date(time);
}

const LOOKS_LIKE_MARKUP = /<\/?[a-z][^>]*>|&[#a-z0-9]+;/i;

function plainTitle(value: string | undefined, type?: string): string {
  if (!value) return "";
  if (type === "text") return value.replace(/\s+/g, " ").trim();
  return LOOKS_LIKE_MARKUP.test(value) ? htmlToText(value) : value.replace(/\s+/g, " ").trim();
}

function textToHtml(text: string): string {
  const escaped = text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return escaped
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${paragraph.trim()}</p>`)
    .join("");
}

function atomHtml(text: { value?: string; type?: string } | undefined): string | null {
  if (!text?.value) return null;
  return text.type === "html" || text.type === "xhtml" ? text.value : textToHtml(text.value);
}

function firstDate(...values: unknown[]): Date | null {
  for (const value of values) {
    const date = parseDate(Array.isArray(value) ? value[0] : value);
    if (date) return date;
  }
  return null;
}

type Loose = Record<string, unknown> & { xml?: { base?: string }; dc?: { date?: string; dates?: string[] } };

/**
 * The newest `max` items, in the feed's own order. Undated items count as
 * newest (they are stored as "first seen"); among equal dates the feed's order
 * decides. Feeds are usually newest first, but archives are often oldest first.
 */
function newestItems(items: ParsedItem[], max: number): ParsedItem[] {
  if (items.length <= max) return items;
  const dateOf = (item: ParsedItem) => item.publishedAt?.getTime() ?? Number.POSITIVE_INFINITY;
  const kept = new Set(
    items
      .map((item, index) => ({ index, time: dateOf(item) }))
      .sort((a, b) => b.time - a.time || a.index - b.index)
      .slice(0, max)
      .map(({ index }) => index),
  );
  return items.filter((_, index) => kept.has(index));
}

export function parseFeedDocument(body: string, feedUrl: string, options: { maxItems?: number } = {}): ParsedFeed {
  const feed = parseWholeFeed(body, feedUrl);
  return { ...feed, items: newestItems(feed.items, options.maxItems ?? FEED_POLICY.itemsPerFeed) };
}

function parseWholeFeed(body: string, feedUrl: string): ParsedFeed {
  let parsed: ReturnType<typeof parseFeed>;
  try {
    parsed = parseFeed(body.replace(/^\uFEFF/, "").trimStart());
  } catch (error) {
    throw new FeedParseError(`Not a readable RSS, Atom or JSON feed (${(error as Error).message})`, { cause: error });
  }

  const items: ParsedItem[] = [];
  const push = (item: ParsedItem) => {
    const title =
      item.title || (item.teaserHtml || item.contentHtml ? truncateWords(htmlToText(item.teaserHtml ?? item.contentHtml ?? ""), 100) : "");
    if (!title) return;
    items.push({ ...item, title });
  };

  switch (parsed.format) {
    case "rss":
    case "rdf": {
      const feed = parsed.feed as Loose & { title?: string; link?: string; items?: Array<Loose & Record<string, never>> };
      const feedBase = feed.xml?.base;
      for (const raw of (feed.items ?? []) as Loose[]) {
        const item = raw as Loose & {
          title?: string;
          link?: string;
          description?: string;
          pubDate?: string;
          guid?: { value?: string; isPermaLink?: boolean };
          content?: { encoded?: string };
          rdf?: { about?: string };
          atom?: { links?: Array<{ href?: string; rel?: string }> };
        };
        const guidLink = item.guid?.isPermaLink !== false ? item.guid?.value : undefined;
        const link =
          absoluteHttpUrl(item.link, feedUrl, feedBase, item.xml?.base) ??
          absoluteHttpUrl(item.atom?.links?.find((l) => !l.rel || l.rel === "alternate")?.href, feedUrl, feedBase) ??
          (guidLink && /^https?:\/\//i.test(guidLink) ? absoluteHttpUrl(guidLink, feedUrl) : null) ??
          absoluteHttpUrl(item.rdf?.about, feedUrl);
        push({
          title: plainTitle(item.title),
          link,
          publishedAt: firstDate(item.pubDate, item.dc?.date, item.dc?.dates),
          contentHtml: item.content?.encoded?.trim() || null,
          teaserHtml: item.description?.trim() || null,
        });
      }
      return {
        title: plainTitle(feed.title) || null,
        link: absoluteHttpUrl(feed.link, feedUrl),
        items,
      };
    }
    case "atom": {
      const feed = parsed.feed as Loose & {
        title?: { value?: string; type?: string };
        links?: Array<{ href?: string; rel?: string }>;
        entries?: Loose[];
      };
      const feedBase = feed.xml?.base;
      for (const raw of feed.entries ?? []) {
        const entry = raw as Loose & {
          title?: { value?: string; type?: string };
          links?: Array<{ href?: string; rel?: string; type?: string }>;
          published?: string;
          updated?: string;
          content?: { value?: string; type?: string; src?: string };
          summary?: { value?: string; type?: string };
        };
        const alternate =
          entry.links?.find((l) => l.rel === "alternate" && (!l.type || l.type.includes("html"))) ??
          entry.links?.find((l) => !l.rel) ??
          entry.links?.find((l) => l.rel === "alternate");
        push({
          title: plainTitle(entry.title?.value, entry.title?.type ?? "text"),
          link: absoluteHttpUrl(alternate?.href, feedUrl, feedBase, entry.xml?.base),
          publishedAt: firstDate(entry.published, entry.updated, entry.dc?.date, entry.dc?.dates),
          contentHtml: atomHtml(entry.content),
          teaserHtml: atomHtml(entry.summary),
        });
      }
      return {
        title: plainTitle(feed.title?.value, feed.title?.type ?? "text") || null,
        link: absoluteHttpUrl(feed.links?.find((l) => !l.rel || l.rel === "alternate")?.href, feedUrl, feedBase),
        items,
      };
    }
    case "json": {
      const feed = parsed.feed as Loose & { title?: string; home_page_url?: string; items?: Loose[] };
      for (const raw of feed.items ?? []) {
        const item = raw as Loose & {
          title?: string;
          url?: string;
          external_url?: string;
          summary?: string;
          content_html?: string;
          content_text?: string;
          date_published?: string;
          date_modified?: string;
        };
        push({
          title: plainTitle(item.title, "text"),
          link: absoluteHttpUrl(item.url ?? item.external_url, feedUrl),
          publishedAt: firstDate(item.date_published, item.date_modified),
          contentHtml: item.content_html?.trim() || (item.content_text ? textToHtml(item.content_text) : null),
          teaserHtml: item.summary ? textToHtml(item.summary) : null,
        });
      }
      return { title: plainTitle(feed.title, "text") || null, link: absoluteHttpUrl(feed.home_page_url, feedUrl), items };
    }
  }
}
