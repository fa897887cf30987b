import { describe, expect, it } from "vitest";
import { canonicalUrlKey, cleanLink, titleKey } from "./dedupe-keys";

describe("cleanLink", () => {
  it("drops tracking parameters and the fragment, keeps the rest", () => {
    expect(cleanLink("https://ex.com/post?id=7&utm_source=rss&utm_medium=feed&fbclid=abc#comments")).toBe("https://ex.com/post?id=7");
    expect(cleanLink("https://ex.com/post?utm_campaign=x")).toBe("https://ex.com/post");
  });

  it("refuses anything but http(s)", () => {
    expect(cleanLink("javascript:alert(1)")).toBeNull();
    expect(cleanLink("ftp://ex.com/a")).toBeNull();
    expect(cleanLink("not a url")).toBeNull();
  });
});

describe("canonicalUrlKey", () => {
  it("gives the same key to the same article linked differently", () => {
    const keys = [
      "https://www.example.com/2026/model/?utm_source=a",
      "http://example.com/2026/model",
      "https://EXAMPLE.com:443/2026/model/#top",
    ].map(canonicalUrlKey);
    expect(new Set(keys).size).toBe(1);
  });

  it("keeps different articles apart", () => {
    expect(canonicalUrlKey("https://ex.com/a?id=1")).not.toBe(canonicalUrlKey("https://ex.com/a?id=2"));
  });
});

describe("titleKey", () => {
  it("ignores case, punctuation, accents and spacing", () => {
    expect(titleKey("OpenAI’s  New Model: Faster, Cheaper!")).toBe(titleKey("openai s new model faster cheaper"));
    expect(titleKey("Café déjà vu")).toBe("cafe deja vu");
  });

  it("is null for a title with no letters or digits", () => {
    expect(titleKey(" — !! ")).toBeNull();
  });
});
