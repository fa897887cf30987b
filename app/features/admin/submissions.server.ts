import { and, desc, eq, getTableColumns } from "drizzle-orm";
import { getDb } from "~/.server/db/client";
import { enquiries, submissions, users } from "~/.server/db/tables";
import { enquiryCsvColumns, enquiryCsvFields, enquiryCsvValues } from "./enquiry-csv.server";
import { csvFilename, toCsv } from "./csv.server";
import { heldCsvColumns, heldFilter, holdInfo, type HoldInfo } from "./held-items.server";
import type { SubmissionQuery } from "./schema";
import { containsAny, newestFirstPage } from "./search.server";

export type SubmissionRow = {
  id: string;
  source: string;
  name: string;
  email: string;
  fields: Record<string, string>;
  createdAt: string;
  /** Why and when it was held; null in the inbox. */
  hold: HoldInfo;
};

function submissionFilter(query: Pick<SubmissionQuery, "q" | "source" | "held">) {
  return and(
    heldFilter(submissions.heldAt, query.held),
    query.source ? eq(submissions.source, query.source) : undefined,
    containsAny(query.q, [submissions.name, submissions.email]),
  );
}

/**
 * Apply, mentoring and contact submissions, newest first, filtered by source and searched by
 * name or e-mail: the inbox, or with `held` the submissions held for review.
 */
export async function listSubmissions(query: SubmissionQuery) {
  const { rows, ...position } = await newestFirstPage(submissions, submissionFilter(query), query.page);
  return {
    submissions: rows.map((row): SubmissionRow => ({
      id: row.id,
      source: row.source,
      name: row.name,
      email: row.email,
      fields: row.fields ?? {},
      createdAt: row.createdAt.toISOString(),
      hold: holdInfo(row),
    })),
    ...position,
  };
}

/**
 * Every matching submission as CSV, with its enquiry's stage, owner, value and currency: the
 * inbox, or with `held` the held ones (with when and why).
 */
export async function exportSubmissionsCsv(query: Pick<SubmissionQuery, "q" | "source" | "held">) {
  const rows = await getDb()
    .select({ ...getTableColumns(submissions), ...enquiryCsvFields })
    .from(submissions)
    .leftJoin(enquiries, and(eq(enquiries.kind, submissions.source), eq(enquiries.sourceId, submissions.id)))
    .leftJoin(users, eq(users.id, enquiries.ownerId))
    .where(submissionFilter(query))
    .orderBy(desc(submissions.createdAt));
  const csv = toCsv(
    [
      { key: "createdAt", header: "created_at" },
      { key: "source", header: "source" },
      { key: "name", header: "name" },
      { key: "email", header: "email" },
      { key: "details", header: "details" },
      { key: "disclaimerAccepted", header: "disclaimer_accepted" },
      { key: "id", header: "id" },
      ...(query.held ? heldCsvColumns : []),
      ...enquiryCsvColumns,
    ],
    rows.map((row) => ({
      ...row,
      ...enquiryCsvValues(row),
      details: Object.entries(row.fields ?? {})
        .map(([key, value]) => `${key}: ${value}`)
        .join("\n"),
    })),
  );
  const prefix = ["submissions", query.source, query.held ? "held" : undefined].filter(Boolean).join("-");
  return { csv, filename: csvFilename(prefix), count: rows.length };
}

export async function deleteSubmission(id: string): Promise<boolean> {
  const deleted = await getDb().delete(submissions).where(eq(submissions.id, id)).returning({ id: submissions.id });
  return deleted.length > 0;
}
