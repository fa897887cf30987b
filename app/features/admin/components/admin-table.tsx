import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

/** A column of an admin table: its heading, right-aligned when `numeric`. */
type Column = string | { heading: ReactNode; numeric?: true };

/** A table's row of column headings; `padding` is its cells' (the rows' cells use the same). */
export function ColumnHeadings({ columns, padding = "px-4 py-3" }: { columns: Column[]; padding?: string }) {
  return (
    <thead className="bg-ink-50 text-ink-700">
      <tr>
        {columns.map((column, index) => {
          const { heading, numeric } = typeof column === "string" ? { heading: column, numeric: false } : column;
          return (
            <th key={index} scope="col" className={numeric ? `${padding} text-right font-semibold` : `${padding} font-semibold`}>
              {heading}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}

/**
 * A table on a white card that scrolls sideways on narrow screens: `caption` for screen readers,
 * a row of column headings, `children` as the body's rows; `after` stands below the table.
 */
export function AdminTable({
  caption,
  columns,
  className,
  after,
  children,
}: {
  caption: string;
  columns: Column[];
  className?: string;
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={cn(className, "overflow-x-auto rounded-[var(--radius-card)] border border-ink-200 bg-white")}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <ColumnHeadings columns={columns} />
        <tbody>{children}</tbody>
      </table>
      {after}
    </div>
  );
}
