import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { coreUnicodeRange, isCoreCharacter } from "./core-characters";

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

describe("the preloaded fonts' characters", () => {
  it("are the unicode-range of both core faces in app/app.css", () => {
    const css = fs.readFileSync(path.join(app, "app.css"), "utf8");
    const coreFaces = [...css.matchAll(/@font-face\s*{[^}]*latin-core\.woff2[^}]*}/g)].map((match) => match[0]);
    expect(coreFaces).toHaveLength(2);
    for (const face of coreFaces) expect(/unicode-range:\s*([^;]+);/.exec(face)?.[1]?.replace(/\s+/g, " ").trim()).toBe(coreUnicodeRange());
  });

  it("cover every character of the site's copy, pages and components (or the page downloads a second font file)", () => {
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
        if (!isCoreCharacter(character.codePointAt(0)!)) missing.set(character, path.relative(app, file));
    expect(Object.fromEntries(missing)).toEqual({});
  });
});
