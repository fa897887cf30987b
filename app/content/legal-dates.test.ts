import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { cookiePolicy, privacyPolicy, termsOfService, type LegalDocument } from "./legal";

/** The SHA-256 of a legal document's text: everything a reader sees but the date itself. */
export function legalTextSha256(document: LegalDocument): string {
  return createHash("sha256")
    .update(JSON.stringify([document.title, document.description, document.intro, document.sections]))
    .digest("hex");
}

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
