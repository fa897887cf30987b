import { and, eq, isNotNull } from "drizzle-orm";
import { submissions } from "~/.server/db/tables";
import { withTransaction } from "~/.server/db/transaction";
import { logger } from "~/.server/logger";
import { queueMail } from "~/.server/mail";
import { buildSubmissionMails } from "./submission-mails.server";
import type { ReleaseOutcome } from "~/lib/form-traps";

/**
 * An admin's release of a held submission (docs/admin.md, "Held items"): it
 * becomes a normal submission and its mails go out now, the studio's
 * notification and the sender's acknowledgement (within its per-address
 * limit). The conditional update and the queued mails are one transaction, so
 * releasing twice (a double click, two admins at once) mails once: the second
 * finds nothing held.
 */
export async function releaseHeldSubmission(id: string): Promise<ReleaseOutcome> {
  const result = await withTransaction(async (tx) => {
    const [released] = await tx.db
      .update(submissions)
      .set({ heldAt: null, holdReason: null })
      .where(and(eq(submissions.id, id), isNotNull(submissions.heldAt)))
      .returning();
    if (!released) {
      const [existing] = await tx.db.select({ id: submissions.id }).from(submissions).where(eq(submissions.id, id));
      return { outcome: existing ? ("not-held" as const) : ("not-found" as const), mails: 0 };
    }
    const mails = await buildSubmissionMails(released);
    for (const mail of mails) await queueMail(mail, { db: tx.jobsDb });
    return { outcome: "released" as const, mails: mails.length };
  });
  if (result.outcome === "released") logger.info({ submissionId: id, mails: result.mails }, "Held form submission released");
  return result.outcome;
}
