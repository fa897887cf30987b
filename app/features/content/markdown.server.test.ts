import { describe, expect, it } from "vitest";
import { blocks } from "./form-text";
import { CONTENT_TYPES } from "./content-types";
import { markdownPreview, proseMapOf, proseOf } from "./markdown.server";

describe("long text in Markdown", () => {
  it("leaves a plain paragraph to the page as it is, so the site's first content renders as before", () => {
    expect(proseOf("Plain text, with a 'quote', 3 < 4 & more.")).toBeNull();
    for (const [type, info] of Object.entries(CONTENT_TYPES))
      for (const item of info.initial) expect(proseMapOf(type as keyof typeof CONTENT_TYPES, item), type).toEqual({});
  });

  it("renders headings, lists, links, emphasis and code", () => {
    expect(proseOf("## What we built")).toEqual([{ tag: "h3", html: "What we built" }]);
    expect(proseOf("### Step *one*")).toEqual([{ tag: "h4", html: "Step <em>one</em>" }]);
    expect(proseOf("- first\n- **second**")).toEqual([{ tag: "ul", html: "<li>first</li>\n<li><strong>second</strong></li>" }]);
    expect(proseOf("1. a\n2. b")).toEqual([{ tag: "ol", html: "<li>a</li>\n<li>b</li>" }]);
    expect(proseOf("See [the case](/projects/lawsecai), [docs](https://example.com) and `npm start`.")).toEqual([
      {
        tag: "p",
        html: 'See <a href="/projects/lawsecai">the case</a>, <a href="https://example.com" rel="noopener noreferrer">docs</a> and <code>npm start</code>.',
      },
    ]);
    expect(proseOf("```\nconst a = <b>;\n```")).toEqual([{ tag: "pre", html: "const a = &lt;b&gt;;" }]);
  });

  it("drops HTML written in the text and links that are not web, mail or site addresses", () => {
    expect(proseOf("<img src=x onerror=alert(1)> **bold**")).toEqual([{ tag: "p", html: "<strong>bold</strong>" }]);
    expect(proseOf("[click](javascript:alert(1)) and [data](data:text/html;base64,PHNjcmlwdD4=)")).toEqual([
      { tag: "p", html: "click and data" },
    ]);
    expect(proseOf("- <script>alert(1)</script>ok")).toEqual([{ tag: "ul", html: "<li>ok</li>" }]);
    expect(JSON.stringify(proseOf('<a href="https://x" onclick="alert(1)">x</a> *y*'))).not.toContain("onclick");
  });

  it("keeps a list's lines when the editor's text is split into paragraphs", () => {
    expect(blocks("Intro line\n\n- one  \n- two\n\n\nEnd")).toEqual(["Intro line", "- one\n- two", "End"]);
  });

  it("maps the long text of an item by field and paragraph, for the page's ProseProvider", () => {
    const reference = structuredClone(CONTENT_TYPES.references.initial[0]!);
    reference.sections[1]!.paragraphs.push("- a list item\n- another");
    expect(proseMapOf("references", reference)).toEqual({
      "sections.1.paragraphs": { "2": [{ tag: "ul", html: "<li>a list item</li>\n<li>another</li>" }] },
    });
    expect(markdownPreview(["Plain & simple", "*x*"])).toEqual([
      [{ tag: "p", html: "Plain &amp; simple" }],
      [{ tag: "p", html: "<em>x</em>" }],
    ]);
  });
});
