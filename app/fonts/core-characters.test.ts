import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CORE_RANGES, EXTRA_RANGES, FIGURE_RANGES, FULL_FONT_RANGES, fontCoverage, isSiteFontCharacter, unicodeRange } from "./core-characters";

const app = path.join(process.cwd(), "app");

function filesUnder(folder: string, pattern: RegExp): string[] {
  return fs
    .readdirSync(folder, { recursive: true, encoding: "utf8" })
    .filter((file) => pattern.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(folder, file));
}

/** The non-ASCII characters of a source file's code (its comments left out), escapes included. */
function charactersOf(source: string): Set<string> {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:\\])\/\/.*$/gm, "$1");
  const escaped = [...code.matchAll(/\\u([0-9a-fA-F]{4})/g)].map((match) => String.fromCodePoint(Number.parseInt(match[1]!, 16)));
  return new Set([...[...code].filter((character) => character.codePointAt(0)! > 0x7f), ...escaped.filter((character) => character >= "\u00a0")]);
}

describe("the site's font files' characters", () => {
  it("are the unicode-range of the core and extra faces in app/app.css, and the two do not overlap", () => {
    const css = fs.readFileSync(path.join(app, "app.css"), "utf8");
    for (const [part, ranges] of [
      ["core", CORE_RANGES],
      ["extra", EXTRA_RANGES],
    ] as const) {
      const faces = [...css.matchAll(new RegExp(`@font-face\\s*{[^}]*latin-${part}\\.woff2[^}]*}`, "g"))].map((match) => match[0]);
      expect(faces, part).toHaveLength(2);
      for (const face of faces) expect(/unicode-range:\s*([^;]+);/.exec(face)?.[1]?.replace(/\s+/g, " ").trim()).toBe(unicodeRange(ranges));
    }
    for (const [first, last] of CORE_RANGES)
      for (const [otherFirst, otherLast] of EXTRA_RANGES) expect(first <= otherLast && otherFirst <= last, `U+${first.toString(16)}`).toBe(false);
    const figures = /@font-face\s*{[^}]*latin-figures\.woff2[^}]*}/.exec(css)?.[0];
    expect(/unicode-range:\s*([^;]+);/.exec(figures ?? "")?.[1]?.trim()).toBe(unicodeRange(FIGURE_RANGES));
    // tabular-nums text in Inter takes its digits from the figures face.
    expect(css).toMatch(/\.tabular-nums:not\(\.font-display\)\s*{\s*font-family: "Inter Tabular Figures", var\(--font-sans\);/);
  });

  it("cover every character of the site's copy, pages and components (or the page downloads Fontsource's full file)", () => {
    const sources = [
      ...filesUnder(path.join(app, "content"), /\.tsx?$/),
      ...filesUnder(path.join(app, "routes"), /\.tsx$/),
      ...filesUnder(path.join(app, "components"), /\.tsx$/),
      ...filesUnder(path.join(app, "features"), /components[\\/].*\.tsx$/),
    ];
    expect(sources.length).toBeGreaterThan(50);
    const missing = new Map<string, string>();
    for (const file of sources)
      for (const character of charactersOf(fs.readFileSync(file, "utf8")))
        if (!isSiteFontCharacter(character.codePointAt(0)!)) missing.set(character, path.relative(app, file));
    expect(Object.fromEntries(missing)).toEqual({});
  });

  it("keep each preloaded file within three round trips of a slow phone connection shared with pictures (decision 0200)", () => {
    // Lighthouse's mobile link (1.6 Mbit/s, 150 ms round trips) shared by six connections
    // carries 4,380 bytes a round trip on each; three of them hold 13,140 bytes, of which about
    // 280 are the response's headers. A font over this budget delays the largest paint of
    // /projects by a round trip.
    for (const file of ["inter-latin-core.woff2", "space-grotesk-latin-core.woff2"])
      expect(fs.statSync(path.join(app, "fonts", file)).size, file).toBeLessThanOrEqual(12_800);
  });
});

describe("characters outside the site's own font files", () => {
  const codesOf = (css: string) => {
    const codes = new Set<number>();
    for (const [, value] of css.matchAll(/unicode-range: ([^;]*)/g)) {
      for (const part of value!.split(",")) {
        const [first, last = first] = part.trim().slice(2).split("-").map((hex) => parseInt(hex, 16));
        for (let code = first!; code <= last!; code++) codes.add(code);
      }
    }
    return codes;
  };

  it("are in the full fonts' faces exactly where both families' Fontsource files have them", () => {
    const families = ["inter", "space-grotesk"].map((name) =>
      codesOf(fs.readFileSync(path.join(process.cwd(), `node_modules/@fontsource-variable/${name}/wght.css`), "utf8")),
    );
    const listed = new Set<number>();
    for (const [first, last] of FULL_FONT_RANGES) for (let code = first; code <= last; code++) listed.add(code);
    const inBoth = [...families[0]!].filter((code) => families[1]!.has(code));
    expect([...listed].sort((a, b) => a - b)).toEqual(inBoth.sort((a, b) => a - b));
  });

  it("are told apart: the site's files, the full fonts' faces, the visitor's system font", () => {
    expect(fontCoverage("Plain text, 2026 – ø and ä.")).toEqual({ fullFont: [], systemFont: [] });
    expect(fontCoverage("Łódź, Ősz, Łódź")).toEqual({ fullFont: ["Ł", "ó", "ź", "Ő"], systemFont: [] });
    expect(fontCoverage("東京 and Привет").systemFont).toEqual(["東", "京", "П", "р", "и", "в", "е", "т"]);
  });
});
