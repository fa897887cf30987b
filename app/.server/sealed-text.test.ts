import { beforeAll, describe, expect, it } from "vitest";
import { openText, sealText } from "./sealed-text";
import { setAppSecret } from "./secret";

describe("sealed text", () => {
  beforeAll(() => setAppSecret("sealed-text-test-secret-sealed-text-test"));

  it("opens what it sealed, and the sealed form does not contain the text", () => {
    const sealed = sealText("caldav", "app-password-1234");
    expect(sealed).not.toContain("app-password-1234");
    expect(sealed).not.toBe(sealText("caldav", "app-password-1234"));
    expect(openText("caldav", sealed)).toBe("app-password-1234");
  });

  it("does not open a value of another purpose, a tampered one, or one sealed with another secret", () => {
    const sealed = sealText("caldav", "secret");
    expect(openText("other", sealed)).toBeNull();
    const parts = sealed.split(".");
    parts[3] = Buffer.from("tampered").toString("base64url");
    expect(openText("caldav", parts.join("."))).toBeNull();
    expect(openText("caldav", "not sealed")).toBeNull();
    setAppSecret("another-secret-another-secret-another-sec");
    expect(openText("caldav", sealed)).toBeNull();
  });
});
