import { describe, expect, it } from "vitest";
import { deferHydration, deferredScripts } from "./defer-hydration.server";

/** What React Router's <Scripts> and React write for a page, in the same shape. */
const preloads = [
  '<link rel="modulepreload" href="/assets/entry.client-A.js"/>',
  '<link rel="modulepreload" href="/assets/root-B.js"/>',
  '<link rel="modulepreload" href="/assets/entry.client-A.js"/>',
  '<link rel="modulepreload" href="/assets/home-C.js"/>',
];
const moduleCode =
  'import "/assets/entry.client-A.js";\nimport * as route0 from "/assets/root-B.js";\nwindow.__reactRouterRouteModules = {"root":route0};\n\nimport("/assets/entry.client-A.js");';
const contextScript = '<script>window.__reactRouterContext = {"a":"\\u003c/script>"};</script>';
const moduleScript = `<script type="module" async="">${moduleCode}</script>`;
const page =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><link rel="stylesheet" href="/assets/app.css" data-precedence="default"/>' +
  preloads.join("") +
  '</head><body><p>Tom &amp; Jerry &lt;3</p><script type="application/ld+json">{"name":"<link rel=\\"modulepreload\\">"}</script>' +
  contextScript +
  moduleScript +
  "<script>window.__reactRouterContext.streamController.close();</script></body></html>";

describe("deferHydration", () => {
  it("takes the module preloads out of <head> and puts a loader in the module script's place", () => {
    const { html, deferredModule } = deferHydration(page);
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).not.toContain("modulepreload");
    expect(head).toContain('<link rel="stylesheet" href="/assets/app.css" data-precedence="default"/>');
    expect(html).not.toMatch(/<script[^>]*type="module"/);

    const loader = deferredScripts(html);
    // Every module once, as React Router wrote it; the code unchanged (the page's policy allows it by its hash).
    expect(loader?.preloads).toBe(
      '<link rel="modulepreload" href="/assets/entry.client-A.js"/>' +
        '<link rel="modulepreload" href="/assets/root-B.js"/>' +
        '<link rel="modulepreload" href="/assets/home-C.js"/>',
    );
    expect(loader?.code).toBe(moduleCode);
    expect(deferredModule).toBe(moduleCode);
    // Nothing in the page can end the loader's <script> early.
    expect(html.match(/<\/script>/g)?.length).toBe(page.match(/<\/script>/g)?.length);
  });

  it("leaves everything else byte for byte, including look-alikes inside other scripts", () => {
    const { html } = deferHydration(page);
    const loaderStart = html.indexOf("<script>((preloads");
    const loaderEnd = html.indexOf("</script>", loaderStart) + "</script>".length;
    const withoutLoader = html.slice(0, loaderStart) + html.slice(loaderEnd);
    expect(withoutLoader).toBe(page.replace(preloads.join(""), "").replace(moduleScript, ""));
    expect(html).toContain('<script type="application/ld+json">{"name":"<link rel=\\"modulepreload\\">"}</script>');
  });

  it("passes a page without React Router's module script through unchanged", () => {
    const plain =
      '<html><head><link rel="icon" href="/favicon.svg"/></head><body><script type="module" src="/x.js"></script><p>a</p></body></html>';
    expect(deferHydration(plain)).toEqual({ html: plain, deferredModule: null });
    // An unfinished script is left alone.
    expect(deferHydration("<p>a</p><script>x").html).toBe("<p>a</p><script>x");
  });
});
