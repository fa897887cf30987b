import { Marked, type Token, type Tokens } from "marked";
import sanitizeHtml from "sanitize-html";
import type { ProseBlock, ProseMap } from "~/components/prose";
import { escapeHtml } from "~/lib/escape-html";
import type { ContentType } from "./content-types";

/**
 * Long text in a safe subset of Markdown (docs/content.md, "Writing long text"): headings, lists,
 * links, emphasis and code. Rendered here, on the server, with marked, and sanitised with an
 * allow-list: any HTML written in the text, any other element, and links other than http(s),
 * mailto and the site's own paths are dropped.
 */
const markdown = new Marked({ gfm: true, async: false });

const INLINE_TAGS = ["a", "em", "strong", "code", "del", "br"];

function clean(html: string, tags: string[]): string {
  return sanitizeHtml(html, {
    allowedTags: tags,
    allowedAttributes: { a: ["href", "rel"] },
    allowedSchemes: ["http", "https", "mailto"],
    allowProtocolRelative: false,
    transformTags: {
      a: (tagName, attribs): sanitizeHtml.Tag => {
        const href = attribs.href ?? "";
        return { tagName, attribs: /^https?:/i.test(href) ? { href, rel: "noopener noreferrer" } : { href } };
      },
    },
  })
    .replace(/<a>(.*?)<\/a>/g, "$1") // a link whose address was refused is its text
    .trim();
}

function inner(html: string): string {
  return html.replace(/^<(\w+)[^>]*>|<\/\w+>\s*$/g, "");
}

function blockOf(token: Token): ProseBlock {
  const html = markdown.parser([token]);
  switch (token.type) {
    case "heading":
      return { tag: (token as Tokens.Heading).depth <= 2 ? "h3" : "h4", html: clean(inner(html.trim()), INLINE_TAGS) };
    case "list":
      return { tag: (token as Tokens.List).ordered ? "ol" : "ul", html: clean(inner(html.trim()), ["li", "p", ...INLINE_TAGS]) };
    case "code":
      return { tag: "pre", html: escapeHtml((token as Tokens.Code).text) };
    default:
      // A paragraph, and whatever else the subset has no element for (a quote, a table, HTML): its text as a paragraph.
      return { tag: "p", html: clean(token.type === "paragraph" ? inner(html.trim()) : html, INLINE_TAGS) };
  }
}

/** Whether a paragraph is plain text: one paragraph of text only, which the page shows as it is. */
function isPlain(tokens: Token[]): boolean {
  const [only] = tokens;
  return tokens.length === 1 && only?.type === "paragraph" && (only as Tokens.Paragraph).tokens.every((inline) => inline.type === "text");
}

/** One stored paragraph as its blocks, or null when it is plain text. */
export function proseOf(text: string): ProseBlock[] | null {
  const tokens = markdown.lexer(text).filter((token) => token.type !== "space");
  return isPlain(tokens) ? null : tokens.map(blockOf);
}

/** The editor's preview of a long text: each paragraph's blocks (a plain one as one paragraph). */
export function markdownPreview(paragraphs: readonly string[]): ProseBlock[][] {
  return paragraphs.slice(0, 50).map((paragraph) => proseOf(paragraph) ?? [{ tag: "p", html: escapeHtml(paragraph) }]);
}

/** The fields of each kind written in Markdown; `*` stands for every entry of a list. */
const MARKDOWN_FIELDS: Partial<Record<ContentType, string[]>> = {
  projects: ["summary", "caseStudy.problem"],
  references: ["sections.*.paragraphs"],
  pages: ["story.paragraphs"],
};

function pathsIn(fields: unknown, pattern: string): Array<[string, unknown]> {
  if (pattern === "") return [["", fields]];
  const [head = "", ...rest] = pattern.split(".");
  const value = fields as Record<string, unknown> | undefined;
  const keys = head === "*" ? Object.keys(value ?? {}) : [head];
  return keys.flatMap((key) =>
    pathsIn(value?.[key], rest.join(".")).map(([path, found]): [string, unknown] => [rest.length ? `${key}.${path}` : key, found]),
  );
}

/** Rendered once per published item: the live snapshot keeps the same objects until a publish. */
const rendered = new WeakMap<object, ProseMap>();

/** The Markdown of an item's long text, rendered: what its page's `ProseProvider` takes. */
export function proseMapOf(type: ContentType, fields: unknown): ProseMap {
  if (typeof fields !== "object" || fields === null) return {};
  const known = rendered.get(fields);
  if (known) return known;
  const map: ProseMap = {};
  for (const pattern of MARKDOWN_FIELDS[type] ?? []) {
    for (const [path, paragraphs] of pathsIn(fields, pattern)) {
      if (!Array.isArray(paragraphs)) continue;
      paragraphs.forEach((paragraph, index) => {
        const blocks = typeof paragraph === "string" ? proseOf(paragraph) : null;
        if (blocks) (map[path] ??= {})[String(index)] = blocks;
      });
    }
  }
  rendered.set(fields, map);
  return map;
}
