import { describe, expect, it } from "vitest";
import { originalSourceHref, pageClock, relativeAge, truncateWords } from "./text";

const now = Date.parse("2026-11-20T12:00:00Z");

describe("relativeAge", () => {
  it("says 'Just now' under an hour, hours under a day, days after", () => {
    expect(relativeAge(new Date(now - 59 * 60_000), now)).toBe("Just now");
    expect(relativeAge(new Date(now - 60 * 60_000), now)).toBe("1h ago");
    expect(relativeAge(new Date(now - 23.9 * 3_600_000), now)).toBe("23h ago");
    expect(relativeAge(new Date(now - 24 * 3_600_000), now)).toBe("1d ago");
    expect(relativeAge(new Date(now - 9 * 86_400_000).toISOString(), now)).toBe("9d ago");
  });

  it("treats future dates and garbage as 'Just now'", () => {
    expect(relativeAge(new Date(now + 3_600_000), now)).toBe("Just now");
    expect(relativeAge("not a date", now)).toBe("Just now");
  });
});

describe("truncateWords", () => {
  it("keeps short text as it is", () => {
    expect(truncateWords("Short  text ", 120)).toBe("Short text");
  });

  it("cuts long text at a word boundary and ends with an ellipsis within the limit", () => {
    const text =
      "Researchers released a new open model that beats larger systems on reasoning benchmarks while using far less compute than before.";
    const cut = truncateWords(text, 120);
    expect(cut.length).toBeLessThanOrEqual(120);
    expect(cut.endsWith("…")).toBe(true);
    expect(text.startsWith(cut.slice(0, -1))).toBe(true);
    // The character after the cut in the original is a space: no word was split.
    expect(text[cut.length - 1]).toBe(" ");
  });

  it("cuts a single overlong word only when there is no space", () => {
    expect(truncateWords("a".repeat(200), 10)).toBe("aaaaaaaaa…");
  });
});

describe("originalSourceHref", () => {
  it("uses the story URL when there is one", () => {
    expect(originalSourceHref({ title: "T", source: "S", sourceUrl: "https://ex.com/a" })).toBe("https://ex.com/a");
  });

  it("falls back to a web search of title plus source", () => {
    const href = originalSourceHref({ title: "New model & more", source: "Lab Blog", sourceUrl: null });
    expect(new URL(href).searchParams.get("q")).toBe("New model & more Lab Blog");
  });
});

describe("pageClock", () => {
  it("rounds down to 5 minutes, so renderings within those minutes are the same page", () => {
    expect(pageClock(Date.parse("2026-11-21T10:04:59.999Z"))).toBe(Date.parse("2026-11-21T10:00:00Z"));
    expect(pageClock(Date.parse("2026-11-21T10:05:00Z"))).toBe(Date.parse("2026-11-21T10:05:00Z"));
    // Ages are shown in hours: the page's clock never makes a story look more than 5 minutes younger.
    expect(relativeAge("2026-11-21T09:04:00Z", pageClock(Date.parse("2026-11-21T10:08:00Z")))).toBe("1h ago");
  });
});
