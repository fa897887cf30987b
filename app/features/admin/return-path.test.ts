import { describe, expect, it } from "vitest";
import { adminReturnPath } from "./return-path";

describe("adminReturnPath", () => {
  it("returns to admin pages, with their query", () => {
    expect(adminReturnPath("/admin")).toBe("/admin");
    expect(adminReturnPath("/admin?range=30")).toBe("/admin?range=30");
    expect(adminReturnPath("/admin/leads?held=1")).toBe("/admin/leads?held=1");
  });

  it("sends everything else to the dashboard: other pages, the sign-in's own pages, other sites", () => {
    for (const value of [
      undefined,
      "",
      "/",
      "/contact",
      "/administrator",
      "/admin/login",
      "/admin/two-factor-setup?redirectTo=/admin",
      "/admin/sign-out",
      "//evil.example/admin",
      "https://evil.example/admin",
      "/\t/evil.example",
    ]) {
      expect(adminReturnPath(value), String(value)).toBe("/admin");
    }
  });
});
