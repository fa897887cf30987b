import { Readable } from "node:stream";
import { encode as qpEncode, wrap as qpWrap } from "nodemailer/lib/qp";

/**
 * The daily issue as ready-made MIME parts, encoded once per run and
 * personalised per recipient by splicing in only the unsubscribe link
 * (docs/decisions/0055-newsletter-bodies-encoded-once.md).
 *
 * Each part (text/plain and text/html) is quoted-printable (RFC 2045 6.7).
 * The rendered body is split at the link placeholder; each static piece is
 * encoded and wrapped once, and a message's body is the pieces joined by the
 * recipient's encoded link between two soft line breaks ("=" CRLF, which
 * decode to nothing). A line stays within 76 characters: pieces and links are
 * wrapped at 73, leaving room for a "=2E" and the "=" of the soft break that
 * follows.
 *
 * The pieces are Buffers shared by every message: a message's part is a
 * stream of those Buffers and its link, so the 20-40 KB of HTML and text are
 * neither re-encoded nor copied per recipient. Messages stay referenced a
 * little while after they are sent (nodemailer's pool keeps the last one per
 * connection), long enough for V8 to move their objects to the old
 * generation; per-message copies of the body made the heap grow by 100-150 MB
 * during a send before a full collection freed them.
 */
export type IssuePartsTemplate = Record<"text" | "html", PartTemplate>;

export type PartTemplate = {
  /**
   * The part's header (`Content-Type`, `Content-Transfer-Encoding: quoted-printable`, blank line)
   * followed by the encoded, wrapped pieces of its body between the placeholder occurrences;
   * the header is joined to the first piece, so a part goes out in few writes.
   */
  pieces: Buffer[];
};

/** The MIME parts of one recipient's message, for `PreparedMailMessage.preparedParts`. */
export type IssueParts = { text: Readable; html: Readable };

// 73, not 76: a line may grow by 2 (a leading "." written as "=2E") and by the "=" of a soft break.
const WRAP_AT = 73;
const SOFT_BREAK = "=\r\n";

/** Line breaks as CRLF, as quoted-printable text bodies carry them. */
function crlf(value: string): string {
  return value.replace(/\r?\n/g, "\r\n");
}

/**
 * Quoted-printable, wrapped, with a "." that starts a line written as "=2E" (the same character
 * in QP): the SMTP client would otherwise copy every chunk holding one to "dot-stuff" it
 * (RFC 5321 4.5.2), which for the issue's HTML meant a 16 KB copy per message.
 */
function encodeWrapped(value: string): string {
  return qpWrap(qpEncode(value), WRAP_AT).replace(/^\./gm, "=2E");
}

function compilePart(contentType: string, body: string, placeholder: string): PartTemplate {
  const head = `Content-Type: ${contentType}\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n`;
  return {
    pieces: crlf(body)
      .split(placeholder)
      .map((piece, index) => Buffer.from(`${index === 0 ? head : ""}${encodeWrapped(piece)}`, "latin1")),
  };
}

/** Encodes the issue's text and HTML once; `placeholder` marks where each recipient's link goes. */
export function compileIssueParts(issue: { text: string; html: string }, placeholder: string): IssuePartsTemplate {
  return {
    text: compilePart("text/plain; charset=utf-8", issue.text, placeholder),
    html: compilePart("text/html; charset=utf-8", issue.html, placeholder),
  };
}

/** Pieces this small are copied together with the links around them (one write instead of several). */
const SHARED_PIECE_MIN = 4096;

function fillPart(part: PartTemplate, link: Buffer): Readable {
  const chunks: Buffer[] = [];
  let small: Buffer[] = [];
  const flush = () => {
    if (small.length) chunks.push(small.length === 1 ? small[0]! : Buffer.concat(small));
    small = [];
  };
  part.pieces.forEach((piece, index) => {
    if (index > 0) small.push(link);
    if (piece.length < SHARED_PIECE_MIN) {
      small.push(piece);
    } else {
      flush();
      chunks.push(piece);
    }
  });
  flush();
  return Readable.from(chunks, { objectMode: false });
}

/** One recipient's text and HTML parts: the issue with `url` in place of the placeholder. */
export function fillIssueParts(template: IssuePartsTemplate, url: string): IssueParts {
  const link = Buffer.from(`${SOFT_BREAK}${encodeWrapped(url)}${SOFT_BREAK}`, "latin1");
  return { text: fillPart(template.text, link), html: fillPart(template.html, link) };
}
