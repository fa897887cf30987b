/** A news feed's state as the admin pages show it (shared by the server and the pages). */
export type FeedState = "disabled" | "backing-off" | "failing" | "items-refused" | "ok" | "not-fetched";

/**
 * A feed's state for the admin: disabled, waiting out a back-off, failing, fetched but with items
 * the database refused (its other items are stored), fine, or never fetched.
 */
export function feedState(
  feed: {
    disabledAt: Date | null;
    backoffUntil: Date | null;
    consecutiveFailures: number;
    lastSuccessAt: Date | null;
    itemsRefused: number;
  },
  now: Date,
): FeedState {
  if (feed.disabledAt) return "disabled";
  if (feed.backoffUntil && feed.backoffUntil > now) return "backing-off";
  if (feed.consecutiveFailures > 0) return "failing";
  if (feed.itemsRefused > 0) return "items-refused";
  return feed.lastSuccessAt ? "ok" : "not-fetched";
}

export const feedStateLabels: Record<FeedState, string> = {
  disabled: "Disabled",
  "backing-off": "Backing off",
  failing: "Failing",
  "items-refused": "Some items refused",
  ok: "OK",
  "not-fetched": "Not fetched yet",
};
