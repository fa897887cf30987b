import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { NewsSources } from "../schema";
import { NewsSourcesNote } from "./news-sources-note";

/** The sentence the news pages show about their sources (docs/news.md, "Empty and degraded states"). */
describe("the news sources note", () => {
  const text = (sources: Partial<NewsSources>) =>
    renderToStaticMarkup(
      createElement(NewsSourcesNote, {
        sources: {
          total: 2,
          answering: 0,
          lastTriedAt: "2026-11-28T10:00:00.000Z",
          lastAnsweredAt: null,
          nextTryAt: null,
          isChecking: false,
          ...sources,
        },
      }),
    )
      .replace(/<[^>]+>/g, "")
      .replace(/\s+/g, " ");

  it("says one failing source could not be reached, and none of several could", () => {
    expect(text({ total: 1 })).toMatch(/^Our news source could not be reached when we last tried, /);
    expect(text({ total: 3 })).toMatch(/^None of our 3 news sources could be reached when we last tried, /);
  });

  it("counts the sources that answered", () => {
    expect(text({ total: 3, answering: 2 })).toMatch(/^2 of 3 sources answered when we last checked, /);
  });
});
