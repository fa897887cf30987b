import type { ReactNode } from "react";

/** A FigureList's classes: the <dl>, each pair's <div> (no class when absent), the <dt> and the <dd>. */
export type FigureListClasses = { list: string; item?: string; label: string; value: string };

/**
 * Labelled values (a page's stats, a project's results and facts) as a <dl>, one <div> a pair.
 * The label comes first in the HTML; where a page draws the figure above it, its item class
 * reverses the pair (`flex-col-reverse`).
 */
export function FigureList({ items, classes }: { items: readonly { label: string; value: ReactNode }[]; classes: FigureListClasses }) {
  return (
    <dl className={classes.list}>
      {items.map((item) => (
        <div key={item.label} className={classes.item}>
          <dt className={classes.label}>{item.label}</dt>
          <dd className={classes.value}>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
