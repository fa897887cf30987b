import { count, desc, ilike, or, type AnyColumn, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { getDb } from "~/.server/db/client";
import { PAGE_SIZE } from "./schema";

/** `column ILIKE %q%` over several columns, with the user's % and _ taken literally. */
export function containsAny(q: string, columns: AnyColumn[]): SQL | undefined {
  if (!q) return undefined;
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(...columns.map((column) => ilike(column, pattern)));
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** One page of a list page's rows, newest first, and where it stands (a page past the last shows the last). */
export async function newestFirstPage<T extends PgTable & { createdAt: AnyColumn; id: AnyColumn }>(
  table: T,
  where: SQL | undefined,
  requestedPage: number,
) {
  const db = getDb();
  const from: PgTable = table;
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(from).where(where);
  const pages = pageCount(total, PAGE_SIZE);
  const page = Math.min(requestedPage, pages);
  const rows = await db
    .select()
    .from(from)
    .where(where)
    .orderBy(desc(table.createdAt), desc(table.id))
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
  return { rows: rows as T["$inferSelect"][], total, page, pageCount: pages };
}
