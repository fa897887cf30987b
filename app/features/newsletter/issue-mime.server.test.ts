import { buffer } from "node:stream/consumers";
import { simpleParser } from "mailparser";
import MailComposer from "nodemailer/lib/mail-composer";
import { describe, expect, it } from "vitest";
import { compileIssueParts, fillIssueParts } from "./issue-mime.server";

const PLACEHOLDER = "https://nordlys.invalid/__NEWSLETTER_UNSUBSCRIBE_URL__";

/** A whole message as nodemailer builds it from the prepared parts, parsed back by a mail client's parser. */
async function roundTrip(issue: { html: string; text: string }, url: string) {
  const parts = fillIssueParts(compileIssueParts(issue, PLACEHOLDER), url);
  const raw = await new MailComposer({
    from: "news@nordlys.example",
    to: "reader@example.com",
    subject: "AI news",
    text: { raw: parts.text },
    html: { raw: parts.html },
  })
    .compile()
    .build();
  return { raw: raw.toString("latin1"), parsed: await simpleParser(raw) };
}

const lf = (value: string) => value.replace(/\r\n/g, "\n");

describe("the issue's MIME parts, encoded once and personalised per recipient", () => {
  const longLine = `<html><body><p style="color:#333;margin:0">${"Grüße, café & naïve — ".repeat(40)}</p>`;
  const cases: Array<[string, { html: string; text: string }]> = [
    [
      "a long single-line HTML body and a text body with line breaks",
      {
        html: `${longLine}<a href="${PLACEHOLDER}" style="color:#555">Unsubscribe</a> with one click.</body></html>`,
        text: `AI news\n\nA story: ${"words ".repeat(30)}\n\nUnsubscribe: ${PLACEHOLDER}\n`,
      },
    ],
    [
      "the link at the very start and end, twice, and next to spaces and non-ASCII text",
      {
        html: `${PLACEHOLDER}${longLine} é ${PLACEHOLDER} ${"x".repeat(73)}=${PLACEHOLDER}`,
        text: `${PLACEHOLDER} \n é${PLACEHOLDER}\t`,
      },
    ],
    ["no link at all", { html: longLine, text: "Just text, no link." }],
  ];

  for (const [name, issue] of cases) {
    it(`decodes to the issue with the recipient's link: ${name}`, async () => {
      for (const url of [
        "https://nordlys.example/unsubscribe?token=AQJYbccI_9tO0oBHEI_Q9oBtawGMlBAd9-o_BnsLx8hTHcC0Z6w",
        `https://news.example.org/${"deep/".repeat(30)}unsubscribe?token=x=y&z=1`,
        "http://a.b/?t=1",
      ]) {
        const { raw, parsed } = await roundTrip(issue, url);
        expect(lf(String(parsed.html))).toBe(lf(issue.html.replaceAll(PLACEHOLDER, url)));
        expect(lf(parsed.text ?? "").trimEnd()).toBe(lf(issue.text.replaceAll(PLACEHOLDER, url)).trimEnd());
        expect(raw).toContain("Content-Type: multipart/alternative");
        // RFC 2045: encoded lines of at most 76 characters (RFC 5322's limit is 998).
        for (const line of raw.split("\r\n")) expect(line.length, line).toBeLessThanOrEqual(76);
      }
    });
  }

  it("keeps every line within 76 characters whatever the length of the text around the link", async () => {
    for (let length = 70; length <= 80; length++) {
      const body = `${"x".repeat(length)}${PLACEHOLDER}${"y".repeat(length)}`;
      const url = `https://nordlys.example/unsubscribe?token=${"t".repeat(length)}`;
      const { raw, parsed } = await roundTrip({ html: body, text: body }, url);
      expect(String(parsed.html)).toBe(body.replace(PLACEHOLDER, url));
      for (const line of raw.split("\r\n")) expect(line.length, line).toBeLessThanOrEqual(76);
    }
  });

  it("starts no line with a dot, so the SMTP client has nothing to dot-stuff (and copy)", async () => {
    const dotty = {
      html: `${". ".repeat(300)}<a href="${PLACEHOLDER}">x</a>${"a.".repeat(200)}`,
      text: `.first\n${"..".repeat(200)}\n${PLACEHOLDER}\n.last`,
    };
    const url = `https://nordlys.example/${".".repeat(150)}/unsubscribe?token=t`;
    const parts = fillIssueParts(compileIssueParts(dotty, PLACEHOLDER), url);
    for (const stream of [parts.text, parts.html]) {
      expect((await buffer(stream)).toString("latin1")).not.toMatch(/^\./m);
    }
    const { raw, parsed } = await roundTrip(dotty, url);
    expect(String(parsed.html)).toBe(dotty.html.replace(PLACEHOLDER, url));
    expect(lf(parsed.text ?? "").trimEnd()).toBe(dotty.text.replace(PLACEHOLDER, url));
    for (const line of raw.split("\r\n")) expect(line.length, line).toBeLessThanOrEqual(76);
  });

  it("gives each recipient only their own link, from one template", async () => {
    const template = compileIssueParts(cases[0]![1], PLACEHOLDER);
    const read = async (stream: NodeJS.ReadableStream) => (await buffer(stream)).toString("latin1");
    const ada = fillIssueParts(template, "https://nordlys.example/unsubscribe?token=ADA");
    const bob = fillIssueParts(template, "https://nordlys.example/unsubscribe?token=BOB");
    const [adaHtml, adaText, bobHtml, bobText] = await Promise.all([read(ada.html), read(ada.text), read(bob.html), read(bob.text)]);
    expect(adaHtml).toContain("token=3DADA");
    expect(adaText).toContain("token=3DADA");
    expect(adaHtml + adaText).not.toContain("BOB");
    expect(bobHtml).toContain("token=3DBOB");
    expect(bobHtml + bobText).not.toContain("ADA");
    // The template itself is untouched: a third recipient gets a clean copy.
    const eve = await read(fillIssueParts(template, "https://nordlys.example/unsubscribe?token=EVE").html);
    expect(eve).toContain("token=3DEVE");
    expect(eve).not.toMatch(/ADA|BOB/);
  });
});
