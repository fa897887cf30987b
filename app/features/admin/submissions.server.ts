import { and, eq } from "drizzle-orm";
import { changeOneRow } from "~/.server/db/transaction";
import { submissions } from "~/.server/db/tables";
import type { SubmissionForMail } from "~/features/forms/submission-mails.server";
import { enquiryRecordsCsv } from "./enquiry-csv.server";
import { csvColumns, csvFilename } from "./csv.server";
import { heldFilter, heldRecordRow, type HoldInfo } from "./held-items.server";
import type { SubmissionQuery } from "./schema";
import { containsAny, newestFirstPage } from "./search.server";

/** A submission of the list: what its mails say of it, with the time as an ISO string. */
export type SubmissionRow = Omit<SubmissionForMail, "source" | "createdAt"> & {
  source: string;
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
    submissions: rows.map((row): SubmissionRow => ({ ...heldRecordRow(row), source: row.source, fields: row.fields ?? {} })),
    ...position,
  };
}

/**
 * Every matching submission as CSV, with its enquiry's stage, owner, value and currency: the
 * inbox, or with `held` the held ones (with when and why).
 */
export async function exportSubmissionsCsv(query: Pick<SubmissionQuery, "q" | "source" | "held">) {
  const { csv, count } = await enquiryRecordsCsv({
    table: submissions,
    kind: submissions.source,
    where: submissionFilter(query),
    held: query.held,
    columns: csvColumns("createdAt", "source", "name", "email", "details", "disclaimerAccepted", "id"),
    extra: (row) => ({
      details: Object.entries(row.fields ?? {})
        .map(([key, value]) => `${key}: ${value}`)
        .join("\n"),
    }),
  });
  const prefix = ["submissions", query.source, query.held ? "held" : undefined].filter(Boolean).join("-");
  return { csv, filename: csvFilename(prefix), count };
}

/** Erases one submission (GDPR); not_found when there is none. */
export async function deleteSubmission(id: string): Promise<void> {
  await changeOneRow(
    (tx) => tx.db.delete(submissions).where(eq(submissions.id, id)).returning({ id: submissions.id }),
    "No submission with this id.",
  );
}
