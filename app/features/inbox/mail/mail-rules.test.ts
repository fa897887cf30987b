import { afterEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "~/.server/env";
import { contentDisposition } from "./attachment-download.server";
import { autoReplyReason } from "./auto-reply";
import { safeFilename } from "./import-mail.server";
import { replySubject, replyTextToHtml } from "./reply-text";
import { sanitizeMailHtml } from "./sanitize-mail-html.server";
import { newReplyMessageId, replyToAddress, tokenFromAddress, tokenFromMessageId } from "./thread-address.server";

const savedEnv = { ...process.env };
afterEach(() => {
  process.env = { ...savedEnv };
  resetEnvForTests();
});

function useEnv(env: Record<string, string>) {
  process.env = { ...savedEnv, INBOX_REPLY_TO: "", INBOX_PLUS_ADDRESSING: "", MAIL_TO_STUDIO: "", MAIL_FROM: "", ...env };
  resetEnvForTests();
}

const token = "0123456789abcdef0123456789abcdef";

describe("thread addresses", () => {
  it("puts the thread token in our Message-ID at MAIL_FROM's domain, and reads it back", () => {
    useEnv({ MAIL_FROM: "Nordlys <Studio@Nordlys.Test>" });
    const id = newReplyMessageId(token);
    expect(id).toMatch(new RegExp(`^<r\\.${token}\\.[0-9a-f]{12}@nordlys\\.test>$`));
    expect(tokenFromMessageId(id)).toBe(token);
    expect(tokenFromMessageId("<CAF=abc@mail.gmail.com>")).toBeNull();
  });

  it("plus-addresses the Reply-To only when INBOX_PLUS_ADDRESSING is on; INBOX_REPLY_TO falls back to MAIL_TO_STUDIO", () => {
    useEnv({ MAIL_TO_STUDIO: "hello@nordlys.test" });
    expect(replyToAddress(token)).toBe("hello@nordlys.test");
    useEnv({ MAIL_TO_STUDIO: "hello@nordlys.test", INBOX_REPLY_TO: "studio+old@nordlys.test", INBOX_PLUS_ADDRESSING: "true" });
    expect(replyToAddress(token)).toBe(`studio+${token}@nordlys.test`);
    expect(tokenFromAddress(`Studio+${token.toUpperCase()}@nordlys.test`)).toBe(token);
    expect(tokenFromAddress("studio+news@nordlys.test")).toBeNull();
  });
});

describe("automatic mail", () => {
  const reason = (headers: Record<string, string>) => autoReplyReason((name) => headers[name]);
  it("recognises auto-replies, bulk and list mail, and leaves a person's own mail alone", () => {
    expect(reason({ "auto-submitted": "auto-replied" })).toBe("Auto-Submitted: auto-replied");
    expect(reason({ "auto-submitted": "no" })).toBeNull();
    expect(reason({ precedence: "Bulk" })).toBe("Precedence: bulk");
    expect(reason({ precedence: "first-class" })).toBeNull();
    expect(reason({ "list-id": "<news.example.org>" })).toBe("List-Id");
    expect(reason({ "x-autoreply": "yes" })).toBe("X-Autoreply");
    expect(reason({})).toBeNull();
  });
});

describe("what is sent and kept", () => {
  it("the reply's HTML part escapes the text and links its URLs", () => {
    const html = replyTextToHtml("Hi <b>Ada</b> & co,\n\nsee https://nordlys.test/work?a=1&b=2.\nBye");
    expect(html).toContain("Hi &lt;b&gt;Ada&lt;/b&gt; &amp; co,");
    expect(html).toContain('<a href="https://nordlys.test/work?a=1&amp;b=2">https://nordlys.test/work?a=1&amp;b=2</a>.<br>');
    expect(replySubject("Re: Hello")).toBe("Re: Hello");
    expect(replySubject("Hello")).toBe("Re: Hello");
  });

  it("incoming HTML loses scripts, styles, handlers, images and javascript: links", () => {
    const clean = sanitizeMailHtml(
      '<p onclick="x()">Hi<script>alert(1)</script><style>p{}</style><img src="https://t.example/p.gif"><a href="javascript:alert(1)">a</a><a href="https://ok.example">b</a></p>',
    );
    expect(clean).toBe(
      '<p>Hi<a rel="noopener noreferrer nofollow" target="_blank">a</a><a href="https://ok.example" rel="noopener noreferrer nofollow" target="_blank">b</a></p>',
    );
  });

  it("file names are made safe to store and to offer as downloads", () => {
    expect(safeFilename("../../etc/passwd")).toBe("passwd");
    expect(safeFilename("..\\boot.ini")).toBe("boot.ini");
    expect(safeFilename('a"b\r\nc.txt')).toBe("a_b_c.txt");
    expect(safeFilename("")).toBe("attachment");
    expect(contentDisposition('Rapport "final" é.pdf')).toBe(
      `attachment; filename="Rapport _final_ _.pdf"; filename*=UTF-8''Rapport%20%22final%22%20%C3%A9.pdf`,
    );
  });
});
