/**
 * The only formatting assistant text gets: **bold** and [text](url) links.
 * A tiny tokenizer turns the text into tokens that components render as
 * React elements; nothing of the text is ever interpreted as HTML, so a reply
 * containing `<img onerror=...>` shows those characters. Links are sorted:
 *
 *   /path, or an absolute URL on this site   internal: an in-app link
 *   http(s)://elsewhere                      external: new tab, rel=noopener
 *   mailto:                                  external, same tab
 *   javascript:, data:, anything else        not a link: its label as plain text
 */
export type ChatToken =
  | { type: "text"; text: string }
  | { type: "bold"; children: ChatToken[] }
  | { type: "link"; text: string; href: string; kind: "internal" | "external" | "mailto" };

const LINK = /^\[([^[\]\n]{1,300})\]\(\s*([^()\s]{1,2000})\s*\)/;

/** Where a link may go, or undefined when it must not be a link. */
export function classifyHref(href: string, siteOrigin?: string): { kind: "internal" | "external" | "mailto"; href: string } | undefined {
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

function pushText(tokens: ChatToken[], text: string) {
  if (!text) return;
  const last = tokens.at(-1);
  if (last?.type === "text") last.text += text;
  else tokens.push({ type: "text", text });
}

export function tokenizeChatText(text: string, siteOrigin?: string, insideBold = false): ChatToken[] {
  const tokens: ChatToken[] = [];
  let i = 0;
  while (i < text.length) {
    if (!insideBold && text.startsWith("**", i)) {
      const end = text.indexOf("**", i + 2);
      if (end > i + 2) {
        tokens.push({ type: "bold", children: tokenizeChatText(text.slice(i + 2, end), siteOrigin, true) });
        i = end + 2;
        continue;
      }
    }
    if (text[i] === "[") {
      const match = LINK.exec(text.slice(i));
      if (match) {
        const [whole, label, href] = match as unknown as [string, string, string];
        const target = classifyHref(href, siteOrigin);
        if (target) tokens.push({ type: "link", text: label, ...target });
        else pushText(tokens, label);
        i += whole.length;
        continue;
      }
    }
    // Plain text up to the next character that could start a token.
    let next = i + 1;
    while (next < text.length && text[next] !== "[" && !(text[next] === "*" && text[next + 1] === "*")) next++;
    pushText(tokens, text.slice(i, next));
    i = next;
  }
  return tokens;
}
