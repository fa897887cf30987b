import { describe, expect, it } from "vitest";
import { availabilityBodyFromForm, overridesToText, weeklyToText } from "./availability-form";

function form(fields: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) for (const item of [value].flat()) data.append(key, item);
  return data;
}

const base = { timeZone: "Europe/Oslo", sessionMinutes: ["30", "60"], bufferMinutes: "15", minNoticeHours: "24", horizonDays: "60" };

describe("the admin's availability form", () => {
  it("reads weekday fields and override lines into the API's shape, and writes them back the same", () => {
    const parsed = availabilityBodyFromForm(
      form({ ...base, day1: "09:00-12:00, 13:00–17:00", day6: "10:00 to 14:00", overrides: "2026-12-24 off\n2026-12-27 10:00-14:00" }),
    );
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const body = parsed.body as {
      weekly: { day: 1 | 2 | 3 | 4 | 5 | 6 | 7; start: string; end: string }[];
      overrides: { date: string; hours: { start: string; end: string }[] }[];
      sessionMinutes: number[];
    };
    expect(body.weekly).toEqual([
      { day: 1, start: "09:00", end: "12:00" },
      { day: 1, start: "13:00", end: "17:00" },
      { day: 6, start: "10:00", end: "14:00" },
    ]);
    expect(body.overrides).toEqual([
      { date: "2026-12-24", hours: [] },
      { date: "2026-12-27", hours: [{ start: "10:00", end: "14:00" }] },
    ]);
    expect(body.sessionMinutes).toEqual([30, 60]);
    expect(weeklyToText(body.weekly, 1)).toBe("09:00-12:00, 13:00-17:00");
    expect(overridesToText(body.overrides)).toBe("2026-12-24 off\n2026-12-27 10:00-14:00");
  });

  it("names the field it cannot read", () => {
    const parsed = availabilityBodyFromForm(
      form({ ...base, day1: "9-5", overrides: "Christmas off", sessionMinutes: [], bufferMinutes: "a lot" }),
    );
    expect(parsed).toEqual({
      ok: false,
      errors: {
        day1: "Monday: write hours as 09:00-17:00 (several separated by commas)",
        overrides: '"Christmas off": write a date and its hours, e.g. 2026-12-24 off or 2026-12-27 10:00-14:00',
        sessionMinutes: "Choose at least one session length",
        bufferMinutes: "Buffer must be a whole number",
      },
    });
  });
});
