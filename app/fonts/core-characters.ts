/**
 * The characters of the site's own font files (made by `npm run fonts`, declared in app/app.css
 * with these unicode-ranges), in two files per family:
 *
 * - **core** (app/fonts/*-latin-core.woff2, preloaded by every page): Basic Latin but for the
 *   signs of code (backslash ^ _ ` { | } ~), the no-break space, the punctuation nearly every
 *   page's copy uses (’ “ ” – — … ·) and what some page shows in its first screen (© × − ö ø).
 *   Few bytes matter here: Inter's file must arrive within three round trips of a slow phone
 *   connection shared with the first screen's pictures (decision 0200; the 7 signs of code
 *   alone cost 950 bytes of it). A browser test checks that no public page needs another font
 *   file for its first screen.
 * - **extra** (app/fonts/*-latin-extra.woff2, not preloaded): the other Nordic and German
 *   letters of names, the signs of code and the few other signs of the copy. The browser
 *   fetches it only once a page draws one of them.
 *
 * A page with any other character (a news title in Spanish, say) gets it from Fontsource's full
 * Latin file, declared before these faces, at the cost of that one download.
 * app/fonts/core-characters.test.ts checks app/app.css against these lists and the copy against
 * their union.
 */
export type CodeRanges = ReadonlyArray<readonly [number, number]>;

export const CORE_RANGES: CodeRanges = [
  [0x20, 0x5b], // Basic Latin: space to Z, and [
  [0x5d, 0x5d], // ]
  [0x61, 0x7a], // a to z
  [0xa0, 0xa0], // no-break space
  [0xa9, 0xa9], // © (every page's footer)
  [0xb7, 0xb7], // ·
  [0xd7, 0xd7], // ×
  [0xf6, 0xf6], // ö (in a project's name)
  [0xf8, 0xf8], // ø (in names on the first screen of the references)
  [0x2013, 0x2014], // – —
  [0x2019, 0x2019], // ’
  [0x201c, 0x201d], // “ ”
  [0x2026, 0x2026], // …
  [0x2212, 0x2212], // −
];

export const EXTRA_RANGES: CodeRanges = [
  [0x5c, 0x5c], // backslash
  [0x5e, 0x60], // ^ _ `
  [0x7b, 0x7e], // { | } ~
  [0xa7, 0xa7], // §
  [0xb0, 0xb0], // °
  [0xc4, 0xc6], // Ä Å Æ
  [0xc9, 0xc9], // É
  [0xd6, 0xd6], // Ö
  [0xd8, 0xd8], // Ø
  [0xdc, 0xdc], // Ü
  [0xdf, 0xdf], // ß
  [0xe4, 0xe6], // ä å æ
  [0xe9, 0xe9], // é
  [0xed, 0xed], // í
  [0xef, 0xef], // ï
  [0xfc, 0xfc], // ü
  [0x2018, 0x2018], // ‘
  [0x2022, 0x2022], // •
  [0x20ac, 0x20ac], // €
  [0x2122, 0x2122], // ™
  [0x2191, 0x2193], // ↑ → ↓
];

/**
 * The digits again, in a file of their own with Inter's tabular figures: Inter's core file has no
 * tabular figures (they cost 650 bytes of it), so `tabular-nums` text in Inter (counters,
 * tables) takes its digits from this face (app/app.css).
 */
export const FIGURE_RANGES: CodeRanges = [[0x30, 0x39]];

/** Ranges as a CSS unicode-range value ("U+0020-007E, U+00A0, ..."). */
export function unicodeRange(ranges: CodeRanges): string {
  const hex = (code: number) => code.toString(16).toUpperCase().padStart(4, "0");
  return ranges.map(([first, last]) => (first === last ? `U+${hex(first)}` : `U+${hex(first)}-${hex(last)}`)).join(", ");
}

/** Whether the site's own font files (core or extra) have this character. */
export function isSiteFontCharacter(code: number): boolean {
  return [...CORE_RANGES, ...EXTRA_RANGES].some(([first, last]) => code >= first && code <= last);
}

/** Every character of the ranges, for the subsetter. */
export function charactersOf(ranges: CodeRanges): string {
  let text = "";
  for (const [first, last] of ranges) for (let code = first; code <= last; code++) text += String.fromCodePoint(code);
  return text;
}

/**
 * Fontsource's Latin, Latin Extended and Vietnamese faces of both families (app/app.css imports
 * them): a character here that the site's own files lack still shows in the site's fonts, at the
 * cost of that face's download. Anything else is drawn in the visitor's system font.
 */
export const FULL_FONT_RANGES: CodeRanges = [
  [0x0000, 0x02cc],
  [0x02ce, 0x02d7],
  [0x02da, 0x02da],
  [0x02dc, 0x0301],
  [0x0303, 0x0304],
  [0x0308, 0x0309],
  [0x0323, 0x0323],
  [0x0329, 0x0329],
  [0x1d00, 0x1dbf],
  [0x1e00, 0x1eff],
  [0x2000, 0x206f],
  [0x20a0, 0x20c0],
  [0x2113, 0x2113],
  [0x2122, 0x2122],
  [0x2191, 0x2191],
  [0x2193, 0x2193],
  [0x2212, 0x2212],
  [0x2215, 0x2215],
  [0x2c60, 0x2c7f],
  [0xa720, 0xa7ff],
  [0xfeff, 0xfeff],
  [0xfffd, 0xfffd],
];

/** Of a text's characters, those the site's own font files lack: in the full fonts' faces, or in none. */
export function fontCoverage(text: string): { fullFont: string[]; systemFont: string[] } {
  const fullFont = new Set<string>();
  const systemFont = new Set<string>();
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code < 0x20 || isSiteFontCharacter(code) || FIGURE_RANGES.some(([first, last]) => code >= first && code <= last)) continue;
    if (FULL_FONT_RANGES.some(([first, last]) => code >= first && code <= last)) fullFont.add(char);
    else systemFont.add(char);
  }
  return { fullFont: [...fullFont], systemFont: [...systemFont] };
}
