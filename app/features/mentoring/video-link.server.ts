import { randomBytes } from "node:crypto";
import { z } from "zod";

const httpsUrl = z
  .url({ error: "must be a URL" })
  .refine((value) => new URL(value).protocol === "https:", { error: "must start with https://" });

/**
 * How a mentor meets learners: a fresh Jitsi room per booking (the default; `base` for a
 * self-hosted Jitsi), or one fixed meeting link of their own (a personal Zoom or Meet room).
 * Only https links: the link goes into mails and calendar invites, and a plain-http or
 * `javascript:` link there would be a downgrade or an injection.
 */
export const videoSettingSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("jitsi"), base: httpsUrl.optional() }),
  z.object({ kind: z.literal("fixed"), url: httpsUrl }),
]);

export type VideoSetting = z.infer<typeof videoSettingSchema>;

export const DEFAULT_JITSI_BASE = "https://meet.jit.si";

/**
 * The video link of a new booking. Call it once, when the booking is made, and store the
 * result with the booking: every mail, invite and reminder then shows the same link.
 *
 * A Jitsi room is open to whoever knows its name, so the name carries 128 random bits
 * (`Nordlys-<32 hex digits>`): it cannot be guessed, and unlike a name derived from the
 * booking id it cannot be recomputed by someone who learns that id. For a fixed link the
 * mentor's own URL is returned after checking it is https.
 */
export function videoLinkFor(bookingId: string, mentorSetting: VideoSetting): string {
  const setting = videoSettingSchema.safeParse(mentorSetting);
  if (!setting.success) {
    throw new Error(
      `Booking ${bookingId}: the mentor's video setting is invalid (${setting.error.issues.map((issue) => issue.message).join("; ")}).`,
    );
  }
  if (setting.data.kind === "fixed") return setting.data.url;
  const base = (setting.data.base ?? DEFAULT_JITSI_BASE).replace(/\/+$/, "");
  return `${base}/Nordlys-${randomBytes(16).toString("hex")}`;
}
