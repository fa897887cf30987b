import { ilike, or, type AnyColumn, type SQL } from "drizzle-orm";

/** `column ILIKE %q%` over several columns, with the user's % and _ taken literally. */
export function containsAny(q: string, columns: AnyColumn[]): SQL | undefined {
  if (!q) return undefined;
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(...columns.map((column) => ilike(column, pattern)));
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
