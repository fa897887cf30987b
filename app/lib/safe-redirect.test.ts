import { expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

it("keeps same-site paths and refuses everything else", () => {
  expect(safeRedirectPath("/projects?x=1")).toBe("/projects?x=1");
  expect(safeRedirectPath("https://evil.example")).toBe("/");
  expect(safeRedirectPath("//evil.example")).toBe("/");
  expect(safeRedirectPath("/\\evil.example")).toBe("/");
  expect(safeRedirectPath(undefined, "/home")).toBe("/home");
});
