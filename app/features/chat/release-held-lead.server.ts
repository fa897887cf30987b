import { and, eq, isNotNull } from "drizzle-orm";
import { leads } from "~/.server/db/tables";
import { withTransaction } from "~/.server/db/transaction";
import { logger } from "~/.server/logger";
import { notifyWhenReadable } from "./lead-notification.server";
import type { ReleaseOutcome } from "~/lib/form-traps";

/**
 * An admin's release of a held chat lead (docs/admin.md, "Held items"): it
 * becomes a normal lead and the studio's notification goes out now, with the
 * lead's details and transcript as they are at release (or, when there is
 * nothing to read yet, with the visitor's first question). The conditional
 * update and the queued mail are one transaction, so releasing twice mails once.
 */
export async function releaseHeldLead(id: string): Promise<ReleaseOutcome> {
  const outcome = await withTransaction(async (tx) => {
    const [released] = await tx.db
      .update(leads)
      .set({ heldAt: null, holdReason: null })
      .where(and(eq(leads.id, id), isNotNull(leads.heldAt)))
      .returning();
    if (!released) {
      const [existing] = await tx.db.select({ id: leads.id }).from(leads).where(eq(leads.id, id));
      return existing ? ("not-held" as const) : ("not-found" as const);
    }
    const transcript = Array.isArray(released.conversationContext?.messages) ? released.conversationContext.messages : [];
    // With nothing to read yet, the notification follows the visitor's first question (lead-notification.server.ts).
    await notifyWhenReadable(tx, { ...released, transcript });
    return "released" as const;
  });
  if (outcome === "released") logger.info({ leadId: id }, "Held chat lead released");
  return outcome;
}
