import type { Column } from "./dashboard.server";

/** A dashboard table's column of text, and one of numbers (`short`: its header on narrow screens). */
export const textColumn = (key: string, header: string): Column => ({ key, header });
export const numberColumn = (key: string, header: string, short?: string): Column =>
  short ? { key, header, short, numeric: true } : { key, header, numeric: true };
