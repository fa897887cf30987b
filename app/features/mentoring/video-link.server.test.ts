import { describe, expect, it } from "vitest";
import { videoLinkFor, videoSettingSchema } from "./video-link.server";

describe("videoLinkFor", () => {
  it("gives each booking its own unguessable Jitsi room (128 random bits)", () => {
    const bookingId = "6f1c2a52-9b1e-4d7a-8c2f-5e4b7a9d0c11";
    const first = videoLinkFor(bookingId, { kind: "jitsi" });
    const again = videoLinkFor(bookingId, { kind: "jitsi" });
    expect(first).toMatch(/^https:\/\/meet\.jit\.si\/Nordlys-[0-9a-f]{32}$/);
    expect(again).not.toBe(first);
    // Not derived from the booking: neither its id nor a part of it is in the room's name.
    expect(first).not.toContain(bookingId.replaceAll("-", "").slice(0, 12));
  });

  it("uses a self-hosted Jitsi base", () => {
    expect(videoLinkFor("b1", { kind: "jitsi", base: "https://video.nordlys.test/" })).toMatch(
      /^https:\/\/video\.nordlys\.test\/Nordlys-[0-9a-f]{32}$/,
    );
  });

  it("returns a mentor's fixed https link, and refuses anything but https", () => {
    expect(videoLinkFor("b1", { kind: "fixed", url: "https://zoom.us/j/123" })).toBe("https://zoom.us/j/123");
    expect(() => videoLinkFor("b1", { kind: "fixed", url: "http://zoom.us/j/123" })).toThrow(/https/);
    expect(() => videoLinkFor("b1", { kind: "fixed", url: "javascript:alert(1)" })).toThrow();
    expect(() => videoLinkFor("b1", { kind: "jitsi", base: "http://meet.example" })).toThrow(/https/);
  });

  it("validates the stored setting with its schema", () => {
    expect(videoSettingSchema.safeParse({ kind: "jitsi" }).success).toBe(true);
    expect(videoSettingSchema.safeParse({ kind: "fixed", url: "https://meet.google.com/abc-defg-hij" }).success).toBe(true);
    expect(videoSettingSchema.safeParse({ kind: "fixed" }).success).toBe(false);
    expect(videoSettingSchema.safeParse({ kind: "zoom", url: "https://zoom.us" }).success).toBe(false);
  });
});
