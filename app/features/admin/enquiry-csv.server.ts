import { and, desc, eq, getTableColumns, type AnyColumn, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { getDb } from "~/.server/db/client";
import { enquiries, users } from "~/.server/db/tables";
import { majorUnits } from "~/lib/money";
import { csvColumns, toCsv } from "./csv.server";
import { heldCsvColumns } from "./held-items.server";

/**
 * The enquiry columns of the leads' and submissions' CSV exports (docs/admin.md, "Pages"): the
 * stage (its key: new, contacted, …, requested for mentoring), the owner's name, and the value
 * in major units with its ISO 4217 currency.
 */
const enquiryCsvFields = {
  stage: enquiries.stage,
  ownerName: users.name,
  valueMinor: enquiries.valueMinor,
  currency: enquiries.currency,
};

const enquiryCsvColumns = csvColumns("stage", "owner", "value", "currency");

function enquiryCsvValues(row: EnquiryCsvRow) {
  return {
    stage: row.stage,
    owner: row.ownerName,
    value: row.valueMinor !== null && row.currency ? majorUnits(row.valueMinor, row.currency) : null,
    currency: row.currency,
  };
}

type EnquiryRecordTable = PgTable & { id: AnyColumn; createdAt: AnyColumn };
type EnquiryCsvRow = { stage: string | null; ownerName: string | null; valueMinor: number | null; currency: string | null };

/**
 * The CSV of the leads or submissions that `where` picks, newest first: the record's own
 * `columns` (from the row and `extra`), then when and why it was held (with `held`), then its
 * enquiry's columns. `kind` is the enquiry kind of the records ("lead", or the submission's source).
 */
export async function enquiryRecordsCsv<T extends EnquiryRecordTable>(input: {
  table: T;
  kind: AnyColumn | "lead";
  where: SQL | undefined;
  held: boolean;
  columns: Array<{ key: string; header: string }>;
  extra: (row: T["$inferSelect"]) => Record<string, unknown>;
}): Promise<{ csv: string; count: number }> {
  const { table } = input;
  const from: PgTable = table;
  const rows = (await getDb()
    .select({ ...getTableColumns(from), ...enquiryCsvFields })
    .from(from)
    .leftJoin(enquiries, and(eq(enquiries.kind, input.kind), eq(enquiries.sourceId, table.id)))
    .leftJoin(users, eq(users.id, enquiries.ownerId))
    .where(input.where)
    .orderBy(desc(table.createdAt))) as Array<T["$inferSelect"] & EnquiryCsvRow>;
  const csv = toCsv(
    [...input.columns, ...(input.held ? heldCsvColumns : []), ...enquiryCsvColumns],
    rows.map((row) => ({ ...row, ...enquiryCsvValues(row), ...input.extra(row) })),
  );
  return { csv, count: rows.length };
}
