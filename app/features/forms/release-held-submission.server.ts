import { submissions } from "~/.server/db/tables";
import { withTransaction } from "~/.server/db/transaction";
import { logger } from "~/.server/logger";
import { queueMail } from "~/.server/mail";
import { clearHold } from "~/features/admin/held-items.server";
import { buildSubmissionMails } from "./submission-mails.server";

/**
 * An admin's release of a held submission (docs/admin.md, "Held items"): it
 * becomes a normal submission and its mails go out now, the studio's
 * notification and the sender's acknowledgement (within its per-address
 * limit). The conditional update and the queued mails are one transaction, so
 * releasing twice (a double click, two admins at once) mails once: the second
 * finds nothing held (conflict; not_found when there is no such submission).
 */
export async function releaseHeldSubmission(id: string): Promise<void> {
  const sent = await withTransaction(async (tx) => {
    const released = await clearHold(tx, submissions, id, "submission");
    const mails = await buildSubmissionMails(released);
    for (const mail of mails) await queueMail(mail, { db: tx.jobsDb });
    return mails.length;
  });
  logger.info({ submissionId: id, mails: sent }, "Held form submission released");
}
