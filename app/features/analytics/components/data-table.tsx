import { DownloadIcon } from "lucide-react";
import type { Cell, DataTable } from "../dashboard.server";
import { csvHref, type DashboardRange } from "../dashboard-options";

const numberFormat = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 1 });

function formatCell(value: Cell, numeric: boolean | undefined): string {
  if (value === null || value === undefined || value === "") return numeric ? "–" : "";
  return typeof value === "number" ? numberFormat.format(value) : value;
}

function cellPadding(isFirst: boolean, numeric: boolean | undefined): string {
  if (isFirst) return "pr-3 sm:pr-4";
  return numeric ? "pl-3 text-right sm:pl-4" : "pl-3 sm:pl-4";
}

/** The CSV download of a table. */
export function CsvLink({ table, range }: { table: DataTable; range: DashboardRange }) {
  return (
    <a
      href={csvHref(range, table.id)}
      download
      className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-aurora-700 underline-offset-4 hover:underline"
    >
      <DownloadIcon aria-hidden="true" className="size-4" />
      CSV<span className="sr-only"> of {table.title.toLowerCase()}</span>
    </a>
  );
}

/**
 * A table of the dashboard. `barKey` draws each row's value of that column as a bar behind
 * the row's first cell (longest bar: largest value); `limit` shows the first rows only (the
 * CSV has all of them).
 */
export function DataTableView({
  table,
  barKey,
  limit,
  empty = "Nothing yet in this range.",
}: {
  table: DataTable;
  barKey?: string;
  limit?: number;
  empty?: string;
}) {
  const rows = limit ? table.rows.slice(0, limit) : table.rows;
  if (rows.length === 0) return <p className="py-6 text-sm text-ink-600">{empty}</p>;
  const max = barKey ? Math.max(1, ...rows.map((row) => Number(row[barKey] ?? 0))) : 1;
  const [first, ...rest] = table.columns;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{table.title}</caption>
        <thead className="border-b border-ink-200 text-ink-600">
          <tr>
            {table.columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={`py-2 align-bottom font-medium ${cellPadding(column.key === first!.key, column.numeric)}`}
              >
                {column.short ? (
                  <>
                    <span aria-hidden="true" className="sm:hidden">
                      {column.short}
                    </span>
                    <span className="max-sm:sr-only">{column.header}</span>
                  </>
                ) : (
                  column.header
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => {
            const share = barKey ? (Number(row[barKey] ?? 0) / max) * 100 : 0;
            return (
              <tr key={`${String(row[first!.key])}-${index}`} className="border-b border-ink-100 last:border-0">
                <th scope="row" className="relative max-w-[7.5rem] py-2 pr-3 font-normal sm:max-w-72 sm:pr-4">
                  {barKey ? (
                    <span aria-hidden="true" className="absolute inset-y-1 left-0 rounded bg-aurora-100" style={{ width: `${share}%` }} />
                  ) : null}
                  <span className="relative block truncate px-1" title={String(row[first!.key] ?? "")}>
                    {formatCell(row[first!.key] ?? null, first!.numeric)}
                  </span>
                </th>
                {rest.map((column) => (
                  <td key={column.key} className={`py-2 tabular-nums ${cellPadding(false, column.numeric)}`}>
                    {formatCell(row[column.key] ?? null, column.numeric)}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
      {limit && table.rows.length > limit ? (
        <p className="mt-2 text-xs text-ink-600">
          Top {limit} of {table.rows.length}; the CSV has all of them.
        </p>
      ) : null}
    </div>
  );
}
