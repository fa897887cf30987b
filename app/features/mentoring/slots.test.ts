import { DateTime } from "luxon";
import { describe, expect, test } from "vitest";
import { computeSlots, dayKey, groupSlotsByDay, isValidTimeZone, parseSlotId, validateAvailability, type ComputeSlotsInput } from "./slots";
import type { Availability, BusyInterval, Slot, WeeklyHours } from "./types";

const OSLO = "Europe/Oslo";

function weekdays(start: string, end: string, days: WeeklyHours["day"][] = [1, 2, 3, 4, 5]): WeeklyHours[] {
  return days.map((day) => ({ day, start, end }));
}

function availability(overrides: Partial<Availability> = {}): Availability {
  return {
    timeZone: OSLO,
    weekly: weekdays("09:00", "17:00"),
    overrides: [],
    sessionMinutes: [60],
    bufferMinutes: 0,
    minNoticeHours: 0,
    horizonDays: 365,
    ...overrides,
  };
}

/** computeSlots for mentor m1, by default on the weekly hours of availability() with nothing busy. */
function slotsFor(input: Partial<ComputeSlotsInput> & Pick<ComputeSlotsInput, "now">): Slot[] {
  return computeSlots({ mentorId: "m1", availability: availability(), busy: [], ...input });
}

/** The UTC instants of the slots, as ISO strings without milliseconds. */
function utc(slots: Slot[]): string[] {
  return slots.map((slot) => slot.start.toISOString().replace(".000Z", "Z"));
}

/** The wall times of the slots in a zone, "yyyy-MM-dd HH:mm". */
function wall(slots: Slot[], zone: string): string[] {
  return slots.map((slot) => DateTime.fromJSDate(slot.start, { zone }).toFormat("yyyy-MM-dd HH:mm"));
}

function onDay(slots: Slot[], day: string, zone = OSLO): Slot[] {
  return slots.filter((slot) => dayKey(slot.start, zone) === day);
}

function at(iso: string): Date {
  return new Date(iso);
}

// Monday 11 January 2027; Oslo is at +01:00 all week.
const MONDAY = at("2027-01-11T00:00:00+01:00");
const BEFORE = at("2027-01-01T00:00:00Z");

describe("computeSlots: weekly hours and overrides", () => {
  test("Mon–Fri 09:00–17:00 Oslo, 60 min, no buffer: 8 slots a weekday from 09:00 to 16:00, none at the weekend", () => {
    const slots = slotsFor({ now: BEFORE, from: MONDAY, days: 7 });
    for (const day of ["2027-01-11", "2027-01-12", "2027-01-13", "2027-01-14", "2027-01-15"]) {
      const daySlots = onDay(slots, day);
      expect(daySlots).toHaveLength(8);
      expect(wall(daySlots, OSLO)[0]).toBe(`${day} 09:00`);
      expect(wall(daySlots, OSLO).at(-1)).toBe(`${day} 16:00`);
    }
    expect(onDay(slots, "2027-01-16")).toEqual([]);
    expect(onDay(slots, "2027-01-17")).toEqual([]);
    expect(slots).toHaveLength(40);
    expect(slots[0]).toEqual({
      id: "m1.20270111T0800Z.60",
      mentorId: "m1",
      start: at("2027-01-11T08:00:00Z"),
      end: at("2027-01-11T09:00:00Z"),
      minutes: 60,
    });
    expect(utc(slots).at(-1)).toBe("2027-01-15T15:00:00Z");
  });

  test("an empty override is a day off and an override on a Saturday adds hours that day only", () => {
    const slots = slotsFor({
      availability: availability({
        overrides: [
          { date: "2027-01-13", hours: [] },
          { date: "2027-01-16", hours: [{ start: "10:00", end: "12:00" }] },
        ],
      }),
      now: BEFORE,
      from: MONDAY,
      days: 7,
    });
    expect(onDay(slots, "2027-01-13")).toEqual([]);
    expect(wall(onDay(slots, "2027-01-16"), OSLO)).toEqual(["2027-01-16 10:00", "2027-01-16 11:00"]);
    expect(onDay(slots, "2027-01-17")).toEqual([]);
    expect(slots).toHaveLength(4 * 8 + 2);
  });

  test("an override replaces the weekly hours of its date", () => {
    const slots = slotsFor({
      availability: availability({ overrides: [{ date: "2027-01-12", hours: [{ start: "13:00", end: "15:00" }] }] }),
      now: BEFORE,
      from: MONDAY,
      days: 2,
    });
    expect(wall(onDay(slots, "2027-01-12"), OSLO)).toEqual(["2027-01-12 13:00", "2027-01-12 14:00"]);
  });

  test("every offered length is stepped from the window start, sorted by start then length", () => {
    const slots = slotsFor({
      availability: availability({ weekly: weekdays("09:00", "10:30", [1]), sessionMinutes: [30, 60] }),
      now: BEFORE,
      from: MONDAY,
      days: 1,
    });
    expect(slots.map((slot) => slot.id)).toEqual([
      "m1.20270111T0800Z.30",
      "m1.20270111T0800Z.60",
      "m1.20270111T0830Z.30",
      "m1.20270111T0900Z.30",
    ]);
  });

  test("minutes picks one length, and a length the mentor does not offer gives no slots", () => {
    const input = { availability: availability({ sessionMinutes: [30, 60] }), now: BEFORE, from: MONDAY, days: 1 };
    expect(slotsFor({ ...input, minutes: 30 })).toHaveLength(16);
    expect(slotsFor({ ...input, minutes: 60 })).toHaveLength(8);
    expect(slotsFor({ ...input, minutes: 45 })).toEqual([]);
  });

  test("24:00 ends a window at the next midnight", () => {
    const slots = slotsFor({
      availability: availability({ weekly: weekdays("22:00", "24:00", [1]) }),
      now: BEFORE,
      from: MONDAY,
      days: 1,
    });
    expect(wall(slots, OSLO)).toEqual(["2027-01-11 22:00", "2027-01-11 23:00"]);
  });

  test("overlapping hours (refused on save, possible in old data) give each slot once", () => {
    const slots = slotsFor({
      availability: availability({ weekly: [...weekdays("09:00", "12:00", [1]), ...weekdays("10:00", "12:00", [1])] }),
      now: BEFORE,
      from: MONDAY,
      days: 1,
    });
    expect(wall(slots, OSLO).map((time) => time.slice(11))).toEqual(["09:00", "10:00", "11:00"]);
  });

  test("a from long before now gives the same slots as from now", () => {
    const input = { availability: availability({ horizonDays: 14 }), now: MONDAY };
    expect(slotsFor({ ...input, from: new Date(0), days: 1_000_000 })).toEqual(slotsFor(input));
  });

  test("an unknown time zone is an error, not an empty page", () => {
    expect(() => slotsFor({ availability: availability({ timeZone: "Mars/Olympus" }), now: BEFORE })).toThrow(RangeError);
  });
});

describe("computeSlots: Europe/Oslo daylight-saving changes", () => {
  // Every day, the weekend included: the night hours span the change, the morning ones do not.
  const everyDay = availability({
    weekly: [...weekdays("00:00", "06:00", [1, 2, 3, 4, 5, 6, 7]), ...weekdays("09:00", "12:00", [1, 2, 3, 4, 5, 6, 7])],
  });

  describe("daylight-saving starts on 28 March 2027 (02:00 → 03:00)", () => {
    const slots = slotsFor({
      availability: everyDay,
      now: at("2027-03-01T00:00:00Z"),
      from: at("2027-03-27T12:00:00Z"),
      days: 3,
    });

    test("daylight-saving 28 March 2027: 09:00 Oslo is 08:00Z the day before and 07:00Z on the day and after", () => {
      expect(utc(onDay(slots, "2027-03-27")).slice(-3)).toEqual(["2027-03-27T08:00:00Z", "2027-03-27T09:00:00Z", "2027-03-27T10:00:00Z"]);
      expect(utc(onDay(slots, "2027-03-28")).slice(-3)).toEqual(["2027-03-28T07:00:00Z", "2027-03-28T08:00:00Z", "2027-03-28T09:00:00Z"]);
      expect(utc(onDay(slots, "2027-03-29")).slice(-3)).toEqual(["2027-03-29T07:00:00Z", "2027-03-29T08:00:00Z", "2027-03-29T09:00:00Z"]);
    });

    test("daylight-saving 28 March 2027: the 00:00–06:00 window is 5 real hours, so 5 slots of 60 real minutes and none at 02:00", () => {
      const night = onDay(slots, "2027-03-28").slice(0, -3);
      expect(utc(night)).toEqual([
        "2027-03-27T23:00:00Z",
        "2027-03-28T00:00:00Z",
        "2027-03-28T01:00:00Z",
        "2027-03-28T02:00:00Z",
        "2027-03-28T03:00:00Z",
      ]);
      expect(wall(night, OSLO)).toEqual([
        "2027-03-28 00:00",
        "2027-03-28 01:00",
        "2027-03-28 03:00",
        "2027-03-28 04:00",
        "2027-03-28 05:00",
      ]);
      for (const slot of night) expect(slot.end.getTime() - slot.start.getTime()).toBe(60 * 60_000);
    });

    test("daylight-saving 28 March 2027: hours that start at a wall time that does not exist (02:30) start at 03:30", () => {
      const gap = slotsFor({
        availability: availability({ weekly: [], overrides: [{ date: "2027-03-28", hours: [{ start: "02:30", end: "04:30" }] }] }),
        now: at("2027-03-01T00:00:00Z"),
        from: at("2027-03-28T12:00:00Z"),
        days: 1,
      });
      // 02:30 +01:00 would be 01:30Z, which Oslo calls 03:30 +02:00; only one hour is left.
      expect(utc(gap)).toEqual(["2027-03-28T01:30:00Z"]);
      expect(wall(gap, OSLO)).toEqual(["2027-03-28 03:30"]);
    });
  });

  describe("daylight-saving ends on 31 October 2027 (03:00 → 02:00)", () => {
    const slots = slotsFor({
      availability: everyDay,
      now: at("2027-10-01T00:00:00Z"),
      from: at("2027-10-30T12:00:00Z"),
      days: 3,
    });

    test("daylight-saving 31 October 2027: 09:00 Oslo is 07:00Z the day before and 08:00Z on the day and the Monday after", () => {
      expect(utc(onDay(slots, "2027-10-30")).slice(-3)[0]).toBe("2027-10-30T07:00:00Z");
      expect(utc(onDay(slots, "2027-10-31")).slice(-3)[0]).toBe("2027-10-31T08:00:00Z");
      expect(utc(onDay(slots, "2027-11-01")).slice(-3)).toEqual(["2027-11-01T08:00:00Z", "2027-11-01T09:00:00Z", "2027-11-01T10:00:00Z"]);
    });

    test("daylight-saving 31 October 2027: the 00:00–06:00 window is 7 real hours, so 7 slots of 60 real minutes with 02:00 twice", () => {
      const night = onDay(slots, "2027-10-31").slice(0, -3);
      expect(utc(night)).toEqual([
        "2027-10-30T22:00:00Z",
        "2027-10-30T23:00:00Z",
        "2027-10-31T00:00:00Z",
        "2027-10-31T01:00:00Z",
        "2027-10-31T02:00:00Z",
        "2027-10-31T03:00:00Z",
        "2027-10-31T04:00:00Z",
      ]);
      expect(wall(night, OSLO)).toEqual([
        "2027-10-31 00:00",
        "2027-10-31 01:00",
        "2027-10-31 02:00",
        "2027-10-31 02:00",
        "2027-10-31 03:00",
        "2027-10-31 04:00",
        "2027-10-31 05:00",
      ]);
      for (const slot of night) expect(slot.end.getTime() - slot.start.getTime()).toBe(60 * 60_000);
      expect(new Set(night.map((slot) => slot.id)).size).toBe(7);
    });

    test("daylight-saving 31 October 2027: an ambiguous wall time (02:30) is the first one, whatever the offset on the day of asking", () => {
      const ambiguous = (now: string) =>
        slotsFor({
          availability: availability({
            weekly: [],
            overrides: [{ date: "2027-10-31", hours: [{ start: "02:30", end: "04:00" }] }],
            horizonDays: 365,
          }),
          now: at(now),
          from: at("2027-10-31T12:00:00Z"),
          days: 1,
        });
      // 02:30 +02:00 (00:30Z) to 04:00 +01:00 (03:00Z): two and a half real hours.
      const inSummer = ambiguous("2027-10-01T00:00:00Z");
      expect(utc(inSummer)).toEqual(["2027-10-31T00:30:00Z", "2027-10-31T01:30:00Z"]);
      // luxon's DateTime.fromObject would pick +01:00 when asked in winter.
      expect(utc(ambiguous("2027-01-15T00:00:00Z"))).toEqual(utc(inSummer));
    });
  });
});

describe("computeSlots: notice, horizon, buffer and busy time", () => {
  test("min notice: with now at 09:30 Oslo and 2 hours' notice the first slot is 12:00", () => {
    const slots = slotsFor({
      availability: availability({ minNoticeHours: 2 }),
      now: at("2027-01-11T09:30:00+01:00"),
      days: 1,
    });
    expect(wall(slots, OSLO)).toEqual(["2027-01-11 12:00", "2027-01-11 13:00", "2027-01-11 14:00", "2027-01-11 15:00", "2027-01-11 16:00"]);
  });

  test("min notice: a slot exactly at now + notice is kept", () => {
    const slots = slotsFor({
      availability: availability({ minNoticeHours: 2 }),
      now: at("2027-01-11T10:00:00+01:00"),
      days: 1,
    });
    expect(wall(slots, OSLO)[0]).toBe("2027-01-11 12:00");
  });

  test("horizon: nothing starts later than horizonDays × 24 hours after now, even if more days are asked for", () => {
    const slots = slotsFor({
      availability: availability({ horizonDays: 1 }),
      now: at("2027-01-11T09:00:00+01:00"),
      days: 5,
    });
    expect(onDay(slots, "2027-01-11")).toHaveLength(8);
    // Tuesday 09:00 is exactly 24 hours on: kept; 10:00 is past the horizon.
    expect(wall(onDay(slots, "2027-01-12"), OSLO)).toEqual(["2027-01-12 09:00"]);
    expect(slots).toHaveLength(9);
  });

  test("the default span is horizonDays dates from now's date", () => {
    const slots = slotsFor({
      availability: availability({ horizonDays: 7 }),
      now: at("2027-01-11T00:00:00+01:00"),
    });
    expect(slots).toHaveLength(40);
  });

  test("buffer: a 10:00–11:00 booking with a 15-minute buffer (busy 10:00–11:15) takes the 09:00, 10:00 and 11:00 slots; 12:00 is free", () => {
    const booking: BusyInterval = { start: at("2027-01-11T10:00:00+01:00"), end: at("2027-01-11T11:15:00+01:00") };
    const slots = slotsFor({
      availability: availability({ bufferMinutes: 15 }),
      busy: [booking],
      now: BEFORE,
      from: MONDAY,
      days: 1,
    });
    expect(wall(slots, OSLO).map((time) => time.slice(11))).toEqual(["12:00", "13:00", "14:00", "15:00", "16:00"]);
  });

  test("buffer: a calendar block is used as it is, so only the new slot's own buffer keeps its distance", () => {
    const block: BusyInterval = { start: at("2027-01-11T14:00:00+01:00"), end: at("2027-01-11T14:30:00+01:00") };
    const input = { busy: [block], now: BEFORE, from: MONDAY, days: 1 };
    const noBuffer = slotsFor({ ...input, availability: availability({ bufferMinutes: 0 }) });
    // 13:00–14:00 only touches the block: the ranges are half-open.
    expect(wall(noBuffer, OSLO).map((time) => time.slice(11))).toEqual(["09:00", "10:00", "11:00", "12:00", "13:00", "15:00", "16:00"]);
    const withBuffer = slotsFor({ ...input, availability: availability({ bufferMinutes: 15 }) });
    expect(wall(withBuffer, OSLO).map((time) => time.slice(11))).toEqual(["09:00", "10:00", "11:00", "12:00", "15:00", "16:00"]);
  });

  test("busy intervals may come unsorted, overlapping, nested or empty", () => {
    const busy: BusyInterval[] = [
      { start: at("2027-01-11T15:00:00+01:00"), end: at("2027-01-11T15:10:00+01:00") },
      { start: at("2027-01-11T09:30:00+01:00"), end: at("2027-01-11T12:30:00+01:00") },
      { start: at("2027-01-11T10:00:00+01:00"), end: at("2027-01-11T10:30:00+01:00") },
      { start: at("2027-01-11T12:00:00+01:00"), end: at("2027-01-11T12:45:00+01:00") },
      { start: at("2027-01-11T13:30:00+01:00"), end: at("2027-01-11T13:30:00+01:00") },
    ];
    const slots = slotsFor({ busy, now: BEFORE, from: MONDAY, days: 1 });
    expect(wall(slots, OSLO).map((time) => time.slice(11))).toEqual(["13:00", "14:00", "16:00"]);
  });

  test("slots on other days are not touched by a busy interval", () => {
    const busy: BusyInterval[] = [{ start: at("2027-01-12T00:00:00+01:00"), end: at("2027-01-13T00:00:00+01:00") }];
    const slots = slotsFor({ busy, now: BEFORE, from: MONDAY, days: 3 });
    expect(onDay(slots, "2027-01-11")).toHaveLength(8);
    expect(onDay(slots, "2027-01-12")).toEqual([]);
    expect(onDay(slots, "2027-01-13")).toHaveLength(8);
  });
});

describe("showing slots in the visitor's zone", () => {
  test("Asia/Kolkata (+05:30): a 19:00Z slot is on the next local date at 00:30", () => {
    const slots = slotsFor({
      availability: availability({ weekly: weekdays("19:00", "21:00", [1]), sessionMinutes: [30] }),
      now: BEFORE,
      from: MONDAY,
      days: 1,
    });
    expect(utc(slots)).toEqual(["2027-01-11T18:00:00Z", "2027-01-11T18:30:00Z", "2027-01-11T19:00:00Z", "2027-01-11T19:30:00Z"]);
    expect(dayKey(at("2027-01-11T19:00:00Z"), "Asia/Kolkata")).toBe("2027-01-12");
    expect(dayKey(at("2027-01-11T19:00:00Z"), OSLO)).toBe("2027-01-11");
    const groups = groupSlotsByDay(slots, "Asia/Kolkata");
    expect(groups.map((group) => [group.day, wall(group.slots, "Asia/Kolkata")])).toEqual([
      ["2027-01-11", ["2027-01-11 23:30"]],
      ["2027-01-12", ["2027-01-12 00:00", "2027-01-12 00:30", "2027-01-12 01:00"]],
    ]);
  });

  test("Pacific/Auckland (+13 in NZ summer): Monday 09:00 Oslo is Monday 21:00 there, Monday 13:00 Oslo is Tuesday 01:00", () => {
    const slots = slotsFor({
      availability: availability({ weekly: weekdays("09:00", "14:00", [1]) }),
      now: BEFORE,
      from: MONDAY,
      days: 1,
    });
    const groups = groupSlotsByDay(slots, "Pacific/Auckland");
    const show = (slot: Slot) => DateTime.fromJSDate(slot.start, { zone: "Pacific/Auckland" }).toFormat("cccc HH:mm");
    expect(groups.map((group) => [group.day, group.slots.map(show)])).toEqual([
      ["2027-01-11", ["Monday 21:00", "Monday 22:00", "Monday 23:00"]],
      ["2027-01-12", ["Tuesday 00:00", "Tuesday 01:00"]],
    ]);
    expect(wall(groups[1]?.slots ?? [], OSLO).at(-1)).toBe("2027-01-11 13:00");
  });

  test("groupSlotsByDay puts unsorted slots of several mentors in date order, and handles the 23-hour daylight-saving day of 28 March 2027", () => {
    const input = {
      availability: availability({ weekly: weekdays("00:00", "24:00", [6, 7, 1]), sessionMinutes: [60] }),
      busy: [],
      now: at("2027-03-01T00:00:00Z"),
      from: at("2027-03-27T12:00:00Z"),
      days: 3,
    };
    const slots = [...computeSlots({ ...input, mentorId: "b" }), ...computeSlots({ ...input, mentorId: "a" })].reverse();
    const groups = groupSlotsByDay(slots, OSLO);
    expect(groups.map((group) => [group.day, group.slots.length])).toEqual([
      ["2027-03-27", 48],
      ["2027-03-28", 46],
      ["2027-03-29", 48],
    ]);
    for (const group of groups) for (const slot of group.slots) expect(dayKey(slot.start, OSLO)).toBe(group.day);
  });
});

describe("slot ids", () => {
  test("parseSlotId reads back every id computeSlots makes, a mentor id with dots included", () => {
    const slots = computeSlots({
      mentorId: "team.oslo.ada",
      availability: availability({ sessionMinutes: [30, 60] }),
      busy: [],
      now: BEFORE,
      from: MONDAY,
      days: 7,
    });
    expect(slots[0]?.id).toBe("team.oslo.ada.20270111T0800Z.30");
    for (const slot of slots) {
      expect(parseSlotId(slot.id)).toEqual({ mentorId: slot.mentorId, start: slot.start, minutes: slot.minutes });
    }
  });

  test("parseSlotId rejects tampered or malformed ids", () => {
    const bad = [
      "",
      "abc123",
      "abc123.20261203T0900Z",
      ".20261203T0900Z.60",
      "abc123.20261340T2599Z.60",
      "abc123.20261203T2500Z.60",
      "abc123.20261203T0960Z.60",
      "abc123.20270229T0900Z.60",
      "abc123.00500101T0900Z.60",
      "abc123.20261203T0900Z.0",
      "abc123.20261203T0900Z.060",
      "abc123.20261203T0900Z.481",
      "abc123.20261203T0900Z.-60",
      "abc123.20261203T0900Z.60.5",
      "abc123.20261203T0900Z.6e1",
      "abc123.20261203T0900.60",
      "abc123.2026-12-03T09:00Z.60",
      "abc123.20261203T0900Z.60 ",
      `${"x".repeat(190)}.20261203T0900Z.60`,
    ];
    for (const id of bad) expect(parseSlotId(id), id).toBeNull();
    expect(parseSlotId("abc123.20261203T0900Z.480")).toEqual({ mentorId: "abc123", start: at("2026-12-03T09:00:00Z"), minutes: 480 });
    expect(parseSlotId("abc123.20280229T2359Z.5")?.start).toEqual(at("2028-02-29T23:59:00Z"));
  });
});

describe("time zones and availability checks", () => {
  test("isValidTimeZone accepts IANA names and UTC, and refuses Mars/Olympus, empty, Local and offsets", () => {
    for (const name of ["Europe/Oslo", "Asia/Kolkata", "Pacific/Auckland", "America/Argentina/Buenos_Aires", "UTC", "Etc/GMT+5"]) {
      expect(isValidTimeZone(name), name).toBe(true);
    }
    for (const name of ["Mars/Olympus", "", "Local", "local", "system", "+05:30", "-03:00", "Europe/", "Europe//Oslo", " Europe/Oslo"]) {
      expect(isValidTimeZone(name), name).toBe(false);
    }
  });

  test("validateAvailability accepts a sound availability", () => {
    expect(
      validateAvailability(
        availability({
          weekly: [...weekdays("09:00", "12:00"), ...weekdays("12:00", "17:00"), { day: 6, start: "00:00", end: "24:00" }],
          overrides: [
            { date: "2027-03-28", hours: [] },
            { date: "2028-02-29", hours: [{ start: "10:00", end: "11:00" }] },
          ],
          sessionMinutes: [5, 30, 60, 480],
          bufferMinutes: 240,
          minNoticeHours: 720,
          horizonDays: 1,
        }),
      ),
    ).toEqual([]);
  });

  test("validateAvailability names each problem: zone, malformed and overlapping hours, bad dates, lengths, buffer, notice, horizon", () => {
    const messages = validateAvailability({
      timeZone: "Mars/Olympus",
      weekly: [
        { day: 1, start: "9:00", end: "17:00" },
        { day: 2, start: "10:00", end: "09:00" },
        { day: 3, start: "09:00", end: "24:30" },
        { day: 4, start: "09:00", end: "12:00" },
        { day: 4, start: "11:00", end: "13:00" },
      ],
      overrides: [
        { date: "2027-02-30", hours: [] },
        { date: "27-01-01", hours: [] },
        {
          date: "2027-01-05",
          hours: [
            { start: "10:00", end: "12:00" },
            { start: "11:30", end: "12:30" },
          ],
        },
        { date: "2027-01-05", hours: [] },
      ],
      sessionMinutes: [0, 7, 485, 60],
      bufferMinutes: 241,
      minNoticeHours: -1,
      horizonDays: 0,
    });
    expect(messages).toEqual([
      'Unknown time zone "Mars/Olympus": use an IANA name such as Europe/Oslo.',
      "Monday 9:00–17:00: times are written HH:MM, from 00:00 to 24:00.",
      "Tuesday 10:00–09:00: the end must be after the start.",
      "Wednesday 09:00–24:30: times are written HH:MM, from 00:00 to 24:00.",
      "Thursday: 09:00–12:00 overlaps 11:00–13:00.",
      'The date "2027-02-30" is not a real date written YYYY-MM-DD.',
      'The date "27-01-01" is not a real date written YYYY-MM-DD.',
      "2027-01-05: 10:00–12:00 overlaps 11:30–12:30.",
      "2027-01-05 has more than one set of hours.",
      "A session of 0 minutes: lengths are multiples of 5 from 5 to 480 minutes.",
      "A session of 7 minutes: lengths are multiples of 5 from 5 to 480 minutes.",
      "A session of 485 minutes: lengths are multiples of 5 from 5 to 480 minutes.",
      "The buffer is a whole number of minutes from 0 to 240.",
      "The minimum notice is a whole number of hours from 0 to 720.",
      "The booking horizon is a whole number of days from 1 to 365.",
    ]);
    expect(validateAvailability(availability({ sessionMinutes: [] }))).toEqual(["Offer at least one session length."]);
  });
});
