import { describe, expect, it } from "vitest";
import { describeSources, nextScheduledTry, type FeedSnapshot } from "./news-sources.server";

const at = (iso: string) => new Date(iso);
const feed = (overrides: Partial<FeedSnapshot> = {}): FeedSnapshot => ({
  lastFetchedAt: null,
  lastSuccessAt: null,
  consecutiveFailures: 0,
  backoffUntil: null,
  disabledAt: null,
  ...overrides,
});

describe("what the news pages say about the sources", () => {
  const now = at("2026-11-24T03:10:00Z");

  it("every source failing: none answering, when they were last tried, and no 'Updated' time of its own", () => {
    const sources = describeSources(
      [
        feed({ lastFetchedAt: at("2026-11-24T03:00:02Z"), consecutiveFailures: 1, backoffUntil: at("2026-11-24T03:15:02Z") }),
        feed({ lastFetchedAt: at("2026-11-24T03:00:05Z"), consecutiveFailures: 2, backoffUntil: at("2026-11-24T03:30:05Z") }),
      ],
      { now, isChecking: false, hasSchedule: true },
    );
    expect(sources).toEqual({
      total: 2,
      answering: 0,
      lastTriedAt: "2026-11-24T03:00:05.000Z",
      lastAnsweredAt: null,
      // The first slot after the earliest back-off ends (03:15:02): 03:30.
      nextTryAt: "2026-11-24T03:30:00.000Z",
      isChecking: false,
    });
  });

  it("a source that answered once and fails now does not count as answering", () => {
    const sources = describeSources(
      [feed({ lastFetchedAt: at("2026-11-24T03:00:00Z"), lastSuccessAt: at("2026-11-23T20:00:00Z"), consecutiveFailures: 3 })],
      { now, isChecking: false, hasSchedule: true },
    );
    expect(sources.answering).toBe(0);
    expect(sources.lastAnsweredAt).toBe("2026-11-23T20:00:00.000Z");
  });

  it("answering sources and a never-tried one", () => {
    const ok = feed({ lastFetchedAt: at("2026-11-24T03:00:00Z"), lastSuccessAt: at("2026-11-24T03:00:00Z") });
    const sources = describeSources([ok, ok, feed()], { now, isChecking: true, hasSchedule: false });
    expect(sources).toMatchObject({
      total: 3,
      answering: 2,
      lastAnsweredAt: "2026-11-24T03:00:00.000Z",
      nextTryAt: null,
      isChecking: true,
    });
  });
});

describe("nextScheduledTry", () => {
  it("is the next :00 or :30 slot when a feed may be asked now", () => {
    expect(nextScheduledTry([feed()], at("2026-11-24T03:10:00Z"), true)).toBe("2026-11-24T03:30:00.000Z");
    expect(nextScheduledTry([feed()], at("2026-11-24T03:30:00Z"), true)).toBe("2026-11-24T04:00:00.000Z");
  });

  it("waits for the earliest back-off to end, and a disabled feed's daily probe", () => {
    const backingOff = feed({ backoffUntil: at("2026-11-24T05:45:00Z") });
    expect(nextScheduledTry([backingOff], at("2026-11-24T03:10:00Z"), true)).toBe("2026-11-24T06:00:00.000Z");
    const disabled = feed({ disabledAt: at("2026-11-24T01:00:00Z") });
    expect(nextScheduledTry([disabled, backingOff], at("2026-11-24T03:10:00Z"), true)).toBe("2026-11-24T06:00:00.000Z");
    expect(nextScheduledTry([disabled], at("2026-11-24T03:10:00Z"), true)).toBe("2026-11-25T01:00:00.000Z");
  });

  it("is unknown without a schedule on this server or without feeds", () => {
    expect(nextScheduledTry([feed()], at("2026-11-24T03:10:00Z"), false)).toBeNull();
    expect(nextScheduledTry([], at("2026-11-24T03:10:00Z"), true)).toBeNull();
  });
});
