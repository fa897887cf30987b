import { TroubleNotice } from "~/components/trouble-notice";
import type { MailboxTrouble } from "../mail/reader-status.server";

const at = (iso: string) =>
  new Date(iso).toLocaleString("en-GB", { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", timeZone: "UTC" }) + " UTC";

/**
 * Shown on the inbox and the dashboard while the studio's mailbox cannot be read (docs/inbox.md,
 * "When the mailbox fails"): since when, why, and that nothing is lost meanwhile.
 */
export function MailboxTroubleNotice({ trouble }: { trouble: MailboxTrouble }) {
  return (
    <TroubleNotice testId="mailbox-trouble">
      <p>
        <strong className="font-semibold">The mailbox is not being read{trouble.since ? ` (since ${at(trouble.since)})` : ""}.</strong>{" "}
        {trouble.reason} Replies that arrive meanwhile stay in the mailbox and are brought in when it answers again; nothing is lost or
        imported twice.
      </p>
    </TroubleNotice>
  );
}
