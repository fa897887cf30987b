import { describe, expect, it } from "vitest";
import { parseSeoAnswer, partialSeo, trimAtWordBoundary, trimToSeoLimits } from "./seo-output";

describe("trimAtWordBoundary", () => {
  it("leaves text within the limit alone", () => {
    expect(trimAtWordBoundary("Short title", 60)).toBe("Short title");
    expect(trimAtWordBoundary("x".repeat(60), 60)).toHaveLength(60);
  });

  it("cuts between words and drops dangling punctuation", () => {
    expect(trimAtWordBoundary("Remote work tools, ranked and reviewed for teams", 30)).toBe("Remote work tools, ranked and");
    expect(trimAtWordBoundary("Alpha beta gamma, delta epsilon", 18)).toBe("Alpha beta gamma");
  });

  it("uses a hard cut when the only boundary would lose most of the text", () => {
    expect(trimAtWordBoundary("Hi Supercalifragilisticexpialidocious", 20)).toBe("Hi Supercalifragilis");
  });

  it("keeps the result within both SEO limits", () => {
    const trimmed = trimToSeoLimits({ title: "word ".repeat(30), description: "longer words ".repeat(30) });
    expect(trimmed.title.length).toBeLessThanOrEqual(60);
    expect(trimmed.description.length).toBeLessThanOrEqual(160);
    expect(trimmed.title.endsWith("word")).toBe(true);
  });
});

describe("parseSeoAnswer", () => {
  it("reads the JSON object out of fences and prose, tidying whitespace and quotes", () => {
    expect(parseSeoAnswer('Here you go:\n```json\n{"title": " \\"Fast  Tips\\" ", "description": "Line one\\nline two"}\n```')).toEqual({
      title: "Fast Tips",
      description: "Line one line two",
    });
  });

  it("gives up on answers without both fields", () => {
    expect(parseSeoAnswer("no json here")).toBeUndefined();
    expect(parseSeoAnswer('{"title": "Only a title"}')).toBeUndefined();
    expect(parseSeoAnswer('{"title": "", "description": "x"}')).toBeUndefined();
  });
});

describe("partialSeo", () => {
  it("keeps only the string fields found so far", () => {
    expect(partialSeo({ title: "Remote" })).toEqual({ title: "Remote" });
    expect(partialSeo({ other: 1 })).toBeUndefined();
    expect(partialSeo(undefined)).toBeUndefined();
  });
});
