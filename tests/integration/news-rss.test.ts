import { parseHTML } from "linkedom";
import { SaxesParser } from "saxes";
import { beforeAll, describe, expect, it } from "vitest";
import { aiNews } from "~/.server/db/tables";
import { resetEnvForTests } from "~/.server/env";
import { buildNewsRss } from "~/features/news/read/news-rss.server";
import type { NewsArticle } from "~/features/news/schema";
import { loader as rssLoader } from "~/routes/ai-news-rss";
import { setupTestDatabase } from "../support/database";
import { restoreEnvAfterAll } from "../support/process-env";

/**
 * /ai-news/rss.xml carries text as text: a strict XML 1.0 parser (saxes)
 * reads the document whatever characters the stored stories hold, and each
 * title and description, once the XML is decoded, is HTML-escaped text, so a
 * reader rendering it as HTML shows the story's words, never live markup.
 */
const database = setupTestDatabase();
const PUBLIC_URL = "https://nordlys.test";
restoreEnvAfterAll();

beforeAll(() => {
  process.env.PUBLIC_URL = PUBLIC_URL;
  resetEnvForTests();
});

type RssItem = { title: string; description: string; link: string; source: string; sourceUrl: string | undefined };

/** Reads the feed with a strict XML parser; any well-formedness error fails the test. */
function readRss(xml: string): { items: RssItem[] } {
  const parser = new SaxesParser({ xmlns: false });
  const errors: string[] = [];
  const items: RssItem[] = [];
  const stack: string[] = [];
  let item: RssItem | null = null;
  let text = "";
  parser.on("error", (error) => errors.push(error.message));
  parser.on("opentag", (tag) => {
    stack.push(tag.name);
    text = "";
    if (tag.name === "item") item = { title: "", description: "", link: "", source: "", sourceUrl: undefined };
    if (tag.name === "source" && item) item.sourceUrl = tag.attributes.url as string | undefined;
  });
  parser.on("text", (chunk) => (text += chunk));
  parser.on("cdata", (chunk) => (text += chunk));
  parser.on("closetag", (tag) => {
    stack.pop();
    if (tag.name === "item" && item) {
      items.push(item);
      item = null;
    } else if (
      item &&
      stack.at(-1) === "item" &&
      (tag.name === "title" || tag.name === "description" || tag.name === "link" || tag.name === "source")
    ) {
      // Readers trim the whitespace the generator puts around CDATA sections.
      item[tag.name] = text.trim();
    }
    text = "";
  });
  parser.write(xml).close();
  expect(errors).toEqual([]);
  return { items };
}

/** What a reader shows for an HTML field: its text, and whether it holds elements. */
function asReaderShows(html: string): { text: string; elements: number } {
  const { document } = parseHTML(`<!doctype html><html><body><div id="field">${html}</div></body></html>`);
  const field = document.getElementById("field")!;
  return { text: field.textContent ?? "", elements: field.querySelectorAll("*").length };
}

const hostile = {
  script: "Why <script>alert(1)</script> tags still matter",
  markup: "Use <b>bold</b> & <i>care</i>, \"quotes\" and 'apostrophes' & &amp; entities",
  cdata: "CDATA ends with ]]> here, and ]]]]> there",
  controls: "Controls\u0001 and\u000B tabs\tand \uFFFE nonchar \uFFFF end",
};

describe("GET /ai-news/rss.xml", () => {
  it("is well-formed XML and carries markup-like text escaped, as text", async () => {
    const now = Date.now();
    await database.current.db.insert(aiNews).values([
      {
        title: hostile.script,
        summary: hostile.markup,
        source: "Wire & <Co>",
        sourceUrl: "https://wire.example/a?b=1&c=<2>",
        publishedAt: new Date(now - 1_000),
      },
      { title: hostile.cdata, summary: hostile.controls, source: "Plain", sourceUrl: null, publishedAt: new Date(now - 2_000) },
      { title: "Lone \ud800 surrogate \udfff story", summary: "Fine.", source: "Plain", publishedAt: new Date(now - 3_000) },
    ]);
    const response = await rssLoader();
    expect(response.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    const { items } = readRss(await response.text());
    expect(items).toHaveLength(3);
    const [script, cdata, surrogate] = items as [RssItem, RssItem, RssItem];

    expect(script.title).toBe("Why &lt;script&gt;alert(1)&lt;/script&gt; tags still matter");
    expect(asReaderShows(script.title)).toEqual({ text: hostile.script, elements: 0 });
    expect(script.description).toBe(
      "Use &lt;b&gt;bold&lt;/b&gt; &amp; &lt;i&gt;care&lt;/i&gt;, &quot;quotes&quot; and &#39;apostrophes&#39; &amp; &amp;amp; entities",
    );
    expect(asReaderShows(script.description)).toEqual({ text: hostile.markup, elements: 0 });
    expect(asReaderShows(script.source).text).toBe("Wire & <Co>");
    expect(script.sourceUrl).toBe("https://wire.example/a?b=1&c=<2>");
    expect(script.link).toMatch(/^https:\/\/nordlys\.test\/ai-news\/[0-9a-f-]{36}$/);

    expect(asReaderShows(cdata.title)).toEqual({ text: hostile.cdata, elements: 0 });
    expect(asReaderShows(cdata.description).text).toBe("Controls and tabs\tand  nonchar  end");
    expect(asReaderShows(surrogate.title).text).toBe("Lone \ufffd surrogate \ufffd story");
  });

  it("stays well-formed with characters no database row can hold (NUL) and lone surrogates", () => {
    const article: NewsArticle = {
      id: "0d3c5c52-6c5e-4a57-9a55-1f2f8d1b5e1a",
      title: "Nul\u0000 and \ud83d half an emoji <b>and</b> ]]>",
      summary: "Every C0: " + Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)).join("") + " done",
      fullContent: "",
      source: "Src\u0000",
      sourceUrl: "https://src.example/\u0000x",
      publishedAt: new Date().toISOString(),
    };
    const { items } = readRss(buildNewsRss({ news: [article], publicUrl: PUBLIC_URL, siteName: "Nordlys Studio" }));
    expect(asReaderShows(items[0]!.title)).toEqual({ text: "Nul and \ufffd half an emoji <b>and</b> ]]>", elements: 0 });
    // XML turns a carriage return into a line feed.
    expect(asReaderShows(items[0]!.description).text).toBe("Every C0: \t\n\n done");
    expect(items[0]!.sourceUrl).toBe("https://src.example/x");
  });

  it("gives a summary a model wrote in Markdown as plain text, without asterisks or link syntax", () => {
    const article: NewsArticle = {
      id: "6f1d2b9e-3c4a-4e5f-8a7b-9c0d1e2f3a4b",
      title: "Markdown summary",
      summary: "**Big** news, see [services](/services) and [this](javascript:void0)",
      fullContent: "",
      source: "Src",
      sourceUrl: null,
      publishedAt: new Date().toISOString(),
    };
    const { items } = readRss(buildNewsRss({ news: [article], publicUrl: PUBLIC_URL, siteName: "Nordlys Studio" }));
    expect(asReaderShows(items[0]!.description)).toEqual({ text: "Big news, see services and this", elements: 0 });
  });
});
