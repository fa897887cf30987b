import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

const SITE = "https://nordlys.example";

/** Where a browser goes when it gets `Location: <target>` from a page of SITE (the URL parser browsers use). */
const landsOnSite = (target: string) => new URL(target, `${SITE}/cookie-consent`).origin === SITE;

describe("safeRedirectPath", () => {
  it("keeps paths on this site, with their query and fragment", () => {
    expect(safeRedirectPath("/projects?x=1")).toBe("/projects?x=1");
    expect(safeRedirectPath("/ai-news#latest")).toBe("/ai-news#latest");
    expect(safeRedirectPath("/admin/leads?q=anna&page=2", "/admin/leads")).toBe("/admin/leads?q=anna&page=2");
    // Re-serialised the way the URL parser writes it: ASCII only, fit for a Location header.
    expect(safeRedirectPath("/søk?q=blåbær")).toBe("/s%C3%B8k?q=bl%C3%A5b%C3%A6r");
    expect(safeRedirectPath("/%2F/evil.example")).toBe("/%2F/evil.example");
  });

  // Each of these leads off-site in a browser if passed through, breaks the Location header, or is not a path.
  const hostile = [
    "https://evil.example",
    "http:evil.example",
    "javascript:alert(1)",
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "\\/evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r/evil.example",
    "\t//evil.example",
    "/%09/evil.example\t",
    "/\u0000/evil.example",
    "/\u000B/evil.example",
    "/\u007F/evil.example",
    "/ /evil.example",
    "/\u00A0/evil.example",
    "/\u2028/evil.example",
    "/\u3000/evil.example",
    "/\uFEFF/evil.example",
    "/\u200B/evil.example",
    "/./\\evil.example",
    "/.//evil.example",
    "/a/..//evil.example",
    "/%2e/%2e//evil.example/..",
    " /evil.example",
    "evil.example",
    "",
    "/a\nSet-Cookie: x=1",
  ];
  it.each(hostile)("refuses %j", (value) => {
    expect(safeRedirectPath(value, "/fallback")).toBe("/fallback");
  });

  it("refuses values that are not strings", () => {
    expect(safeRedirectPath(undefined, "/home")).toBe("/home");
    expect(safeRedirectPath(null)).toBe("/");
    expect(safeRedirectPath(["/a"])).toBe("/");
  });

  /** Strings built from the pieces of known open-redirect tricks, in any order. */
  const tricky = fc
    .array(
      fc.constantFrom(
        "/",
        "//",
        "\\",
        ".",
        "..",
        "%2F",
        "%2f",
        "%5C",
        "%09",
        "%0A",
        "%00",
        "%2e",
        "\t",
        "\n",
        "\r",
        "\u0000",
        " ",
        "\u00A0",
        "\u1680",
        "\u2000",
        "\u2028",
        "\u3000",
        "\uFEFF",
        "\u200B",
        "\uD800",
        "evil.example",
        "@",
        ":",
        "http:",
        "https://",
        "javascript:",
        "?",
        "#",
        "&",
        "a",
        "é",
        "ｅｖｉｌ",
        "／",
        "＼",
      ),
      { maxLength: 12 },
    )
    .map((parts) => parts.join(""));

  it("never answers with anything but a same-site path, for any string", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          tricky,
          fc.string({ unit: "binary", maxLength: 40 }),
          tricky.map((value) => `/${value}`),
        ),
        (value) => {
          const result = safeRedirectPath(value, "/fallback");
          expect(result.startsWith("/")).toBe(true);
          expect(result.startsWith("//")).toBe(false);
          expect(result).toMatch(/^[\x21-\x7E]+$/);
          expect(landsOnSite(result)).toBe(true);
          expect(new Headers({ Location: result }).get("Location")).toBe(result);
          // What it returns, it returns unchanged.
          expect(safeRedirectPath(result, "/fallback")).toBe(result);
        },
      ),
      { seed: 20261124, numRuns: 2000 },
    );
  });
});
