import { describe, expect, it } from "vitest";
import { extractArticle, htmlToText, sanitizeArticleHtml } from "./html.server";

describe("sanitizeArticleHtml", () => {
  const dirty = `
    <h1>Headline</h1>
    <p onclick="steal()" style="color:red">Hello <a href="/post/2" onmouseover="x()">relative</a>
      <a href="javascript:alert(1)">js</a> <a href="data:text/html,<script>alert(1)</script>">data</a></p>
    <img src="/img/a.png" onerror="alert(1)" alt="A chart">
    <img src="data:image/png;base64,AAAA" alt="inline">
    <script>alert("xss")</script><style>body{display:none}</style>
    <iframe src="https://evil.example/"></iframe>
    <form action="https://evil.example/"><input name="q"></form>
    <svg><script>alert(2)</script></svg>
    <a href="https://ex.com/x" target="_self" rel="opener">absolute</a>`;
  const clean = sanitizeArticleHtml(dirty, "https://news.example.com/blog/story");

  it("removes scripts, styles, frames, forms and every event handler", () => {
    expect(clean).not.toMatch(/<script|<style|<iframe|<form|<input|<svg/i);
    expect(clean).not.toMatch(/\son\w+=/i);
    expect(clean).not.toMatch(/style=/i);
    expect(clean).not.toContain("alert");
    expect(clean).not.toContain("display:none");
  });

  it("drops javascript: and data: URLs", () => {
    expect(clean).not.toMatch(/javascript:/i);
    expect(clean).not.toMatch(/data:/i);
    expect(clean).not.toContain("inline");
  });

  it("resolves relative links and images against the story URL", () => {
    expect(clean).toContain('href="https://news.example.com/post/2"');
    expect(clean).toContain('src="https://news.example.com/img/a.png"');
  });

  it("makes every link open in a new tab with rel=noopener noreferrer nofollow", () => {
    const anchors = [...clean.matchAll(/<a\b[^>]*>/g)].map((m) => m[0]);
    expect(anchors.length).toBeGreaterThan(0);
    for (const anchor of anchors) {
      expect(anchor).toContain('rel="noopener noreferrer nofollow"');
      expect(anchor).toContain('target="_blank"');
    }
  });

  it("turns h1 into h2 and keeps ordinary formatting", () => {
    expect(clean).toContain("<h2>Headline</h2>");
    expect(sanitizeArticleHtml("<p><strong>B</strong> <em>I</em></p><ul><li>x</li></ul>")).toBe(
      "<p><strong>B</strong> <em>I</em></p><ul><li>x</li></ul>",
    );
  });
});

describe("htmlToText", () => {
  it("decodes entities, drops markup and scripts, keeps block breaks as spaces", () => {
    expect(htmlToText("<p>Hello &amp; <b>bye</b></p><p>It&#8217;s&nbsp;here</p><script>evil()</script>")).toBe("Hello & bye It’s here");
  });
});

describe("extractArticle", () => {
  it("finds the main text of a page and sanitises it", () => {
    const paragraph = "A long paragraph about a new language model and what it means for developers and researchers alike.";
    const page = `<html><head><title>Big news</title></head><body><nav>Home About Blog</nav>
      <article><h1>Big news</h1>${`<p>${paragraph}</p>`.repeat(6)}<p><img src="x.png" onerror="alert(1)"></p><script>evil()</script></article>
      <footer>Footer links</footer></body></html>`;
    const article = extractArticle(page, "https://ex.com/2026/big-news");
    expect(article).not.toBeNull();
    expect(article!.text).toContain(paragraph);
    expect(article!.text).not.toContain("Footer links");
    expect(article!.html).not.toMatch(/<script|onerror|evil/);
  });

  it("returns null for a page without an article", () => {
    expect(extractArticle("<html><body><p>Hi</p></body></html>", "https://ex.com/")).toBeNull();
  });
});
