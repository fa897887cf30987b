/**
 * Text taken from feeds, made safe to store and to put in XML. PostgreSQL
 * refuses NUL in text; XML 1.0 forbids the other C0 controls (except tab,
 * line feed and carriage return) and U+FFFE/U+FFFF even as character
 * references; a lone UTF-16 surrogate has no UTF-8 form at all. None of
 * them carries meaning in a story, so they go: controls and noncharacters are
 * removed, a lone surrogate becomes U+FFFD (the replacement character).
 * DEL and the C1 controls (U+007F-U+009F) go too: in feeds they are the
 * leftovers of a wrong decoding, never text.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNWANTED = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]/g;

export function cleanText(value: string): string {
  return value.toWellFormed().replace(UNWANTED, "");
}

/** Like cleanText, and null stays null. */
export function cleanOptionalText(value: string | null): string | null {
  return value === null ? null : cleanText(value);
}
