import type { Availability, Hours } from "./types";

/**
 * The admin's availability form in plain fields that work without JavaScript: one text field per
 * weekday ("09:00-12:00, 13:00-17:00"), one line per date override ("2026-12-24 off",
 * "2026-12-27 10:00-14:00"). These turn it into the API's shape and back; the checks of the
 * values themselves are the API's (slots.ts `validateAvailability`).
 */

export const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
export const SESSION_LENGTH_CHOICES = [30, 45, 60, 90] as const;

function parseHoursList(text: string, where: string): { hours: Hours[] } | { error: string } {
  const hours: Hours[] = [];
  for (const part of text
    .split(/[,;]/)
    .map((piece) => piece.trim())
    .filter(Boolean)) {
    const match = /^(\d{1,2}):(\d{2})\s*(?:-|–|to)\s*(\d{1,2}):(\d{2})$/.exec(part);
    if (!match) return { error: `${where}: write hours as 09:00-17:00 (several separated by commas)` };
    const pad = (value: string) => value.padStart(2, "0");
    hours.push({ start: `${pad(match[1]!)}:${match[2]}`, end: `${pad(match[3]!)}:${match[4]}` });
  }
  return { hours };
}

export function weeklyToText(weekly: Availability["weekly"], day: number): string {
  return weekly
    .filter((block) => block.day === day)
    .map((block) => `${block.start}-${block.end}`)
    .join(", ");
}

export function overridesToText(overrides: Availability["overrides"]): string {
  return overrides
    .map(
      (override) => `${override.date} ${override.hours.length === 0 ? "off" : override.hours.map((h) => `${h.start}-${h.end}`).join(", ")}`,
    )
    .join("\n");
}

export type AvailabilityFormResult = { ok: true; body: Record<string, unknown> } | { ok: false; errors: Record<string, string> };

/** The form's fields as the API's body, or a message per field that could not be read. */
export function availabilityBodyFromForm(form: FormData): AvailabilityFormResult {
  const errors: Record<string, string> = {};
  const weekly: { day: number; start: string; end: string }[] = [];
  WEEKDAYS.forEach((name, index) => {
    const parsed = parseHoursList(String(form.get(`day${index + 1}`) ?? ""), name);
    if ("error" in parsed) errors[`day${index + 1}`] = parsed.error;
    else weekly.push(...parsed.hours.map((hours) => ({ day: index + 1, ...hours })));
  });
  const overrides: { date: string; hours: Hours[] }[] = [];
  const lines = String(form.get("overrides") ?? "")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  for (const line of lines) {
    const match = /^(\d{4}-\d{2}-\d{2})\s+(.+)$/.exec(line);
    if (!match) {
      errors.overrides = `"${line.slice(0, 40)}": write a date and its hours, e.g. 2026-12-24 off or 2026-12-27 10:00-14:00`;
      break;
    }
    if (/^(off|closed|none)$/i.test(match[2]!.trim())) {
      overrides.push({ date: match[1]!, hours: [] });
      continue;
    }
    const parsed = parseHoursList(match[2]!, match[1]!);
    if ("error" in parsed) {
      errors.overrides = parsed.error;
      break;
    }
    overrides.push({ date: match[1]!, hours: parsed.hours });
  }
  const sessionMinutes = form
    .getAll("sessionMinutes")
    .map(Number)
    .filter((minutes) => Number.isInteger(minutes));
  if (sessionMinutes.length === 0) errors.sessionMinutes = "Choose at least one session length";
  const integer = (name: string, label: string) => {
    const text = String(form.get(name) ?? "").trim();
    if (!/^\d{1,4}$/.test(text)) {
      errors[name] = `${label} must be a whole number`;
      return 0;
    }
    return Number(text);
  };
  const body = {
    timeZone: String(form.get("timeZone") ?? "").trim(),
    weekly,
    overrides,
    sessionMinutes,
    bufferMinutes: integer("bufferMinutes", "Buffer"),
    minNoticeHours: integer("minNoticeHours", "Minimum notice"),
    horizonDays: integer("horizonDays", "Booking horizon"),
  };
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, body };
}
