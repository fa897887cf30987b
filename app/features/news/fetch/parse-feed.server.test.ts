import { describe, expect, it } from "vitest";
import { FeedParseError, parseFeedDocument } from "./parse-feed.server";

const FEED_URL = "https://feeds.example.com/ai/feed.xml";

describe("parseFeedDocument", () => {
  it("reads RSS 2.0 with CDATA, entities, content:encoded and relative links", () => {
    const feed = parseFeedDocument(
      `<?xml version="1.0"?><rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel>
        <title>Lab &amp; Co</title><link>https://lab.example.com/</link><description>d</description>
        <item><title><![CDATA[Models & <em>agents</em>]]></title><link>/posts/1?utm_source=rss</link>
          <description>Teaser &lt;b&gt;bold&lt;/b&gt; &#8212; more</description>
          <content:encoded><![CDATA[<p>Full <strong>story</strong></p>]]></content:encoded>
          <pubDate>Tue, 10 Nov 2026 04:00:00 GMT</pubDate></item>
        <item><title>No date</title><link>https://lab.example.com/posts/2</link></item>
      </channel></rss>`,
      FEED_URL,
    );
    expect(feed.title).toBe("Lab & Co");
    expect(feed.items).toHaveLength(2);
    const [first, second] = feed.items;
    expect(first!.title).toBe("Models & agents");
    expect(first!.link).toBe("https://feeds.example.com/posts/1?utm_source=rss");
    expect(first!.teaserHtml).toBe("Teaser <b>bold</b> — more");
    expect(first!.contentHtml).toBe("<p>Full <strong>story</strong></p>");
    expect(first!.publishedAt?.toISOString()).toBe("2026-11-10T04:00:00.000Z");
    expect(second!.publishedAt).toBeNull();
  });

  it("reads RSS 1.0 (RDF) with dc:date", () => {
    const feed = parseFeedDocument(
      `<?xml version="1.0"?><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
        <channel rdf:about="https://r.example.com/"><title>RDF news</title><link>https://r.example.com/</link><description>d</description></channel>
        <item rdf:about="https://r.example.com/1"><title>RDF item</title><link>https://r.example.com/1</link><description>About it</description><dc:date>2026-11-02T08:30:00+01:00</dc:date></item>
      </rdf:RDF>`,
      FEED_URL,
    );
    expect(feed.title).toBe("RDF news");
    expect(feed.items[0]).toMatchObject({ title: "RDF item", link: "https://r.example.com/1", teaserHtml: "About it" });
    expect(feed.items[0]!.publishedAt?.toISOString()).toBe("2026-11-02T07:30:00.000Z");
  });

  it("reads Atom with xml:base, html titles and html content", () => {
    const feed = parseFeedDocument(
      `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://atom.example.com/blog/">
        <title type="html">Research &amp;lt;Blog&amp;gt;</title><id>x</id><updated>2026-11-01T00:00:00Z</updated>
        <entry><title type="html">Scaling &amp;amp; &lt;i&gt;safety&lt;/i&gt;</title><link rel="alternate" href="posts/scaling"/><id>1</id>
          <published>2026-11-01T10:00:00Z</published><updated>2026-11-02T00:00:00Z</updated>
          <summary>Short</summary><content type="html">&lt;p&gt;Long &lt;b&gt;content&lt;/b&gt;&lt;/p&gt;</content></entry>
        <entry><title>Text &amp; title</title><link href="https://other.example.com/x"/><id>2</id><updated>2026-11-03T00:00:00Z</updated></entry>
      </feed>`,
      FEED_URL,
    );
    expect(feed.title).toBe("Research <Blog>");
    expect(feed.items[0]).toMatchObject({
      title: "Scaling & safety",
      link: "https://atom.example.com/blog/posts/scaling",
      contentHtml: "<p>Long <b>content</b></p>",
      teaserHtml: "<p>Short</p>",
    });
    expect(feed.items[0]!.publishedAt?.toISOString()).toBe("2026-11-01T10:00:00.000Z");
    expect(feed.items[1]).toMatchObject({ title: "Text & title", link: "https://other.example.com/x" });
    expect(feed.items[1]!.publishedAt?.toISOString()).toBe("2026-11-03T00:00:00.000Z");
  });

  it("reads JSON Feed", () => {
    const feed = parseFeedDocument(
      JSON.stringify({
        version: "https://jsonfeed.org/version/1.1",
        title: "JSON AI",
        items: [
          { id: "1", url: "/j/1", title: "Json story", content_html: "<p>Body</p>", date_published: "2026-11-05T00:00:00Z" },
          { id: "2", content_text: "An untitled micro post about agents", date_published: "2026-11-06T00:00:00Z" },
        ],
      }),
      FEED_URL,
    );
    expect(feed.title).toBe("JSON AI");
    expect(feed.items[0]).toMatchObject({ title: "Json story", link: "https://feeds.example.com/j/1", contentHtml: "<p>Body</p>" });
    expect(feed.items[1]!.title).toBe("An untitled micro post about agents");
  });

  it("rejects documents that are not feeds", () => {
    expect(() => parseFeedDocument("<html><body>Service unavailable</body></html>", FEED_URL)).toThrow(FeedParseError);
    expect(() => parseFeedDocument("<<<not xml at all", FEED_URL)).toThrow(FeedParseError);
    expect(() => parseFeedDocument("", FEED_URL)).toThrow(FeedParseError);
  });

  it("rejects malformed XML (a truncated feed) with a parse error", () => {
    expect(() =>
      parseFeedDocument(`<rss version="2.0"><channel><title>T</title><item><title>Complete</title></item><item><title>Cut off`, FEED_URL),
    ).toThrow(FeedParseError);
  });

  it("takes only the newest maxItems items (undated ones count as newest), in the feed's order", () => {
    const item = (n: number, day?: number) =>
      `<item><title>Story ${n}</title><link>https://lab.example.com/${n}</link>${day ? `<pubDate>${new Date(Date.UTC(2026, 10, day)).toUTCString()}</pubDate>` : ""}</item>`;
    // An archive, oldest first, with one undated item among the old ones.
    const feed = parseFeedDocument(
      `<rss version="2.0"><channel><title>Archive</title>${item(1, 1)}${item(2)}${item(3, 2)}${item(4, 9)}${item(5, 5)}${item(6, 8)}</channel></rss>`,
      FEED_URL,
      { maxItems: 3 },
    );
    expect(feed.items.map((entry) => entry.title)).toEqual(["Story 2", "Story 4", "Story 6"]);
  });
});
