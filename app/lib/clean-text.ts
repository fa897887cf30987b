/**
 * What stored text may contain: a visitor's input (docs/decisions/0105-input-boundary.md) and
 * text taken from news feeds alike.
 *
 * Control characters are never part of what a person meant to type: they come from pasting out
 * of PDFs and terminals, from probes, or (in feeds) from a wrong decoding. PostgreSQL refuses NUL
 * in text and jsonb, and a lone UTF-16 surrogate ("\ud800" in JSON) in jsonb; XML 1.0 (the RSS
 * feed) forbids the other C0 controls and U+FFFE/U+FFFF even as character references.
 */

/** C0 controls except TAB, LF and CR; DEL; the C1 controls; the noncharacters U+FFFE and U+FFFF. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNWANTED_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]/;
const UNWANTED_CONTROLS = new RegExp(UNWANTED_CONTROL.source, "g");

/** Every C0 and C1 control character and DEL, TAB and line breaks included. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const ANY_CONTROL = /[\u0000-\u001F\u007F-\u009F]/;

/** Text as it may be stored: control characters (but tab and line breaks) and U+FFFE/U+FFFF removed, lone surrogates replaced by U+FFFD. */
export function cleanText(value: string): string {
  return value.toWellFormed().replace(UNWANTED_CONTROLS, "");
}

/** Like cleanText, and null stays null. */
export function cleanOptionalText(value: string | null): string | null {
  return value === null ? null : cleanText(value);
}

/** Whether `value` would change under cleanText. */
export function needsCleaning(value: string): boolean {
  return !value.isWellFormed() || UNWANTED_CONTROL.test(value);
}

/** Whether `value` holds any control character at all (for values that must be exact, such as paths). */
export function hasControlCharacter(value: string): boolean {
  return ANY_CONTROL.test(value);
}
