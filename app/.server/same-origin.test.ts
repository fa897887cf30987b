import { describe, expect, it } from "vitest";
import { isCrossOriginRequest, originVerdict } from "./same-origin";

const OWN = "https://nordlys.example";

describe("same-origin check", () => {
  it.each([
    [{ origin: OWN }, "same-origin"],
    [{ origin: OWN, secFetchSite: "same-origin" }, "same-origin"],
    [{ secFetchSite: "same-origin" }, "same-origin"],
    [{ secFetchSite: "none" }, "same-origin"],
    [{}, "no-browser-origin"],
    [{ origin: "https://evil.example" }, "cross-origin"],
    [{ origin: "http://nordlys.example" }, "cross-origin"],
    [{ origin: "https://nordlys.example:8443" }, "cross-origin"],
    [{ origin: "https://sub.nordlys.example", secFetchSite: "same-site" }, "cross-origin"],
    [{ origin: "null" }, "cross-origin"],
    [{ origin: "not a url" }, "cross-origin"],
    [{ origin: OWN, secFetchSite: "cross-site" }, "cross-origin"],
    [{ secFetchSite: "cross-site" }, "cross-origin"],
  ] as const)("%j is %s", (headers, verdict) => {
    expect(originVerdict(headers, OWN)).toBe(verdict);
  });

  it("reads a Fetch request's headers against its own URL", () => {
    const post = (headers: Record<string, string>) => new Request(`${OWN}/contact`, { method: "POST", headers });
    expect(isCrossOriginRequest(post({ Origin: "https://evil.example" }))).toBe(true);
    expect(isCrossOriginRequest(post({ Origin: OWN }))).toBe(false);
    expect(isCrossOriginRequest(post({}))).toBe(false);
  });
});
