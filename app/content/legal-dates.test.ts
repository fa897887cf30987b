import { describe, expect, it } from "vitest";
import { cookiePolicy, privacyPolicy, termsOfService } from "./legal";
import { legalTextSha256, withLastChanged } from "./legal-text";

describe("legal pages say when their text last changed", () => {
  it.each([
    ["privacy policy", privacyPolicy],
    ["terms of service", termsOfService],
    ["cookie policy", cookiePolicy],
  ])("the %s's date goes with its text: change the text, change lastChanged (date and textSha256) too", (_name, document) => {
    expect(document.lastChanged.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Number.isNaN(Date.parse(`${document.lastChanged.date}T00:00:00Z`))).toBe(false);
    expect(legalTextSha256(document), `text changed: set lastChanged.date to today and textSha256 to ${legalTextSha256(document)}`).toBe(
      document.lastChanged.textSha256,
    );
  });
});

describe("publishing a legal page", () => {
  it("moves Last updated to the day of a publish that changed its text, and keeps it for one that did not", () => {
    const edited = { ...privacyPolicy, intro: `${privacyPolicy.intro} One more sentence.` };
    const published = withLastChanged(edited, privacyPolicy, "2027-01-15");
    expect(published.lastChanged).toEqual({ date: "2027-01-15", textSha256: legalTextSha256(edited) });
    expect(
      withLastChanged({ ...published, lastChanged: { date: "1999-01-01", textSha256: "0".repeat(64) } }, published, "2027-02-01")
        .lastChanged,
    ).toEqual(published.lastChanged);
  });
});
