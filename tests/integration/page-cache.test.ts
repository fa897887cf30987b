import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { useServerForFile } from "../support/server-process.ts";

/**
 * The in-memory page cache of the production server (server/html-cache.ts):
 * same page for everyone from memory, a fresh CSP nonce on every response,
 * 304s for revalidation, and nothing cached that depends on the visitor.
 */
describe("page cache", () => {
  const file = useServerForFile();

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(file.server().url + path, { headers });
    return { response, html: await response.text() };
  };
  const cspNonce = (response: Response) => /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
  const htmlNonces = (html: string) => new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]));

  it("serves a page for everyone from memory, each response with its own nonce", async () => {
    const first = await get("/services");
    const second = await get("/services");
    const third = await get("/services");
    expect(second.response.headers.get("x-page-cache")).toBe("hit");
    for (const { response, html } of [first, second, third]) {
      expect(response.status).toBe(200);
      expect([...htmlNonces(html)]).toEqual([cspNonce(response)]);
      expect(html).not.toContain("__nordlys_csp_nonce__");
    }
    expect(new Set([first, second, third].map(({ response }) => cspNonce(response))).size).toBe(3);
    // Apart from the nonce (in attributes and in the root loader's data), the stored page is the page that was rendered.
    const strip = ({ html, response }: { html: string; response: Response }) => html.replaceAll(cspNonce(response)!, "NONCE");
    expect(strip(second)).toBe(strip(first));
    expect(second.response.headers.get("cache-control")).toBe("private, no-cache");
    expect(second.response.headers.get("etag")).toMatch(/^W\/"/);
  });

  it("answers revalidation with 304 and without a new CSP (the browser keeps the page and the policy it has)", async () => {
    await get("/projects");
    const { response } = await get("/projects");
    const etag = response.headers.get("etag")!;
    // curl: Node's fetch treats a hand-set If-None-Match as an uncached request.
    const headers = (args: string[]) =>
      execFileSync("curl", ["-s", "-o", "/dev/null", "-D", "-", ...args, `${file.server().url}/projects`], { encoding: "utf8" });
    const byEtag = headers(["-H", `If-None-Match: ${etag}`]);
    expect(byEtag).toMatch(/^HTTP\/1\.1 304/);
    expect(byEtag.toLowerCase()).not.toContain("content-security-policy");
    expect(headers(["-H", `If-Modified-Since: ${response.headers.get("last-modified")}`])).toMatch(/^HTTP\/1\.1 304/);
    expect(headers(["-H", 'If-None-Match: W/"something-else"'])).toMatch(/^HTTP\/1\.1 200/);
  });

  it("keeps the cookie-consent choice apart: the banner shows only to visitors who have not chosen", async () => {
    const banner = /aria-label="Cookie consent"/;
    for (let i = 0; i < 2; i++) {
      const undecided = await get("/about");
      const decided = await get("/about", { Cookie: "cookie_consent=accepted" });
      expect(undecided.html).toMatch(banner);
      expect(decided.html).not.toMatch(banner);
    }
  });

  it("does not store or serve pages that depend on the visitor or the moment", async () => {
    // A form page carries a signed start time; a query string may change the page.
    for (const path of ["/contact", "/services?ref=mail", "/unsubscribe?token=x"]) {
      await get(path);
      const { response } = await get(path);
      expect(response.headers.get("x-page-cache"), path).toBeNull();
    }
    // A one-time toast cookie is shown once, by a freshly rendered page.
    const { response } = await get("/services", { Cookie: "toast=abc" });
    expect(response.headers.get("x-page-cache")).toBeNull();
    // An unknown project is a 404, rendered each time.
    await get("/projects/no-such-project");
    const missing = await get("/projects/no-such-project");
    expect(missing.response.status).toBe(404);
    expect(missing.response.headers.get("x-page-cache")).toBe("miss");
  });

  it("sends scripts and styles precompressed with Brotli or gzip, cached for a year", async () => {
    const { html } = await get("/");
    // The framework chunk (React, React DOM, React Router): every page loads it.
    const script = /\/assets\/framework-[\w-]+\.js/.exec(html)![0];
    const brotli = await fetch(file.server().url + script, { headers: { "Accept-Encoding": "br, gzip" } });
    expect(brotli.headers.get("content-encoding")).toBe("br");
    expect(brotli.headers.get("cache-control")).toContain("immutable");
    expect((await brotli.text()).length).toBeGreaterThan(1000);
    const gzip = await fetch(file.server().url + script, { headers: { "Accept-Encoding": "gzip" } });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
  });
});
