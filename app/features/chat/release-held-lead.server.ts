import { leads } from "~/.server/db/tables";
import { withTransaction } from "~/.server/db/transaction";
import { logger } from "~/.server/logger";
import { clearHold } from "~/features/admin/held-items.server";
import { notifyWhenReadable } from "./lead-notification.server";

/**
 * An admin's release of a held chat lead (docs/admin.md, "Held items"): it
 * becomes a normal lead and the studio's notification goes out now, with the
 * lead's details and transcript as they are at release (or, when there is
 * nothing to read yet, with the visitor's first question). The conditional
 * update and the queued mail are one transaction, so releasing twice mails once
 * (the second is a conflict: nothing is held; not_found when there is no such lead).
 */
export async function releaseHeldLead(id: string): Promise<void> {
  await withTransaction(async (tx) => {
    const released = await clearHold(tx, leads, id, "lead");
    const transcript = Array.isArray(released.conversationContext?.messages) ? released.conversationContext.messages : [];
    // With nothing to read yet, the notification follows the visitor's first question (lead-notification.server.ts).
    await notifyWhenReadable(tx, { ...released, transcript });
  });
  logger.info({ leadId: id }, "Held chat lead released");
}
