/** "2026-11-21": the UTC calendar day of `date` (what budgets, issues and analytics days count by). */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}
