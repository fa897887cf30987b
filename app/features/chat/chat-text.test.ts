import { describe, expect, it } from "vitest";
import { classifyHref, tokenizeChatText } from "./chat-text.ts";

const ORIGIN = "https://nordlys.studio";

describe("tokenizeChatText", () => {
  it("finds bold text and links, and leaves everything else as text", () => {
    expect(tokenizeChatText("We build **AI apps**. See [our services](/services) or [OpenAI](https://openai.com/research).", ORIGIN)).toEqual([
      { type: "text", text: "We build " },
      { type: "bold", children: [{ type: "text", text: "AI apps" }] },
      { type: "text", text: ". See " },
      { type: "link", text: "our services", href: "/services", kind: "internal" },
      { type: "text", text: " or " },
      { type: "link", text: "OpenAI", href: "https://openai.com/research", kind: "external" },
      { type: "text", text: "." },
    ]);
  });

  it("keeps HTML as text: nothing is ever markup", () => {
    const text = '<img src=x onerror="alert(1)"><script>alert(2)</script> *single* __under__ `code`';
    expect(tokenizeChatText(text, ORIGIN)).toEqual([{ type: "text", text }]);
  });

  it("turns javascript:, data: and other schemes into their plain label", () => {
    // With parentheses in the URL the link syntax does not match at all: the whole thing stays text.
    expect(tokenizeChatText("[click](javascript:alert(1))", ORIGIN)).toEqual([{ type: "text", text: "[click](javascript:alert(1))" }]);
    const tokens = tokenizeChatText("[x](javascript:void0) [img](data:text/html;base64,PHNjcmlwdD4=) [f](file:///etc/passwd) [v](vbscript:msgbox)", ORIGIN);
    expect(tokens).toEqual([{ type: "text", text: "x img f v" }]);
  });

  it("links this site's absolute URLs in-app, and treats //host and relative paths as not internal", () => {
    expect(tokenizeChatText("[a](https://nordlys.studio/projects/lawsecai?x=1#top) [b](//evil.example/x) [c](/\\evil.example) [d](contact)", ORIGIN)).toEqual([
      { type: "link", text: "a", href: "/projects/lawsecai?x=1#top", kind: "internal" },
      { type: "text", text: " b c d" },
    ]);
  });

  it("allows mailto links, bold around links, and unbalanced markers as text", () => {
    expect(tokenizeChatText("**Write [us](mailto:hello@nordlys.studio)** or ** not bold", ORIGIN)).toEqual([
      { type: "bold", children: [{ type: "text", text: "Write " }, { type: "link", text: "us", href: "mailto:hello@nordlys.studio", kind: "mailto" }] },
      { type: "text", text: " or ** not bold" },
    ]);
    expect(tokenizeChatText("[unclosed](/services and [x]", ORIGIN)).toEqual([{ type: "text", text: "[unclosed](/services and [x]" }]);
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
