import { count, desc, eq } from "drizzle-orm";
import { getDb } from "~/.server/db/client";
import { leads, type ConversationMessage } from "~/.server/db/schema";
import { csvFilename, toCsv } from "./csv.server";
import { PAGE_SIZE, type ListQuery } from "./schema";
import { containsAny, pageCount } from "./search.server";

export type LeadRow = {
  id: string;
  name: string | null;
  email: string;
  company: string | null;
  message: string | null;
  source: string;
  createdAt: string;
  messages: ConversationMessage[];
};

function leadFilter(q: string) {
  return containsAny(q, [leads.name, leads.email, leads.company]);
}

/** Leads newest first, searched by name, e-mail or company, one page at a time. */
export async function listLeads(query: ListQuery) {
  const db = getDb();
  const where = leadFilter(query.q);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(leads).where(where);
  const pages = pageCount(total, PAGE_SIZE);
  const page = Math.min(query.page, pages);
  const rows = await db
    .select()
    .from(leads)
    .where(where)
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
  return {
    leads: rows.map(
      (row): LeadRow => ({
        id: row.id,
        name: row.name,
        email: row.email,
        company: row.company,
        message: row.message,
        source: row.source || "chatbot",
        createdAt: row.createdAt.toISOString(),
        messages: Array.isArray(row.conversationContext?.messages) ? row.conversationContext.messages : [],
      }),
    ),
    total,
    page,
    pageCount: pages,
  };
}

/** Every lead matching the search, as CSV (the conversation as "User:"/"AI Assistant:" lines). */
export async function exportLeadsCsv(q: string): Promise<{ csv: string; filename: string; count: number }> {
  const rows = await getDb().select().from(leads).where(leadFilter(q)).orderBy(desc(leads.createdAt));
  const csv = toCsv(
    [
      { key: "createdAt", header: "created_at" },
      { key: "name", header: "name" },
      { key: "email", header: "email" },
      { key: "company", header: "company" },
      { key: "message", header: "message" },
      { key: "source", header: "source" },
      { key: "conversation", header: "conversation" },
      { key: "id", header: "id" },
    ],
    rows.map((row) => ({
      ...row,
      conversation: (row.conversationContext?.messages ?? [])
        .map((m) => `${m.role === "user" ? "User" : "AI Assistant"}: ${m.content}`)
        .join("\n"),
    })),
  );
  return { csv, filename: csvFilename("leads"), count: rows.length };
}

/** Erases one lead (GDPR). Returns false when it did not exist. */
export async function deleteLead(id: string): Promise<boolean> {
  const deleted = await getDb().delete(leads).where(eq(leads.id, id)).returning({ id: leads.id });
  return deleted.length > 0;
}
