import { and, count, desc, eq } from "drizzle-orm";
import { getDb } from "~/.server/db/client";
import { submissions } from "~/.server/db/schema";
import { csvFilename, toCsv } from "./csv.server";
import { PAGE_SIZE, type SubmissionQuery } from "./schema";
import { containsAny, pageCount } from "./search.server";

export type SubmissionRow = {
  id: string;
  source: string;
  name: string;
  email: string;
  fields: Record<string, string>;
  createdAt: string;
};

function submissionFilter(query: Pick<SubmissionQuery, "q" | "source">) {
  return and(
    query.source ? eq(submissions.source, query.source) : undefined,
    containsAny(query.q, [submissions.name, submissions.email]),
  );
}

/** Apply, mentoring and contact submissions, newest first, filtered by source and searched by name or e-mail. */
export async function listSubmissions(query: SubmissionQuery) {
  const db = getDb();
  const where = submissionFilter(query);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(submissions).where(where);
  const pages = pageCount(total, PAGE_SIZE);
  const page = Math.min(query.page, pages);
  const rows = await db
    .select()
    .from(submissions)
    .where(where)
    .orderBy(desc(submissions.createdAt), desc(submissions.id))
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
  return {
    submissions: rows.map(
      (row): SubmissionRow => ({
        id: row.id,
        source: row.source,
        name: row.name,
        email: row.email,
        fields: row.fields ?? {},
        createdAt: row.createdAt.toISOString(),
      }),
    ),
    total,
    page,
    pageCount: pages,
  };
}

export async function exportSubmissionsCsv(query: Pick<SubmissionQuery, "q" | "source">) {
  const rows = await getDb().select().from(submissions).where(submissionFilter(query)).orderBy(desc(submissions.createdAt));
  const csv = toCsv(
    [
      { key: "createdAt", header: "created_at" },
      { key: "source", header: "source" },
      { key: "name", header: "name" },
      { key: "email", header: "email" },
      { key: "details", header: "details" },
      { key: "disclaimerAccepted", header: "disclaimer_accepted" },
      { key: "id", header: "id" },
    ],
    rows.map((row) => ({
      ...row,
      details: Object.entries(row.fields ?? {})
        .map(([key, value]) => `${key}: ${value}`)
        .join("\n"),
    })),
  );
  return { csv, filename: csvFilename(query.source ? `submissions-${query.source}` : "submissions"), count: rows.length };
}

export async function deleteSubmission(id: string): Promise<boolean> {
  const deleted = await getDb().delete(submissions).where(eq(submissions.id, id)).returning({ id: submissions.id });
  return deleted.length > 0;
}
