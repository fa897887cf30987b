import { describe, expect, it } from "vitest";
import {
  classifyHref,
  modelTextToLine,
  modelTextToPlain,
  parseModelText,
  stripModelMarkup,
  tokenizeModelText,
  truncateModelTokens,
  type LinkKind,
  type ModelToken,
} from "./model-text";

const ORIGIN = "https://nordlys.studio";

const text = (text: string): ModelToken => ({ type: "text", text });
const bold = (...children: ModelToken[]): ModelToken => ({ type: "bold", children });
const italic = (...children: ModelToken[]): ModelToken => ({ type: "italic", children });
const link = (text: string, href: string, kind: LinkKind = "internal"): ModelToken => ({ type: "link", text, href, kind });

describe("tokenizeModelText", () => {
  it("finds bold text and links, and leaves everything else as text", () => {
    expect(
      tokenizeModelText("We build **AI apps**. See [our services](/services) or [OpenAI](https://openai.com/research).", ORIGIN),
    ).toEqual([
      text("We build "),
      bold(text("AI apps")),
      text(". See "),
      link("our services", "/services"),
      text(" or "),
      link("OpenAI", "https://openai.com/research", "external"),
      text("."),
    ]);
  });

  it("reads a news summary's Markdown: bold and a site link", () => {
    expect(tokenizeModelText("**Big** news, see [services](/services)", ORIGIN)).toEqual([
      bold(text("Big")),
      text(" news, see "),
      link("services", "/services"),
    ]);
  });

  it("keeps HTML as text: nothing is ever markup", () => {
    const html = '<img src=x onerror="alert(1)"><script>alert(2)</script> `code` <a href="javascript:alert(3)">x</a>';
    expect(tokenizeModelText(html, ORIGIN)).toEqual([text(html)]);
    expect(tokenizeModelText("**<b>bold</b>**", ORIGIN)).toEqual([bold(text("<b>bold</b>"))]);
  });

  it("reads italics with stars or underscores, but not inside words, around spaces or in arithmetic", () => {
    expect(tokenizeModelText("*really* _new_ and __also bold__", ORIGIN)).toEqual([
      italic(text("really")),
      text(" "),
      italic(text("new")),
      text(" and "),
      bold(text("also bold")),
    ]);
    expect(tokenizeModelText("snake_case_name, 5 * 3 * 2, a * b", ORIGIN)).toEqual([text("snake_case_name, 5 * 3 * 2, a * b")]);
  });

  it("nests italics and links in bold and bold in italics", () => {
    expect(tokenizeModelText("**a *b* [c](/c)** and *x **y** z*", ORIGIN)).toEqual([
      bold(text("a "), italic(text("b")), text(" "), link("c", "/c")),
      text(" and "),
      italic(text("x "), bold(text("y")), text(" z")),
    ]);
    // A link's label is text: its own markers are read, never a link inside a link.
    expect(tokenizeModelText("[**Big** news](/ai-news)", ORIGIN)).toEqual([link("Big news", "/ai-news")]);
  });

  it("leaves unclosed and unbalanced markers as their characters", () => {
    expect(tokenizeModelText("**Big news", ORIGIN)).toEqual([text("**Big news")]);
    expect(tokenizeModelText("** not bold **", ORIGIN)).toEqual([text("** not bold **")]);
    expect(tokenizeModelText("**a** **b", ORIGIN)).toEqual([bold(text("a")), text(" **b")]);
    expect(tokenizeModelText("*half", ORIGIN)).toEqual([text("*half")]);
    expect(tokenizeModelText("[unclosed](/services and [x]", ORIGIN)).toEqual([text("[unclosed](/services and [x]")]);
  });

  it("turns javascript:, data: and other schemes into their plain label", () => {
    // With parentheses in the URL the link syntax does not match at all: the whole thing stays text.
    expect(tokenizeModelText("[click](javascript:alert(1))", ORIGIN)).toEqual([text("[click](javascript:alert(1))")]);
    const tokens = tokenizeModelText(
      "[x](javascript:void0) [img](data:text/html;base64,PHNjcmlwdD4=) [f](file:///etc/passwd) [v](vbscript:msgbox) [j](JavaScript:void0)",
      ORIGIN,
    );
    expect(tokens).toEqual([text("x img f v j")]);
  });

  it("links this site's absolute URLs in-app, and treats //host and relative paths as not internal", () => {
    expect(
      tokenizeModelText(
        "[a](https://nordlys.studio/projects/lawsecai?x=1#top) [b](//evil.example/x) [c](/\\evil.example) [d](contact)",
        ORIGIN,
      ),
    ).toEqual([link("a", "/projects/lawsecai?x=1#top"), text(" b c d")]);
  });

  it("allows mailto links and bold around links", () => {
    expect(tokenizeModelText("**Write [us](mailto:hello@nordlys.studio)** or ** not bold", ORIGIN)).toEqual([
      bold(text("Write "), link("us", "mailto:hello@nordlys.studio", "mailto")),
      text(" or ** not bold"),
    ]);
  });
});

describe("parseModelText", () => {
  it("finds paragraphs, bullet and numbered lists, and headings as bold lines", () => {
    const source = "## Agenda\nFirst line\nsecond line\n\n- call **Anna**\n* send the invoice\n  (today)\n\n1. one\n2) two\nAfter.";
    expect(parseModelText(source, ORIGIN)).toEqual([
      { type: "paragraph", children: [bold(text("Agenda"))] },
      { type: "paragraph", children: [text("First line\nsecond line")] },
      {
        type: "list",
        ordered: false,
        items: [[text("call "), bold(text("Anna"))], [text("send the invoice (today)")]],
      },
      { type: "list", ordered: true, items: [[text("one")], [text("two")]] },
      { type: "paragraph", children: [text("After.")] },
    ]);
  });
});

describe("modelTextToPlain", () => {
  it("strips the markup; in a text e-mail links keep their address after the label", () => {
    const source =
      "**Big** news, see [services](/services) and [OpenAI](https://openai.com/). [x](javascript:alert(1)) [us](mailto:hi@nordlys.studio)";
    expect(modelTextToPlain(source, { siteUrl: ORIGIN })).toBe(
      "Big news, see services (https://nordlys.studio/services) and OpenAI (https://openai.com/). [x](javascript:alert(1)) us (hi@nordlys.studio)",
    );
    expect(modelTextToLine(source)).toBe("Big news, see services and OpenAI. [x](javascript:alert(1)) us");
    // For a feed: the markup goes, every other character stays.
    expect(stripModelMarkup("**Big**\tnews,\n\n see [services](/services)")).toBe("Big\tnews,\n\n see services");
  });

  it("keeps lists and paragraphs as lines", () => {
    expect(modelTextToPlain("Do this:\n\n- *call* Anna\n- book [flights](https://example.com)", { siteUrl: ORIGIN })).toBe(
      "Do this:\n\n- call Anna\n- book flights (https://example.com/)",
    );
    expect(modelTextToLine("Do this:\n\n- call Anna\n- book")).toBe("Do this: - call Anna - book");
  });
});

describe("truncateModelTokens", () => {
  it("cuts what a reader sees at a word, keeping bold and links around what is kept", () => {
    const tokens = tokenizeModelText("**Big** news, see [our services page](/services) for more", ORIGIN);
    expect(truncateModelTokens(tokens, 100)).toBe(tokens);
    expect(truncateModelTokens(tokens, 24)).toEqual([bold(text("Big")), text(" news, see "), link("our", "/services"), text("…")]);
    expect(truncateModelTokens(tokenizeModelText("Supercalifragilistic", ORIGIN), 6)).toEqual([text("Super…")]);
  });
});

describe("classifyHref", () => {
  it("only allows site paths, http(s) and mailto", () => {
    expect(classifyHref("/contact")).toEqual({ kind: "internal", href: "/contact" });
    expect(classifyHref("http://example.com")).toEqual({ kind: "external", href: "http://example.com/" });
    expect(classifyHref(" javascript:alert(1)")).toBeUndefined();
    expect(classifyHref("data:text/html,hi")).toBeUndefined();
  });
});
