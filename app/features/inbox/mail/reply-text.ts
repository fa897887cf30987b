import { escapeHtml } from "~/lib/escape-html";

/**
 * A reply is written as plain text; its HTML part is the same text with links made clickable
 * and line breaks kept. Client-safe (the compose page previews nothing, but tests use it).
 */
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"]+[^\s<>".,;:!?)\]'}]/g;

export function replyTextToHtml(text: string): string {
  const paragraphs = text
    .replace(/\r\n?/g, "\n")
    .trim()
    .split(/\n{2,}/);
  const body = paragraphs
    .map((paragraph) => {
      let html = "";
      let last = 0;
      for (const match of paragraph.matchAll(URL_PATTERN)) {
        html += escapeHtml(paragraph.slice(last, match.index));
        const url = escapeHtml(match[0]);
        html += `<a href="${url}">${url}</a>`;
        last = match.index + match[0].length;
      }
      html += escapeHtml(paragraph.slice(last));
      return `<p>${html.replace(/\n/g, "<br>\n")}</p>`;
    })
    .join("\n");
  return `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">\n${body}\n</body></html>`;
}

/** "Re: " once in front of a subject. */
export function replySubject(subject: string): string {
  const trimmed = subject.trim();
  return /^re:/i.test(trimmed) ? trimmed : `Re: ${trimmed}`;
}

/** The most a reply's text may hold (the request boundary caps the body at 256 KB anyway). */
export const MAX_REPLY_CHARS = 50_000;
export const MAX_SUBJECT_CHARS = 200;
