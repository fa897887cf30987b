import { afterEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "./env";
import { assertSameOrigin, isSameOriginRequest } from "./same-origin";

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

  it("throws ApiError 403 with a message", () => {
    expect(() => assertSameOrigin(request("POST", { origin: "https://attacker.example" }))).toThrow(
      expect.objectContaining({ status: 403, message: "This request came from another site and was refused." }),
    );
  });
});
