import { afterEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "./env";
import { assertSameOrigin, isCrossOriginRequest, isSameOriginRequest, originVerdict } from "./same-origin";

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

function request(method: string, headers: Record<string, string>, url = "http://127.0.0.1:3000/api/admin/leads/1") {
  return new Request(url, { method, headers });
}

describe("isSameOriginRequest", () => {
  afterEach(() => {
    delete process.env.PUBLIC_URL;
    resetEnvForTests();
  });

  it("lets reads through whatever their origin", () => {
    expect(isSameOriginRequest(request("GET", { origin: "https://attacker.example", cookie: "a=b" }))).toBe(true);
  });

  it("takes PUBLIC_URL's origin and the request's own, and nothing else", () => {
    process.env.PUBLIC_URL = "https://nordlys.studio";
    resetEnvForTests();
    expect(isSameOriginRequest(request("POST", { origin: "https://nordlys.studio", cookie: "a=b" }))).toBe(true);
    expect(isSameOriginRequest(request("DELETE", { origin: "http://127.0.0.1:3000", cookie: "a=b" }))).toBe(true);
    for (const origin of ["https://attacker.example", "null", "http://nordlys.studio", "https://nordlys.studio.attacker.example"]) {
      expect(isSameOriginRequest(request("POST", { origin, cookie: "a=b" })), origin).toBe(false);
    }
  });

  it("refuses a request with cookies but no Origin; one without either carries nothing to abuse", () => {
    expect(isSameOriginRequest(request("POST", { cookie: "nordlys.session_token=x" }))).toBe(false);
    expect(isSameOriginRequest(request("POST", {}))).toBe(true);
    expect(isSameOriginRequest(request("POST", { cookie: " " }))).toBe(true);
  });

  it("throws AppError `forbidden` with a message", () => {
    expect(() => assertSameOrigin(request("POST", { origin: "https://attacker.example" }))).toThrow(
      expect.objectContaining({ code: "forbidden", message: "This request came from another site and was refused." }),
    );
  });
});
