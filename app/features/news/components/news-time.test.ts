import { describe, expect, it } from "vitest";
import { relativeToNow, utcClockTime } from "./news-time";

const now = Date.parse("2026-11-24T03:10:00Z");

describe("the times the news pages state", () => {
  it("the server's words: a UTC clock time, true whenever the page is read", () => {
    expect(utcClockTime("2026-11-24T03:00:05.000Z")).toBe("03:00 UTC");
  });

  it("the browser's words: relative to the visitor's clock", () => {
    expect(relativeToNow("2026-11-24T03:09:45Z", now, "past")).toBe("just now");
    expect(relativeToNow("2026-11-24T03:00:00Z", now, "past")).toBe("10 minutes ago");
    expect(relativeToNow("2026-11-24T03:09:00Z", now, "past")).toBe("1 minute ago");
    expect(relativeToNow("2026-11-23T23:10:00Z", now, "past")).toBe("4 hours ago");
    expect(relativeToNow("2026-11-21T03:10:00Z", now, "past")).toBe("3 days ago");
    expect(relativeToNow("2026-11-24T03:30:00Z", now, "planned")).toBe("in 20 minutes");
  });

  it("a planned time that has passed (a page kept in a cache, a late run) is 'any moment now', never in the past", () => {
    expect(relativeToNow("2026-11-24T03:00:00Z", now, "planned")).toBe("any moment now");
    expect(relativeToNow("2026-11-24T03:10:00Z", now, "planned")).toBe("any moment now");
  });
});
