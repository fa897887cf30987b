/**
 * The characters in the two font files every page preloads (app/fonts/*-latin-core.woff2, made by
 * `npm run fonts`) and in the unicode-range of their @font-face rules in app/app.css: what the
 * site's own copy uses (Basic Latin, the punctuation and signs of the copy, the Nordic and German
 * letters of names), not the whole Latin-1 block. A page with any other character (a news title
 * in Spanish, say) gets it from Fontsource's full Latin file, declared before these faces, at the
 * cost of that one download. Few bytes matter here: each file must arrive in the first two round
 * trips of a slow mobile connection (decision 0199).
 * app/fonts/core-characters.test.ts checks app/app.css against this list and the copy against it.
 */
export const CORE_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x20, 0x7e], // Basic Latin
  [0xa0, 0xa0], // no-break space
  [0xa7, 0xa7], // §
  [0xa9, 0xa9], // ©
  [0xb0, 0xb0], // °
  [0xb7, 0xb7], // ·
  [0xc4, 0xc6], // Ä Å Æ
  [0xc9, 0xc9], // É
  [0xd6, 0xd8], // Ö × Ø
  [0xdc, 0xdc], // Ü
  [0xdf, 0xdf], // ß
  [0xe4, 0xe6], // ä å æ
  [0xe9, 0xe9], // é
  [0xed, 0xed], // í
  [0xef, 0xef], // ï
  [0xf6, 0xf6], // ö
  [0xf8, 0xf8], // ø
  [0xfc, 0xfc], // ü
  [0x2013, 0x2014], // – —
  [0x2018, 0x2019], // ‘ ’
  [0x201c, 0x201d], // “ ”
  [0x2022, 0x2022], // •
  [0x2026, 0x2026], // …
  [0x20ac, 0x20ac], // €
  [0x2122, 0x2122], // ™
  [0x2191, 0x2193], // ↑ → ↓
  [0x2212, 0x2212], // −
];

/** The ranges as a CSS unicode-range value ("U+0020-007E, U+00A0, ..."). */
export function coreUnicodeRange(): string {
  const hex = (code: number) => code.toString(16).toUpperCase().padStart(4, "0");
  return CORE_RANGES.map(([first, last]) => (first === last ? `U+${hex(first)}` : `U+${hex(first)}-${hex(last)}`)).join(", ");
}

export function isCoreCharacter(code: number): boolean {
  return CORE_RANGES.some(([first, last]) => code >= first && code <= last);
}

/** Every character of the ranges, for the subsetter. */
export function coreCharacters(): string {
  let text = "";
  for (const [first, last] of CORE_RANGES) for (let code = first; code <= last; code++) text += String.fromCodePoint(code);
  return text;
}
