import { describe, expect, it } from "vitest";
import { readCookie } from "./cookies";

describe("readCookie", () => {
  it("finds a cookie among others, by its whole name", () => {
    expect(readCookie("theme=dark; cookie_consent=accepted; toast=abc", "cookie_consent")).toBe("accepted");
    expect(readCookie("mytoast=1; toast_old=2", "toast")).toBeUndefined();
    expect(readCookie("cookie_consent=%61ccepted", "cookie_consent")).toBe("accepted");
  });

  it("answers undefined without a header", () => {
    expect(readCookie(undefined, "toast")).toBeUndefined();
    expect(readCookie("", "toast")).toBeUndefined();
  });
});
