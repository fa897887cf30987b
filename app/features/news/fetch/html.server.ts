import { Readability } from "@mozilla/readability";
import { Parser } from "htmlparser2";
import { parseHTML } from "linkedom";
import sanitize from "sanitize-html";

/**
 * Every piece of feed or page HTML goes through here before it is stored:
 * an allow-list sanitiser (sanitize-html), plain-text conversion for titles
 * and summaries, and Readability for article pages.
 */

const ALLOWED_TAGS = `
  p br hr h2 h3 h4 h5 h6 blockquote pre code kbd samp em strong b i u s del ins mark small sub sup abbr cite q
  ul ol li dl dt dd a img figure figcaption table caption thead tbody tfoot tr th td
`
  .trim()
  .split(/\s+/);

function resolveUrl(value: string | undefined, base: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    return new URL(value.trim(), base).toString();
  } catch {
    return undefined;
  }
}

/** The attributes that have a value, in their order: an empty or missing one is left out. */
function withValues(attribs: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(attribs).filter((entry): entry is [string, string] => Boolean(entry[1])));
}

/**
 * Sanitises HTML with an allow-list: no script, style, iframe, forms or event
 * handlers; only http(s) and mailto links and https images. Relative links
 * are resolved against `baseUrl`; links open in a new tab with
 * rel="noopener noreferrer nofollow". Top-level headings become h2 so a story
 * never competes with the page's own h1.
 */
export function sanitizeArticleHtml(html: string, baseUrl?: string): string {
  const clean = sanitize(html, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: {
      a: ["href", "title", "rel", "target"],
      img: ["src", "alt", "title", "width", "height", "loading", "referrerpolicy"],
      abbr: ["title"],
      ol: ["start"],
      th: ["colspan", "rowspan", "scope"],
      td: ["colspan", "rowspan"],
    },
    allowedSchemes: ["http", "https", "mailto"],
    // https only: the CSP blocks http images (mixed content) and they would log errors.
    allowedSchemesByTag: { img: ["https"] },
    allowProtocolRelative: false,
    disallowedTagsMode: "discard",
    // Content of these is dropped together with the tag.
    nonTextTags: [
      "script",
      "style",
      "textarea",
      "option",
      "noscript",
      "iframe",
      "object",
      "embed",
      "template",
      "svg",
      "math",
      "head",
      "title",
    ],
    transformTags: {
      h1: "h2",
      a: (_tagName, attribs) => ({
        tagName: "a",
        attribs: {
          ...withValues({ href: resolveUrl(attribs.href, baseUrl), title: attribs.title }),
          rel: "noopener noreferrer nofollow",
          target: "_blank",
        },
      }),
      img: (_tagName, attribs) => ({
        tagName: "img",
        attribs: {
          ...withValues({ src: resolveUrl(attribs.src, baseUrl) }),
          alt: attribs.alt ?? "",
          ...withValues({ width: attribs.width, height: attribs.height }),
          loading: "lazy",
          referrerpolicy: "no-referrer",
        },
      }),
    },
    exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
  });
  return clean.trim();
}

const BLOCK_TAGS = new Set(
  `
  p div br li h1 h2 h3 h4 h5 h6 blockquote pre tr td th dd dt figcaption section article header footer ul ol table hr
`
    .trim()
    .split(/\s+/),
);
const SKIPPED_TAGS = new Set(["script", "style", "noscript", "template", "head", "title", "svg", "math"]);

/** The visible text of an HTML fragment (entities decoded, whitespace collapsed, no markup). */
export function htmlToText(html: string): string {
  if (!html) return "";
  // Cheap path: no markup and no entities.
  if (!/[<&]/.test(html)) return html.replace(/\s+/g, " ").trim();
  const parts: string[] = [];
  let skipping = 0;
  const parser = new Parser(
    {
      onopentagname(name) {
        if (SKIPPED_TAGS.has(name)) skipping++;
        else if (BLOCK_TAGS.has(name)) parts.push(" ");
      },
      onclosetag(name) {
        if (SKIPPED_TAGS.has(name)) skipping = Math.max(0, skipping - 1);
        else if (BLOCK_TAGS.has(name)) parts.push(" ");
      },
      ontext(text) {
        if (!skipping) parts.push(text);
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  return parts.join("").replace(/\s+/g, " ").trim();
}

export type ExtractedArticle = { title: string; html: string; text: string };

/**
 * The main content of an article page (Readability on a linkedom document),
 * sanitised, or null when the page has no readable article.
 */
export function extractArticle(pageHtml: string, pageUrl: string): ExtractedArticle | null {
  const { document } = parseHTML(pageHtml);
  let parsed: ReturnType<Readability<string>["parse"]>;
  try {
    parsed = new Readability(document as unknown as Document, { charThreshold: 200, keepClasses: false }).parse();
  } catch {
    return null;
  }
  if (!parsed?.content) return null;
  const html = sanitizeArticleHtml(parsed.content, pageUrl);
  const text = htmlToText(html);
  if (text.length < 80) return null;
  return { title: (parsed.title ?? "").trim(), html, text };
}
