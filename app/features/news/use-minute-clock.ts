import { useSyncExternalStore } from "react";

/** The current time, rounded down to the minute, re-rendering each minute (for relative ages). */
const MINUTE = 60_000;
const read = () => Math.floor(Date.now() / MINUTE) * MINUTE;
const subscribe = (notify: () => void) => {
  const timer = setInterval(notify, MINUTE / 4);
  return () => clearInterval(timer);
};

export function useMinuteClock(serverNow: number = 0): number {
  return useSyncExternalStore(subscribe, read, () => serverNow);
}
