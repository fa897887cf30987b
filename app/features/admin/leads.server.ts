import { and, eq } from "drizzle-orm";
import { changeOneRow } from "~/.server/db/transaction";
import { leads, type ConversationMessage } from "~/.server/db/tables";
import { enquiryRecordsCsv } from "./enquiry-csv.server";
import { csvColumns, csvFilename } from "./csv.server";
import { heldFilter, heldRecordRow, type HoldInfo } from "./held-items.server";
import type { LeadQuery } from "./schema";
import { containsAny, newestFirstPage } from "./search.server";

export type LeadRow = Pick<typeof leads.$inferSelect, "id" | "name" | "email" | "company" | "message" | "source"> & {
  createdAt: string;
  messages: ConversationMessage[];
  /** Why and when it was held; null in the inbox. */
  hold: HoldInfo;
};

function leadFilter(query: Pick<LeadQuery, "q" | "held">) {
  return and(heldFilter(leads.heldAt, query.held), containsAny(query.q, [leads.name, leads.email, leads.company]));
}

/**
 * Leads newest first, searched by name, e-mail or company, one page at a time:
 * the inbox, or with `held` the leads held for review.
 */
export async function listLeads(query: LeadQuery) {
  const { rows, ...position } = await newestFirstPage(leads, leadFilter(query), query.page);
  return {
    leads: rows.map((row): LeadRow => ({
      ...heldRecordRow(row),
      company: row.company,
      message: row.message,
      source: row.source || "chatbot",
      messages: Array.isArray(row.conversationContext?.messages) ? row.conversationContext.messages : [],
    })),
    ...position,
  };
}

/**
 * Every lead matching the search, as CSV (the conversation as "User:"/"AI Assistant:" lines, and
 * its enquiry's stage, owner, value and currency):
 * the inbox, or with `held` the held ones (with when and why).
 */
export async function exportLeadsCsv(query: Pick<LeadQuery, "q" | "held">): Promise<{ csv: string; filename: string; count: number }> {
  const { csv, count } = await enquiryRecordsCsv({
    table: leads,
    kind: "lead",
    where: leadFilter(query),
    held: query.held,
    columns: csvColumns("createdAt", "name", "email", "company", "message", "source", "conversation", "id"),
    extra: (row) => ({
      conversation: (row.conversationContext?.messages ?? [])
        .map((m) => `${m.role === "user" ? "User" : "AI Assistant"}: ${m.content}`)
        .join("\n"),
    }),
  });
  return { csv, filename: csvFilename(query.held ? "leads-held" : "leads"), count };
}

/** Erases one lead (GDPR); not_found when there is none. */
export async function deleteLead(id: string): Promise<void> {
  await changeOneRow((tx) => tx.db.delete(leads).where(eq(leads.id, id)).returning({ id: leads.id }), "No lead with this id.");
}
