import { asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "~/.server/db/client";
import { changeOneRow } from "~/.server/db/transaction";
import { savedReplies } from "~/.server/db/tables";
import { MAX_REPLY_CHARS } from "./reply-text";
import { requiredText } from "./schema";

/** Saved replies: common answers an admin starts a reply from (docs/inbox.md, "Replying"). */
export type SavedReply = { id: string; title: string; body: string; updatedAt: Date };

export const savedReplySchema = z.object({
  title: requiredText("Give the saved reply a title.", 120, "Keep the title under 120 characters."),
  body: requiredText("Write the reply's text.", MAX_REPLY_CHARS, `Keep the text under ${MAX_REPLY_CHARS.toLocaleString("en")} characters.`),
});

export async function listSavedReplies(): Promise<SavedReply[]> {
  return getDb()
    .select({ id: savedReplies.id, title: savedReplies.title, body: savedReplies.body, updatedAt: savedReplies.updatedAt })
    .from(savedReplies)
    .orderBy(asc(sql`lower(${savedReplies.title})`), asc(savedReplies.id));
}

export async function getSavedReply(id: string): Promise<SavedReply | undefined> {
  const [row] = await getDb().select().from(savedReplies).where(eq(savedReplies.id, id));
  return row;
}

const NO_SAVED_REPLY = "That saved reply does not exist.";

export async function createSavedReply(input: z.output<typeof savedReplySchema>): Promise<string> {
  const row = await changeOneRow((tx) => tx.db.insert(savedReplies).values(input).returning({ id: savedReplies.id }), NO_SAVED_REPLY);
  return row.id;
}

/** not_found when there is no such saved reply. */
export async function updateSavedReply(id: string, input: z.output<typeof savedReplySchema>): Promise<void> {
  await changeOneRow(
    (tx) =>
      tx.db
        .update(savedReplies)
        .set({ ...input, updatedAt: sql`now()` })
        .where(eq(savedReplies.id, id))
        .returning({ id: savedReplies.id }),
    NO_SAVED_REPLY,
  );
}

export async function deleteSavedReply(id: string): Promise<void> {
  await changeOneRow((tx) => tx.db.delete(savedReplies).where(eq(savedReplies.id, id)).returning({ id: savedReplies.id }), NO_SAVED_REPLY);
}
