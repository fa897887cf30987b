import { utcDay } from "~/lib/utc-day";
import { stringify } from "csv-stringify/sync";

/**
 * CSV for spreadsheets. Cells that a spreadsheet would run as a formula
 * (starting with = + - @ or a tab/CR) get a leading apostrophe, so an entry
 * like `=HYPERLINK(...)` typed into a form stays text (OWASP "CSV injection").
 */
export function toCsv<T extends Record<string, unknown>>(columns: Array<{ key: keyof T & string; header: string }>, rows: T[]): string {
  return stringify(rows, {
    header: true,
    columns: columns.map((column) => ({ key: column.key, header: column.header })),
    bom: true,
    cast: {
      string: neutralise,
      date: (value) => value.toISOString(),
      boolean: (value) => (value ? "true" : "false"),
    },
  });
}

/** CSV columns of these row keys, each headed by its key in snake case (`createdAt` as `created_at`). */
export function csvColumns<K extends string>(...keys: K[]): Array<{ key: K; header: string }> {
  return keys.map((key) => ({ key, header: key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`) }));
}

function neutralise(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export function csvResponse(csv: string, filename: string): Response {
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
    },
  });
}

export function csvFilename(prefix: string, now = new Date()): string {
  return `${prefix}-${utcDay(now)}.csv`;
}
