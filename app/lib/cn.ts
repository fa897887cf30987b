import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names (strings, arrays, `{ class: condition }` objects).
 * Overriding a UI primitive's look works by the cascade: the primitives'
 * own classes live in the components layer of app.css, and utilities always
 * win over them. Two utilities of the same kind in one element (say `mt-6`
 * and `mt-0`) are a bug the browser tests report (tests/e2e/fixtures.ts).
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
