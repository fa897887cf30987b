import { newsletterMessages } from "./schema";

type SendCounts = { status: "no-stories" | "sent" | "sending" | "paused"; successCount: number; sentNow: number; message: string };

/** The toast after "Send Newsletter Now": success only when this press delivered mail and the issue is done. */
export type SendToast = { type: "success" | "info" | "warning"; title: string };

/**
 * What the admin is told after a send (docs/admin.md, "Newsletter"). The product's success text
 * ('Newsletter sent successfully to {n} subscribers!') only when mail went out and nothing is left;
 * nothing to send, everyone already mailed, still sending or paused each say so instead.
 */
export function manualSendToast(result: SendCounts): SendToast {
  if (result.status === "paused") return { type: "warning", title: result.message };
  if (result.status === "no-stories") return { type: "info", title: result.message };
  if (result.status === "sending") {
    return { type: "info", title: `Still sending: ${result.successCount} delivered so far. The progress below updates by itself.` };
  }
  if (result.successCount === 0) return { type: "info", title: "There are no confirmed subscribers to send to: nothing was sent." };
  if (result.sentNow === 0) {
    return {
      type: "info",
      title: `Nothing new to send: everyone confirmed has today's issue already (${result.successCount} delivered earlier today).`,
    };
  }
  return { type: "success", title: newsletterMessages.sent(result.sentNow) };
}
