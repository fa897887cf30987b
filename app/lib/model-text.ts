/**
 * Text written by a model (the chat's replies, the AI secretary's answers,
 * news summaries) is read by one small tokenizer and nothing else
 * (docs/decisions/0072, 0184). It recognises a little Markdown and returns
 * tokens that are rendered as React elements (app/components/model-text.tsx),
 * as an e-mail's HTML, or stripped to plain text (modelTextToPlain); nothing
 * of the text is ever interpreted as HTML, so a reply containing
 * `<img onerror=...>` shows those characters.
 *
 *   **bold**, __bold__          bold
 *   *italics*, _italics_        italics (underscores only at word edges: snake_case stays)
 *   [label](url)                a link, sorted below
 *   - item, * item, 1. item     list items (lines of their own)
 *   # Heading                   a bold line
 *   a blank line                a new paragraph; a single line break stays a line break
 *
 * Links are sorted:
 *
 *   /path, or an absolute URL on this site   internal: an in-app link
 *   http(s)://elsewhere                      external: new tab, rel=noopener
 *   mailto:                                  external, same tab
 *   javascript:, data:, anything else        not a link: its label as plain text
 *
 * Markers that do not close (`**Big news`) stay as their characters.
 */
export type ModelToken =
  | { type: "text"; text: string }
  | { type: "bold"; children: ModelToken[] }
  | { type: "italic"; children: ModelToken[] }
  | { type: "link"; text: string; href: string; kind: LinkKind };

export type LinkKind = "internal" | "external" | "mailto";

export type ModelBlock = { type: "paragraph"; children: ModelToken[] } | { type: "list"; ordered: boolean; items: ModelToken[][] };

const LINK = /^\[([^[\]\n]{1,300})\]\(\s*([^()\s]{1,2000})\s*\)/;

/** Where a link may go, or undefined when it must not be a link. */
export function classifyHref(href: string, siteOrigin?: string): { kind: LinkKind; href: string } | undefined {
  // Site paths; "//host" and "/\host" are other hosts in browsers.
  if (/^\/(?![/\\])/.test(href)) return { kind: "internal", href };
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return undefined;
  }
  if (url.protocol === "mailto:") return { kind: "mailto", href: url.href };
  if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
  if (siteOrigin && url.origin === siteOrigin) return { kind: "internal", href: `${url.pathname}${url.search}${url.hash}` };
  return { kind: "external", href: url.href };
}

function pushText(tokens: ModelToken[], text: string) {
  if (!text) return;
  const last = tokens.at(-1);
  if (last?.type === "text") last.text += text;
  else tokens.push({ type: "text", text });
}

const isSpace = (char: string | undefined) => char === undefined || /\s/.test(char);
const isWordChar = (char: string | undefined) => char !== undefined && /[\p{L}\p{N}]/u.test(char);

/** Where the emphasis opened at `start` with `marker` closes, or -1. */
function closingMarker(text: string, start: number, marker: string): number {
  const from = start + marker.length;
  if (isSpace(text[from])) return -1;
  for (let end = text.indexOf(marker, from); end !== -1; end = text.indexOf(marker, end + 1)) {
    if (end === from || isSpace(text[end - 1])) continue;
    if (marker === "*" && (text[end + 1] === "*" || text[end - 1] === "*")) continue;
    if (marker.startsWith("_") && isWordChar(text[end + marker.length])) continue;
    return end;
  }
  return -1;
}

type Inside = { bold?: boolean; italic?: boolean };

/** The inline tokens of one piece of text (no block structure). */
export function tokenizeModelText(text: string, siteOrigin?: string, inside: Inside = {}): ModelToken[] {
  const tokens: ModelToken[] = [];
  let i = 0;
  while (i < text.length) {
    const char = text[i];
    if (char === "*" || char === "_") {
      const double = text[i + 1] === char;
      const marker = double ? char + char : char;
      const opensHere = char === "*" || !isWordChar(text[i - 1]);
      const kind = double ? "bold" : "italic";
      if (opensHere && !inside[kind]) {
        const end = closingMarker(text, i, marker);
        if (end !== -1) {
          const children = tokenizeModelText(text.slice(i + marker.length, end), siteOrigin, { ...inside, [kind]: true });
          tokens.push({ type: kind, children });
          i = end + marker.length;
          continue;
        }
      }
      // Not emphasis: the marker's characters are text.
      pushText(tokens, marker);
      i += marker.length;
      continue;
    }
    if (char === "[") {
      const match = LINK.exec(text.slice(i));
      if (match) {
        const [whole, rawLabel, href] = match as unknown as [string, string, string];
        const label = plainInline(tokenizeModelText(rawLabel, siteOrigin, inside));
        const target = classifyHref(href, siteOrigin);
        if (target) tokens.push({ type: "link", text: label, ...target });
        else pushText(tokens, label);
        i += whole.length;
        continue;
      }
    }
    // Plain text up to the next character that could start a token.
    let next = i + 1;
    while (next < text.length && text[next] !== "[" && text[next] !== "*" && text[next] !== "_") next++;
    pushText(tokens, text.slice(i, next));
    i = next;
  }
  return tokens;
}

const BULLET = /^ {0,3}[-*•+]\s+(.*)$/;
const NUMBERED = /^ {0,3}\d{1,3}[.)]\s+(.*)$/;
const HEADING = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/;

/** The text's paragraphs and lists, each with its inline tokens. */
export function parseModelText(text: string, siteOrigin?: string): ModelBlock[] {
  const blocks: ModelBlock[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;
  const flush = () => {
    if (paragraph.length) blocks.push({ type: "paragraph", children: tokenizeModelText(paragraph.join("\n"), siteOrigin) });
    if (list) blocks.push({ type: "list", ordered: list.ordered, items: list.items.map((item) => tokenizeModelText(item, siteOrigin)) });
    paragraph = [];
    list = null;
  };
  for (const rawLine of text.replace(/\r\n?/g, "\n").split("\n")) {
    const line = rawLine.trimEnd();
    if (!line.trim()) {
      flush();
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    const item = bullet ?? numbered;
    if (item) {
      const ordered = Boolean(numbered);
      if (paragraph.length || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push(item[1]!);
      continue;
    }
    if (list && /^\s+\S/.test(rawLine)) {
      // An indented line under an item continues it.
      list.items[list.items.length - 1] += ` ${line.trim()}`;
      continue;
    }
    if (list) flush();
    const heading = HEADING.exec(line);
    paragraph.push(heading ? `**${heading[1]}**` : line);
    if (heading) flush();
  }
  flush();
  return blocks;
}

/** The characters a reader sees of some tokens, links as their labels. */
export function plainInline(tokens: ModelToken[]): string {
  return tokens.map((token) => (token.type === "text" || token.type === "link" ? token.text : plainInline(token.children))).join("");
}

export type PlainOptions = {
  /**
   * The site's address (PUBLIC_URL): links keep where they go, as `label (https://site/path)`,
   * for a plain-text e-mail. Without it a link is its label (meta descriptions, feeds).
   */
  siteUrl?: string;
};

function plainWithLinks(tokens: ModelToken[], siteUrl: string): string {
  return tokens
    .map((token) => {
      if (token.type === "text") return token.text;
      if (token.type !== "link") return plainWithLinks(token.children, siteUrl);
      const target =
        token.kind === "internal"
          ? `${siteUrl.replace(/\/+$/, "")}${token.href}`
          : token.kind === "mailto"
            ? token.href.replace(/^mailto:/, "")
            : token.href;
      return token.text === target || token.text === token.href ? target : `${token.text} (${target})`;
    })
    .join("");
}

/** Model text without its markup: paragraphs apart by a blank line, list items as `- item` / `1. item`. */
export function modelTextToPlain(text: string, options: PlainOptions = {}): string {
  const origin = options.siteUrl ? new URL(options.siteUrl).origin : undefined;
  const inline = (tokens: ModelToken[]) => (options.siteUrl ? plainWithLinks(tokens, options.siteUrl) : plainInline(tokens));
  return parseModelText(text, origin)
    .map((block) =>
      block.type === "paragraph"
        ? inline(block.children)
        : block.items.map((item, index) => `${block.ordered ? `${index + 1}.` : "-"} ${inline(item)}`).join("\n"),
    )
    .join("\n\n");
}

/** The text without its inline markup (bold, italics, links as their labels); every other character, whitespace included, as it was. */
export function stripModelMarkup(text: string): string {
  return plainInline(tokenizeModelText(text));
}

/** Model text as one line of plain text (meta descriptions, og tags, feeds): no markup, no line breaks. */
export function modelTextToLine(text: string): string {
  return modelTextToPlain(text).replace(/\s+/g, " ").trim();
}

/**
 * At most `max` characters of what a reader sees (ellipsis included), cut at a
 * word, keeping bold, italics and links around what is kept.
 */
export function truncateModelTokens(tokens: ModelToken[], max: number, ellipsis = "…"): ModelToken[] {
  if (plainInline(tokens).replace(/\s+/g, " ").trim().length <= max) return tokens;
  let room = max - ellipsis.length;
  let done = false;
  const cut = (text: string): string => {
    const clean = text.replace(/\s+/g, " ");
    if (clean.length <= room) {
      room -= clean.length;
      return clean;
    }
    done = true;
    const slice = clean.slice(0, room + 1);
    const lastSpace = slice.lastIndexOf(" ");
    const kept = lastSpace > 0 ? slice.slice(0, lastSpace) : room === max - ellipsis.length ? clean.slice(0, room) : "";
    return kept.replace(/[\s,;:.\-–—]+$/, "");
  };
  const walk = (list: ModelToken[]): ModelToken[] => {
    const out: ModelToken[] = [];
    for (const token of list) {
      if (done) break;
      if (token.type === "text") {
        const text = cut(token.text);
        if (text) out.push({ type: "text", text });
      } else if (token.type === "link") {
        const text = cut(token.text);
        if (text) out.push({ ...token, text });
      } else {
        const children = walk(token.children);
        if (children.length) out.push({ type: token.type, children });
      }
    }
    return out;
  };
  const kept = walk(tokens);
  const last = kept.at(-1);
  if (last?.type === "text") last.text = last.text.trimEnd();
  pushText(kept, ellipsis);
  return kept;
}
