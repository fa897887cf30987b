import { useSyncExternalStore } from "react";

/**
 * The current time for relative ages, re-rendering every minute. The
 * value only changes on those ticks (and when a component subscribes), as
 * useSyncExternalStore wants; the server's clock is used while hydrating.
 */
const TICK = 60_000;
let current = Date.now();
const read = () => current;
const subscribe = (notify: () => void) => {
  current = Date.now();
  const timer = setInterval(() => {
    current = Date.now();
    notify();
  }, TICK);
  return () => clearInterval(timer);
};

export function useMinuteClock(serverNow: number = 0): number {
  return useSyncExternalStore(subscribe, read, () => serverNow);
}
