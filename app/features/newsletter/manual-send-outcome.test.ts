import { describe, expect, it } from "vitest";
import { manualSendToast } from "./manual-send-outcome";

const base = { successCount: 0, sentNow: 0, message: "server message" };

describe("manualSendToast", () => {
  it("says the product's success text, with the messages of this press, only when mail went out and the issue is done", () => {
    expect(manualSendToast({ ...base, status: "sent", successCount: 7, sentNow: 3 })).toEqual({
      type: "success",
      title: "Newsletter sent successfully to 3 subscribers!",
    });
  });

  it("is not a success when nothing was sent: no stories, or everyone had the issue already", () => {
    expect(manualSendToast({ ...base, status: "no-stories", message: "No issue has been sent yet" })).toEqual({
      type: "info",
      title: "No issue has been sent yet",
    });
    const again = manualSendToast({ ...base, status: "sent", successCount: 7, sentNow: 0 });
    expect(again.type).toBe("info");
    expect(again.title).toContain("Nothing new to send");
    expect(manualSendToast({ ...base, status: "sent", successCount: 0, sentNow: 0 })).toEqual({
      type: "info",
      title: "There are no confirmed subscribers to send to: nothing was sent.",
    });
  });

  it("warns when the send paused, and informs while it is still sending", () => {
    expect(manualSendToast({ ...base, status: "paused", sentNow: 2, message: "paused after failures" })).toEqual({
      type: "warning",
      title: "paused after failures",
    });
    expect(manualSendToast({ ...base, status: "sending", successCount: 4, sentNow: 4 }).type).toBe("info");
  });
});
