import { describe, expect, it } from "vitest";
import { cleanText } from "./clean-text";

describe("cleanText", () => {
  it("removes NUL and the other characters PostgreSQL or XML 1.0 refuse", () => {
    expect(cleanText("a\u0000b\u0001c\u0008d\u000Be\u000Cf\u001Fg\u007Fh\u0085i\uFFFEj\uFFFFk")).toBe("abcdefghijk");
  });

  it("keeps tab, line breaks and every other character, astral ones included", () => {
    const text = "Tab\there\nline\r\nend — ünïcødé 日本語 😀 \uFDD0 \u{10FFFD}";
    expect(cleanText(text)).toBe(text);
  });

  it("replaces lone surrogates and keeps pairs", () => {
    expect(cleanText("x\uD800y\uDC00z\uD83D\uDE00")).toBe("x\uFFFDy\uFFFDz\uD83D\uDE00");
    expect(cleanText("end\uD800")).toBe("end\uFFFD");
  });
});
