import { useHydrated } from "~/lib/use-hydrated";
import { useMinuteClock } from "./use-minute-clock";

const MINUTE = 60_000;
const relative = new Intl.RelativeTimeFormat("en", { numeric: "auto" });

/** "03:30 UTC": what the server renders, true for as long as any cache keeps the page. */
export function utcClockTime(iso: string): string {
  return `${new Date(iso).toISOString().slice(11, 16)} UTC`;
}

/**
 * "12 minutes ago", "in 18 minutes", "3 hours ago"; a planned time that has
 * passed is "any moment now" (the page was kept in a cache, or the run is late).
 */
export function relativeToNow(iso: string, now: number, kind: "past" | "planned"): string {
  const minutes = Math.round((new Date(iso).getTime() - now) / MINUTE);
  if (kind === "planned" && minutes <= 0) return "any moment now";
  if (Math.abs(minutes) < 1) return "just now";
  if (Math.abs(minutes) < 60) return relative.format(minutes, "minute");
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 24) return relative.format(hours, "hour");
  return relative.format(Math.round(hours / 24), "day");
}

/**
 * A time the news pages state about the sources. The server writes the UTC
 * clock time ("at 03:30 UTC"), which stays true in a shared page cache; once
 * the page runs in the browser it reads relative to the visitor's clock.
 */
export function NewsTime({ iso, kind }: { iso: string; kind: "past" | "planned" }) {
  const isHydrated = useHydrated();
  const now = useMinuteClock();
  const text = isHydrated ? relativeToNow(iso, now, kind) : `at ${utcClockTime(iso)}`;
  return (
    <time dateTime={iso} title={utcClockTime(iso)}>
      {text}
    </time>
  );
}
