import { describe, expect, it } from "vitest";
import { shareLinks, truncateForShare } from "./share";

describe("share links", () => {
  const long = "Remote work tip: ".concat("write things down. ".repeat(30));

  it("truncates Facebook text to 256 and X text to 280 characters", () => {
    const links = shareLinks(long, "https://nordlys.studio/try-ai");
    const facebookQuote = new URL(links.facebook).searchParams.get("quote") ?? "";
    const xText = new URL(links.x).searchParams.get("text") ?? "";
    expect(facebookQuote).toHaveLength(256);
    expect(facebookQuote.endsWith("…")).toBe(true);
    expect(xText).toHaveLength(280);
    expect(new URL(links.facebook).searchParams.get("u")).toBe("https://nordlys.studio/try-ai");
  });

  it("sends the whole text to WhatsApp and short texts unchanged everywhere", () => {
    expect(new URL(shareLinks(long, "x").whatsapp).searchParams.get("text")).toBe(long.trim());
    expect(truncateForShare("Short post", 280)).toBe("Short post");
    expect(new URL(shareLinks("Short post", "x").x).searchParams.get("text")).toBe("Short post");
  });
});
