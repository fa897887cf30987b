/**
 * The free slots of a mentor, computed from their availability and what is already taken:
 * pure (no database, no clock; `now` comes in), so the booking page, the booking action and
 * the tests all see the same answer.
 *
 * Hours are wall-clock times in the mentor's time zone; everything else is an instant. The
 * conversion happens once per window boundary (not per slot), and slots are then stepped in
 * real elapsed time, so a 60-minute session is 60 minutes long even on the night the clocks
 * change. Two wall times need a rule there (this is what the booking page promises):
 * - a time that does not exist (spring forward, e.g. 02:30 in Oslo on 28 March 2027) moves
 *   forward by the length of the gap, to 03:30, as luxon and Temporal's "compatible" do;
 * - a time that happens twice (autumn, e.g. 02:30 in Oslo on 31 October 2027) is the first
 *   of the two, with the earlier (summer) offset.
 * luxon's `DateTime.fromObject` settles the second case by the offset in force *now*, so the
 * same availability would give different slots in January and in July; the conversion is
 * therefore done here from luxon's zone offsets (see `wallToInstant`).
 */
import { IANAZone } from "luxon";
import type { Availability, BusyInterval, Hours, IsoWeekday, Slot } from "./types";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Offsets on Earth lie within −12:00 and +14:00: bounds for "some instant of this date". */
const MAX_OFFSET_AHEAD = 14 * HOUR;
const MAX_OFFSET_BEHIND = 12 * HOUR;

const MAX_SLOT_ID_LENGTH = 200;
const MAX_SESSION_MINUTES = 480;

const WEEKDAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

export type ComputeSlotsInput = {
  mentorId: string;
  availability: Availability;
  /**
   * Taken time, in any order, overlapping or not. A booking is passed with its buffer,
   * [start, end + buffer); a busy block of the mentor's calendar as it is.
   */
  busy: BusyInterval[];
  now: Date;
  /** The first date shown is this instant's date in the mentor's zone (default: now's). */
  from?: Date;
  /** How many dates from `from` (default: the horizon in days). */
  days?: number;
  /** Only this session length; one the mentor does not offer gives no slots. */
  minutes?: number;
};

/**
 * The free slots of one mentor, sorted by start (then length).
 *
 * For each date in the mentor's zone, from `from`'s date for `days` dates, the hours are the
 * override for that date if there is one (an empty one is a day off), else the weekly hours of
 * its weekday. Each window is stepped by each session length from its start: a slot starts at
 * the window's start, start + length, … as long as it ends by the window's end.
 *
 * A slot is kept when it starts at least `minNoticeHours` after now, no later than
 * `horizonDays` × 24 hours after now, and its occupied range [start, end + buffer) overlaps no
 * busy interval. That is the database's rule too: a new booking occupies its session plus the
 * buffer after it and must not overlap anything already occupied. Bookings come in already
 * extended by their buffer, so with a 10:00–11:00 booking and a 15-minute buffer (busy
 * [10:00, 11:15)) the 60-minute slots at 09:00 (its own buffer runs to 10:15) and 11:00 are
 * taken and 12:00 is free; a calendar block is used as it is, so only the new slot's buffer
 * keeps a distance from it.
 *
 * Throws a RangeError for an unknown time zone or an invalid `now`/`from` (the availability is
 * checked with `validateAvailability` when it is saved). Malformed hours or session lengths
 * are skipped rather than thrown on.
 */
export function computeSlots(input: ComputeSlotsInput): Slot[] {
  const { mentorId, availability, now } = input;
  const zone = zoneOrThrow(availability.timeZone);
  const nowMs = now.getTime();
  const fromMs = (input.from ?? now).getTime();
  if (!Number.isFinite(nowMs) || !Number.isFinite(fromMs)) throw new RangeError("computeSlots: invalid now or from");

  const earliest = nowMs + availability.minNoticeHours * HOUR;
  const latest = nowMs + availability.horizonDays * DAY;
  if (!Number.isFinite(earliest) || !Number.isFinite(latest) || latest < earliest) return [];

  const offered = new Set(availability.sessionMinutes.filter(isSessionLength));
  const lengths = input.minutes === undefined ? [...offered] : offered.has(input.minutes) ? [input.minutes] : [];
  if (lengths.length === 0) return [];

  const weekly = new Map<IsoWeekday, Range[]>();
  for (const hours of availability.weekly) {
    const range = parseHours(hours);
    if (!range) continue;
    const list = weekly.get(hours.day) ?? [];
    list.push(range);
    weekly.set(hours.day, list);
  }
  // The first override of a date wins; validateAvailability refuses duplicates anyway.
  const overrides = new Map<string, Range[]>();
  for (const override of availability.overrides) {
    if (overrides.has(override.date)) continue;
    overrides.set(
      override.date,
      override.hours.map(parseHours).filter((range): range is Range => range !== null),
    );
  }

  const taken = mergeBusy(input.busy);
  const bufferMs = Math.max(0, availability.bufferMinutes) * MINUTE;
  const dayCount = Math.max(0, Math.floor(input.days ?? availability.horizonDays));
  // The first date as midnight "UTC-as-local": dates are then plain arithmetic on days.
  const firstLocal = fromMs + zone.offset(fromMs) * MINUTE;
  const firstDate = firstLocal - mod(firstLocal, DAY);

  // Each slot is first a number, start + minutes (starts are whole minutes in ms, lengths at
  // most 480): a typed array sorts those by start, then length, without a comparator, and
  // objects are made only for the slots that are kept.
  const keys: number[] = [];
  // Dates none of whose wall times can be an instant in [earliest, latest] are passed over
  // without luxon; a `from` long before now does not walk through the dates in between.
  const skipped = Math.max(0, Math.floor((earliest - MAX_OFFSET_BEHIND - DAY - firstDate) / DAY));
  for (let i = skipped; i < dayCount; i++) {
    const date = firstDate + i * DAY;
    if (date - MAX_OFFSET_AHEAD > latest) break;
    if (date + DAY + MAX_OFFSET_BEHIND < earliest) continue;

    const dateKey = new Date(date).toISOString().slice(0, 10);
    const ranges = overrides.get(dateKey) ?? weekly.get(isoWeekday(date)) ?? [];
    if (ranges.length === 0) continue;

    const offsets = dateOffsets(zone, date);
    for (const [startMinute, endMinute] of ranges) {
      const windowStart = wallToInstant(zone, offsets, date + startMinute * MINUTE);
      const windowEnd = wallToInstant(zone, offsets, date + endMinute * MINUTE);
      for (const minutes of lengths) {
        const length = minutes * MINUTE;
        for (let start = windowStart; start + length <= windowEnd; start += length) {
          if (start > latest) break;
          if (start < earliest) continue;
          // Ids carry whole minutes; a zone with a seconds offset (none today) must not make an
          // id that names another instant.
          if (mod(start, MINUTE) !== 0) continue;
          if (overlapsTaken(taken, start, start + length + bufferMs)) continue;
          keys.push(start + minutes);
        }
      }
    }
  }

  const sorted = Float64Array.from(keys).sort();
  const slots: Slot[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const key = sorted[i] ?? 0;
    // Overlapping windows (refused on save, but possible in old data) would repeat a slot.
    if (i > 0 && sorted[i - 1] === key) continue;
    const minutes = mod(key, MINUTE);
    const start = key - minutes;
    slots.push({
      id: slotId(mentorId, start, minutes),
      mentorId,
      start: new Date(start),
      end: new Date(start + minutes * MINUTE),
      minutes,
    });
  }
  return slots;
}

/**
 * `<mentorId>.<yyyyMMddTHHmmZ>.<minutes>` as computeSlots writes it, or null. Read from the
 * right, so a mentor id may hold dots. Strict, because the id comes back from a form: the
 * date must exist, the minutes are written without leading zeros (one id per slot), and the
 * booking still checks that the slot is free.
 */
export function parseSlotId(id: string): { mentorId: string; start: Date; minutes: number } | null {
  if (typeof id !== "string" || id.length > MAX_SLOT_ID_LENGTH) return null;
  const match = /^(.+)\.(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})Z\.([1-9]\d{0,2})$/s.exec(id);
  if (!match) return null;
  const [, mentorId, ...numbers] = match;
  const [year, month, day, hour, minute, minutes] = numbers.map(Number);
  if (
    mentorId === undefined ||
    year === undefined ||
    month === undefined ||
    day === undefined ||
    hour === undefined ||
    minute === undefined ||
    minutes === undefined
  ) {
    return null;
  }
  if (minutes > MAX_SESSION_MINUTES || hour > 23 || minute > 59) return null;
  const start = new Date(Date.UTC(year, month - 1, day, hour, minute));
  // Date.UTC rolls 20261340 over into 2027 and reads years below 100 as 19xx: compare back.
  if (start.getUTCFullYear() !== year || start.getUTCMonth() !== month - 1 || start.getUTCDate() !== day) return null;
  return { mentorId, start, minutes };
}

/**
 * An IANA zone name this runtime knows ("Europe/Oslo", "UTC"). Offsets ("+05:30") are refused
 * although Intl now accepts them: a fixed offset has no daylight-saving rules, which is not
 * what a person in that place lives by. So are luxon's "local"/"system", which mean the
 * server's zone. Names are matched without regard to case, as Intl does.
 */
export function isValidTimeZone(name: string): boolean {
  if (typeof name !== "string" || !/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(name)) return false;
  if (/^(local|system|default)$/i.test(name)) return false;
  if (knownZones.has(name)) return true;
  // luxon builds a new Intl formatter for each check (milliseconds): remember the names that
  // passed, which are few; refused ones (they may come from visitors) are not kept.
  if (!IANAZone.isValidZone(name)) return false;
  knownZones.add(name);
  return true;
}

const knownZones = new Set<string>();

/** What is wrong with an availability, as messages for the mentor's form; empty when valid. */
export function validateAvailability(a: Availability): string[] {
  const messages: string[] = [];
  if (!isValidTimeZone(a.timeZone)) messages.push(`Unknown time zone "${a.timeZone}": use an IANA name such as Europe/Oslo.`);

  const byDay = new Map<IsoWeekday, Hours[]>();
  for (const hours of a.weekly) {
    if (!Number.isInteger(hours.day) || hours.day < 1 || hours.day > 7) {
      messages.push(`Weekly hours ${hours.start}–${hours.end} have an unknown weekday (${String(hours.day)}).`);
      continue;
    }
    const label = `${WEEKDAY_NAMES[hours.day - 1]} ${hours.start}–${hours.end}`;
    if (checkHours(hours, label, messages)) byDay.set(hours.day, [...(byDay.get(hours.day) ?? []), hours]);
  }
  for (const [day, list] of byDay) checkOverlaps(list, WEEKDAY_NAMES[day - 1] ?? String(day), messages);

  const seen = new Set<string>();
  for (const override of a.overrides) {
    if (!isIsoDate(override.date)) {
      messages.push(`The date "${override.date}" is not a real date written YYYY-MM-DD.`);
      continue;
    }
    if (seen.has(override.date)) messages.push(`${override.date} has more than one set of hours.`);
    seen.add(override.date);
    const valid = override.hours.filter((hours) => checkHours(hours, `${override.date} ${hours.start}–${hours.end}`, messages));
    checkOverlaps(valid, override.date, messages);
  }

  if (a.sessionMinutes.length === 0) messages.push("Offer at least one session length.");
  for (const minutes of a.sessionMinutes) {
    if (!isSessionLength(minutes)) messages.push(`A session of ${minutes} minutes: lengths are multiples of 5 from 5 to 480 minutes.`);
  }
  if (!isIntegerIn(a.bufferMinutes, 0, 240)) messages.push("The buffer is a whole number of minutes from 0 to 240.");
  if (!isIntegerIn(a.minNoticeHours, 0, 720)) messages.push("The minimum notice is a whole number of hours from 0 to 720.");
  if (!isIntegerIn(a.horizonDays, 1, 365)) messages.push("The booking horizon is a whole number of days from 1 to 365.");
  return messages;
}

/** "2027-01-12": the date of `date` in `timeZone`. Throws a RangeError for an unknown zone. */
export function dayKey(date: Date, timeZone: string): string {
  return localDateKey(zoneOrThrow(timeZone), date.getTime());
}

/**
 * Slots grouped by the date they start on in the visitor's zone (which may differ from the
 * mentor's by a day), dates in order, slots by start within a date. luxon is asked once per
 * date, not once per slot: a date's instants are [its 00:00, the next date's 00:00), exact
 * unless the clocks change that date, whose slots are then placed one by one.
 */
export function groupSlotsByDay(slots: Slot[], timeZone: string): { day: string; slots: Slot[] }[] {
  const zone = zoneOrThrow(timeZone);
  const sorted = [...slots].sort((a, b) => a.start.getTime() - b.start.getTime());
  const groups: { day: string; slots: Slot[] }[] = [];
  let current: { day: string; slots: Slot[] } | undefined;
  let dayStart = 0;
  let dayEnd = 0;
  for (const slot of sorted) {
    const ms = slot.start.getTime();
    let day: string;
    if (current && ms >= dayStart && ms < dayEnd) {
      day = current.day;
    } else {
      day = localDateKey(zone, ms);
      const date = Date.parse(`${day}T00:00:00Z`);
      const start = wallToInstant(zone, dateOffsets(zone, date), date);
      const end = wallToInstant(zone, dateOffsets(zone, date + DAY), date + DAY);
      // Only an ordinary 24-hour date is cached; on a changeover date each slot is looked up.
      [dayStart, dayEnd] = end - start === DAY ? [start, end] : [0, 0];
    }
    if (current?.day !== day) {
      current = { day, slots: [] };
      groups.push(current);
    }
    current.slots.push(slot);
  }
  return groups;
}

/** Minutes of the day [start, end), end after start. */
type Range = [number, number];

function zoneOrThrow(name: string): IANAZone {
  if (!isValidTimeZone(name)) throw new RangeError(`Unknown time zone "${name}"`);
  return IANAZone.create(name);
}

/** "09:30" → 570; "24:00" → 1440 (the end of the day); null when malformed. */
function parseClock(value: string): number | null {
  const match = typeof value === "string" ? /^(\d{2}):(\d{2})$/.exec(value) : null;
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  if (minute > 59 || hour > 24 || (hour === 24 && minute !== 0)) return null;
  return hour * 60 + minute;
}

function parseHours(hours: Hours): Range | null {
  const start = parseClock(hours.start);
  const end = parseClock(hours.end);
  return start === null || end === null || end <= start ? null : [start, end];
}

function checkHours(hours: Hours, label: string, messages: string[]): boolean {
  const start = parseClock(hours.start);
  const end = parseClock(hours.end);
  if (start === null || end === null) {
    messages.push(`${label}: times are written HH:MM, from 00:00 to 24:00.`);
    return false;
  }
  if (end <= start) {
    messages.push(`${label}: the end must be after the start.`);
    return false;
  }
  return true;
}

/** Hours that only touch (09:00–12:00, 12:00–13:00) do not overlap. */
function checkOverlaps(list: Hours[], label: string, messages: string[]): void {
  const ranges = list
    .map((hours) => ({ hours, range: parseHours(hours) }))
    .filter((entry): entry is { hours: Hours; range: Range } => entry.range !== null)
    .sort((a, b) => a.range[0] - b.range[0]);
  for (let i = 1; i < ranges.length; i++) {
    const previous = ranges[i - 1];
    const next = ranges[i];
    if (previous && next && next.range[0] < previous.range[1]) {
      messages.push(`${label}: ${previous.hours.start}–${previous.hours.end} overlaps ${next.hours.start}–${next.hours.end}.`);
    }
  }
}

function isIsoDate(value: string): boolean {
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === value;
}

function isSessionLength(minutes: number): boolean {
  return isIntegerIn(minutes, 5, MAX_SESSION_MINUTES) && minutes % 5 === 0;
}

function isIntegerIn(value: number, min: number, max: number): boolean {
  return Number.isInteger(value) && value >= min && value <= max;
}

function mod(a: number, b: number): number {
  return ((a % b) + b) % b;
}

/** The ISO weekday of a "UTC-as-local" midnight. */
function isoWeekday(date: number): IsoWeekday {
  const day = new Date(date).getUTCDay();
  return (day === 0 ? 7 : day) as IsoWeekday;
}

function localDateKey(zone: IANAZone, ms: number): string {
  return new Date(ms + zone.offset(ms) * MINUTE).toISOString().slice(0, 10);
}

/**
 * The offsets (minutes) in force before any wall time of a date and after all of them. Equal
 * (nearly every date): every wall time of the date has that offset. The second probe is the
 * first probe of the date three days on, so stepping through dates asks luxon (about 10 µs a
 * call) once per date; the bracket then spans three days, which holds at most one change in
 * every zone there is.
 */
function dateOffsets(zone: IANAZone, date: number): [number, number] {
  return [probeOffset(zone, date), probeOffset(zone, date + 3 * DAY)];
}

/** The offset at `date` − 15 hours, before every wall time of that date anywhere on Earth. */
function probeOffset(zone: IANAZone, date: number): number {
  let offsets = probeCache.get(zone.name);
  if (!offsets) {
    offsets = new Map();
    probeCache.set(zone.name, offsets);
  }
  let offset = offsets.get(date);
  if (offset === undefined) {
    offset = zone.offset(date - MAX_OFFSET_AHEAD - HOUR);
    // A zone's offsets do not change while the process runs; the bound only keeps the memory
    // small if visitors ask for many zones and years.
    if (offsets.size >= 10_000) offsets.clear();
    offsets.set(date, offset);
  }
  return offset;
}

const probeCache = new Map<string, Map<number, number>>();

/**
 * The instant of a wall time (as "UTC-as-local" ms) of the date whose offsets are given. On a
 * changeover date each offset is tried: both fit → the time happens twice, take the first
 * (earlier offset); neither fits → it falls in the gap, and the offset before the change moves
 * it forward by the gap's length (02:30 → 03:30).
 */
function wallToInstant(zone: IANAZone, [before, after]: [number, number], wall: number): number {
  if (before === after) return wall - before * MINUTE;
  const withBefore = wall - before * MINUTE;
  const withAfter = wall - after * MINUTE;
  const beforeFits = zone.offset(withBefore) === before;
  const afterFits = zone.offset(withAfter) === after;
  if (beforeFits && afterFits) return Math.min(withBefore, withAfter);
  if (beforeFits) return withBefore;
  if (afterFits) return withAfter;
  return withBefore;
}

/** Disjoint, sorted ranges covering the busy intervals, for a binary search per slot. */
function mergeBusy(busy: BusyInterval[]): { starts: number[]; ends: number[] } {
  const intervals = busy
    .map((interval) => [interval.start.getTime(), interval.end.getTime()] as const)
    .filter(([start, end]) => end > start)
    .sort((a, b) => a[0] - b[0]);
  const starts: number[] = [];
  const ends: number[] = [];
  for (const [start, end] of intervals) {
    const last = ends.length - 1;
    if (last >= 0 && start <= (ends[last] ?? -Infinity)) {
      ends[last] = Math.max(ends[last] ?? end, end);
    } else {
      starts.push(start);
      ends.push(end);
    }
  }
  return { starts, ends };
}

/** Whether [start, end) overlaps a taken range: the first range ending after start decides. */
function overlapsTaken({ starts, ends }: { starts: number[]; ends: number[] }, start: number, end: number): boolean {
  let low = 0;
  let high = ends.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((ends[middle] ?? Infinity) > start) high = middle;
    else low = middle + 1;
  }
  return low < starts.length && (starts[low] ?? Infinity) < end;
}

/** `abc123.20261203T0900Z.60`; the date part is formatted once per UTC date, not per slot. */
function slotId(mentorId: string, start: number, minutes: number): string {
  const utcDate = start - mod(start, DAY);
  if (utcDate !== lastIdDate) {
    lastIdDate = utcDate;
    lastIdDatePart = new Date(utcDate).toISOString().slice(0, 10).replaceAll("-", "");
  }
  const minuteOfDay = mod(start, DAY) / MINUTE;
  return `${mentorId}.${lastIdDatePart}T${twoDigits(Math.floor(minuteOfDay / 60))}${twoDigits(minuteOfDay % 60)}Z.${minutes}`;
}

let lastIdDate = Number.NaN;
let lastIdDatePart = "";

function twoDigits(value: number): string {
  return value < 10 ? `0${value}` : String(value);
}
