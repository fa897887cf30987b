import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { DeferHydration, deferHydrationStream, deferredScripts } from "./defer-hydration";

/** What React Router's <Scripts> and React write for a page, in the same shape. */
const preloads = [
  '<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="abc"/>',
  '<link rel="modulepreload" href="/assets/root-B.js" nonce="abc"/>',
  '<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="abc"/>',
  '<link rel="modulepreload" href="/assets/home-C.js" nonce="abc"/>',
];
const moduleCode = 'import "/assets/entry.client-A.js";\nimport * as route0 from "/assets/root-B.js";\nwindow.__reactRouterRouteModules = {"root":route0};\n\nimport("/assets/entry.client-A.js");';
const contextScript = '<script nonce="abc">window.__reactRouterContext = {"a":"\\u003c/script>"};</script>';
const page =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><link rel="stylesheet" href="/assets/app.css" data-precedence="default"/>' +
  preloads.join("") +
  '</head><body><p>Tom &amp; Jerry &lt;3</p><script type="application/ld+json">{"name":"<link rel=\\"modulepreload\\">"}</script>' +
  contextScript +
  `<script nonce="abc" type="module" async="">${moduleCode}</script>` +
  '<script nonce="abc">window.__reactRouterContext.streamController.close();</script></body></html>';

function rewrite(pieces: string[]): string {
  const rewriter = new DeferHydration();
  return pieces.map((piece) => rewriter.write(piece)).join("") + rewriter.end();
}

/** The two string arguments the loader script was called with. */
function loaderArguments(html: string): { preloads: string; code: string } {
  const found = deferredScripts(html);
  if (!found) throw new Error("no loader script in the page");
  return found;
}

describe("DeferHydration", () => {
  it("takes the module preloads out of <head> and puts a loader in the module script's place", () => {
    const html = rewrite([page]);
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).not.toContain("modulepreload");
    expect(head).toContain('<link rel="stylesheet" href="/assets/app.css" data-precedence="default"/>');
    expect(html).not.toMatch(/<script[^>]*type="module"/);

    const loader = loaderArguments(html);
    // Every module once, with its attributes as React Router wrote them but the nonce; the code unchanged.
    expect(loader.preloads).toBe(
      '<link rel="modulepreload" href="/assets/entry.client-A.js"/>' +
        '<link rel="modulepreload" href="/assets/root-B.js"/>' +
        '<link rel="modulepreload" href="/assets/home-C.js"/>',
    );
    expect(loader.code).toBe(moduleCode);
    // Nothing in the page can end the loader's <script> early.
    expect(html.match(/<\/script>/g)?.length).toBe(page.match(/<\/script>/g)?.length);
  });

  it("leaves everything else byte for byte, including look-alikes inside other scripts", () => {
    const html = rewrite([page]);
    const loaderStart = html.indexOf("<script nonce=\"abc\">((preloads");
    const loaderEnd = html.indexOf("</script>", loaderStart) + "</script>".length;
    const withoutLoader = html.slice(0, loaderStart) + html.slice(loaderEnd);
    const expected = page
      .replace(preloads.join(""), "")
      .replace(`<script nonce="abc" type="module" async="">${moduleCode}</script>`, "");
    expect(withoutLoader).toBe(expected);
    expect(html).toContain('<script type="application/ld+json">{"name":"<link rel=\\"modulepreload\\">"}</script>');
  });

  it("gives the same page however the stream is cut into pieces", () => {
    const whole = rewrite([page]);
    for (let cut = 1; cut < page.length; cut++) {
      expect(rewrite([page.slice(0, cut), page.slice(cut)])).toBe(whole);
    }
    expect(rewrite([...page])).toBe(whole);
  });

  it("passes a page without React Router's module script through unchanged", () => {
    const plain = '<html><head><link rel="icon" href="/favicon.svg"/></head><body><script type="module" src="/x.js"></script><p>a</p></body></html>';
    expect(rewrite([plain])).toBe(plain);
    // An unfinished tag at the end is sent as it is.
    expect(rewrite(["<p>a</p><scr"])).toBe("<p>a</p><scr");
  });

  it("keeps multi-byte characters split across chunks intact (stream)", async () => {
    const withUnicode = page.replace("Tom &amp; Jerry", "Tøm — Jerry ✨");
    const bytes = Buffer.from(withUnicode);
    // Cut between the two bytes of "ø".
    const cut = bytes.indexOf(Buffer.from("ø")) + 1;
    const chunks = [bytes.subarray(0, cut), bytes.subarray(cut)];
    const output = await text(Readable.from(chunks).pipe(deferHydrationStream()));
    expect(output).toBe(rewrite([withUnicode]));
    expect(output).toContain("Tøm — Jerry ✨");
  });
});
