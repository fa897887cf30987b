import type { PageViewEvent } from "~/features/analytics/store-page-views.server.ts";
import { utcDay } from "~/lib/utc-day.ts";

/** A page view of `/` as the beacon queues one today, with `overrides`. */
export function pageView(overrides: Partial<PageViewEvent> = {}): PageViewEvent {
  return {
    occurredAt: new Date(),
    day: utcDay(new Date()),
    path: "/",
    referrerHost: null,
    utmSource: null,
    utmMedium: null,
    utmCampaign: null,
    device: "desktop",
    visitorKey: "k".repeat(22),
    visitorId: null,
    ...overrides,
  };
}
