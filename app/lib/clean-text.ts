/**
 * What a visitor's text may contain (docs/decisions/0105-input-boundary.md).
 *
 * Control characters are never part of what a person meant to type: they come
 * from pasting out of PDFs and terminals, or from probes. PostgreSQL refuses
 * NUL in text and jsonb, and a lone UTF-16 surrogate ("\ud800" in JSON) in jsonb.
 */

/** C0 controls except TAB, LF and CR; DEL; the C1 controls. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNWANTED_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const UNWANTED_CONTROLS = new RegExp(UNWANTED_CONTROL.source, "g");

/** Every C0 and C1 control character and DEL, TAB and line breaks included. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const ANY_CONTROL = /[\u0000-\u001F\u007F-\u009F]/;

/** Free text as it may be stored: control characters (but tab and line breaks) removed, lone surrogates replaced by U+FFFD. */
export function cleanText(value: string): string {
  return value.toWellFormed().replace(UNWANTED_CONTROLS, "");
}

/** Whether `value` would change under cleanText. */
export function needsCleaning(value: string): boolean {
  return !value.isWellFormed() || UNWANTED_CONTROL.test(value);
}

/** Whether `value` holds any control character at all (for values that must be exact, such as paths). */
export function hasControlCharacter(value: string): boolean {
  return ANY_CONTROL.test(value);
}
