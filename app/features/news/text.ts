/**
 * Small text helpers shared by the browser and the server: relative ages,
 * truncation without cutting words, and the web-search fallback link.
 */

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** docs/product.md#limits-and-constants: under 1 hour 'Just now', under 24 hours 'Nh ago', otherwise 'Nd ago'. */
export function relativeAge(date: string | Date, now: number): string {
  const elapsed = now - new Date(date).getTime();
  if (!Number.isFinite(elapsed) || elapsed < HOUR) return "Just now";
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h ago`;
  return `${Math.floor(elapsed / DAY)}d ago`;
}

/**
 * The clock a server-rendered page computes ages with: now, rounded down to
 * 5 minutes. Ages are shown in hours, and pages are kept for minutes anyway
 * (server/html-cache.ts, and shared caches): this way renderings of the same
 * news within those 5 minutes, on any instance, are the same bytes with the
 * same ETag. The browser uses its own clock once the page has hydrated.
 */
export function pageClock(now = Date.now()): number {
  const step = 5 * 60 * 1000;
  return Math.floor(now / step) * step;
}

/**
 * At most `max` characters (ellipsis included), cut at a word boundary when
 * the text is longer. A single word longer than `max` is the only thing ever cut.
 */
export function truncateWords(text: string, max: number, ellipsis = "…"): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const room = max - ellipsis.length;
  const slice = clean.slice(0, room + 1);
  const lastSpace = slice.lastIndexOf(" ");
  const cut = lastSpace > 0 ? slice.slice(0, lastSpace) : clean.slice(0, room);
  return cut.replace(/[\s,;:.\-–—]+$/, "") + ellipsis;
}

/** Where 'View Original Source' goes: the story's URL, or a web search of title plus source. */
export function originalSourceHref(article: { title: string; source: string; sourceUrl: string | null }): string {
  if (article.sourceUrl && /^https?:\/\//i.test(article.sourceUrl)) return article.sourceUrl;
  return `https://www.google.com/search?q=${encodeURIComponent(`${article.title} ${article.source}`)}`;
}
