import { randomUUID, type KeyObject } from "node:crypto";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { clientNetworkKey } from "~/.server/client-ip";
import { skipWrite } from "~/.server/disk-space";
import { getEnv } from "~/.server/env";
import { AppError } from "~/.server/errors";
import { logger } from "~/.server/logger";
import { analyticsEvents, rateLimitRejections } from "~/.server/metrics";
import { beforeShutdown } from "~/.server/shutdown-hooks";
import { readConsentFromCookieHeader } from "~/features/consent/consent.server";
import { EventBuffer } from "./event-buffer.server";
import { countedPath, dropReason, parseBeacon, type DropReason } from "./page-view.server";
import { storePageViews, type PageViewEvent } from "./store-page-views.server";
import { clearVisitorCookie, hasVisitorCookie, readVisitorId, setVisitorCookie } from "./visitor-cookie.server";
import { utcDay } from "~/lib/utc-day";
import { saltFor, visitorKey } from "./visitor-key.server";

/** The beacon endpoint's path: short and generic, unlike the /api/event, /collect or /track that blockers list. */
export const BEACON_PATH = "/a/e";

let buffer: EventBuffer<PageViewEvent> | undefined;

/**
 * This process's page-view queue (created on first use), written to PostgreSQL every second
 * or every 2,000 events, and flushed on shutdown before the pool closes.
 */
export function pageViewBuffer(): EventBuffer<PageViewEvent> {
  if (!buffer) {
    const created = new EventBuffer<PageViewEvent>({
      write: async (batch) => {
        // Queued before the disk ran low: not stored either (docs/decisions/0171).
        if (skipWrite("page_view", batch.length)) return;
        const { stored, overCap } = await storePageViews(batch);
        analyticsEvents.inc({ outcome: "written" }, stored);
        if (overCap > 0) analyticsEvents.inc({ outcome: "over-cap" }, overCap);
      },
      onWriteError: (error, queued) => logger.warn({ err: error, queued }, "Analytics: page views not written yet; trying again"),
    });
    buffer = created;
    beforeShutdown("analytics-buffer", async () => {
      const lost = await created.stop();
      if (buffer === created) buffer = undefined;
      if (lost > 0) {
        analyticsEvents.inc({ outcome: "lost" }, lost);
        logger.error({ lost }, "Analytics: page views lost at shutdown (database unreachable)");
      } else {
        logger.info({ written: created.written, dropped: created.dropped }, "Analytics: page views written before shutdown");
      }
    });
  }
  return buffer;
}

export type BeaconRequest = {
  body: string;
  userAgent: string;
  cookieHeader: string | undefined;
  /** Sec-Purpose or Purpose header (prefetch, prerender). */
  purpose: string | undefined;
  clientIp: string;
  /** The Host the request was sent to. */
  host: string | undefined;
};

export type BeaconOutcome = "counted" | DropReason | "invalid" | "full" | "unavailable" | "rate-limited" | "disk-low";

/** A view counted or dropped without a word (204), or refused with `error` (errors.ts says how it is answered). */
export type BeaconAnswer = {
  outcome: BeaconOutcome;
  error?: AppError;
  setCookie?: string;
};

/** The limit's name in `nordlys_rate_limit_rejections_total`. */
export const BEACON_RATE_LIMIT_NAME = "analytics-beacon";

let beaconLimiter: { points: number; limiter: RateLimiterMemory } | undefined;

/**
 * Counts one beacon of the client (its IPv4 address or IPv6 /56, as every limit keys it) in this
 * process's memory: a beacon must stay cheap, so the counters are not shared between instances
 * (decision 0173). Null when within ANALYTICS_BEACON_LIMIT_PER_MINUTE (or the limit is off),
 * else the seconds until the client's minute is over.
 */
async function overBeaconLimit(clientIp: string): Promise<number | null> {
  const points = getEnv().ANALYTICS_BEACON_LIMIT_PER_MINUTE;
  if (points === 0) return null;
  if (beaconLimiter?.points !== points) {
    beaconLimiter = { points, limiter: new RateLimiterMemory({ keyPrefix: BEACON_RATE_LIMIT_NAME, points, duration: 60 }) };
  }
  try {
    await beaconLimiter.limiter.consume(clientNetworkKey(clientIp));
    return null;
  } catch (error) {
    if (error instanceof RateLimiterRes) return Math.max(1, Math.ceil(error.msBeforeNext / 1000));
    throw error;
  }
}

const notCounted = () => new AppError("unavailable", "Not counted: try again later.", { retryAfterSeconds: 5 });

/** This site's host name, that visitor keys are computed with. */
export function siteHost(): string {
  return new URL(getEnv().PUBLIC_URL).hostname;
}

/**
 * One beacon: refuses it (`rate_limited`) when its client sent more than ANALYTICS_BEACON_LIMIT_PER_MINUTE
 * this minute, checks it, drops what is not a person's page view (without saying so: 204 all
 * the same), computes the day's visitor key and queues the view under the page's path
 * (`countedPath`: an unknown page is "(not found)"). With the visitor's consent
 * ("accepted") the analytics cookie's id goes with it, and a new one is set when there is
 * none; without consent any analytics cookie is removed. Never throws.
 */
export async function collectPageView(request: BeaconRequest, now = new Date()): Promise<BeaconAnswer> {
  const answer = await answerBeacon(request, now);
  analyticsEvents.inc({ outcome: answer.outcome });
  return answer;
}

async function answerBeacon(request: BeaconRequest, now: Date): Promise<BeaconAnswer> {
  const env = getEnv();
  // First, before any parsing: a flood from one client costs one counter look-up a beacon.
  const retryAfterSeconds = await overBeaconLimit(request.clientIp);
  if (retryAfterSeconds !== null) {
    rateLimitRejections.inc({ limit: BEACON_RATE_LIMIT_NAME });
    const error = new AppError("rate_limited", "Too many page views from this address: not counted.", { retryAfterSeconds });
    return { outcome: "rate-limited", error };
  }
  const host = siteHost();
  const requestHost = request.host?.replace(/:\d+$/, "").toLowerCase();
  const parsed = parseBeacon(request.body, { siteHosts: requestHost ? [host, requestHost] : [host], userAgent: request.userAgent });
  if (!parsed.ok) return { outcome: "invalid", error: new AppError("invalid", parsed.error) };
  const consent = readConsentFromCookieHeader(request.cookieHeader);
  // Without consent no analytics cookie stays, whatever happens to this view.
  const clearCookie = consent !== "accepted" && hasVisitorCookie(request.cookieHeader) ? await clearVisitorCookie() : undefined;

  const reason = dropReason({
    userAgent: request.userAgent,
    automated: parsed.automated,
    purpose: request.purpose,
    path: parsed.view.path,
    countAutomated: env.ANALYTICS_COUNT_AUTOMATED,
  });
  if (reason) return { outcome: reason, setCookie: clearCookie };

  // Free disk space is low: page views are the first writes to go (docs/decisions/0171).
  if (skipWrite("page_view")) return { outcome: "disk-low", setCookie: clearCookie };

  const day = utcDay(now);
  let salt: KeyObject;
  try {
    salt = await saltFor(day);
  } catch (error) {
    logger.warn({ err: error }, "Analytics: no salt for today (database unreachable); page view not counted");
    return { outcome: "unavailable", error: notCounted(), setCookie: clearCookie };
  }

  let visitorId: string | null = null;
  let setCookie = clearCookie;
  if (consent === "accepted") {
    visitorId = await readVisitorId(request.cookieHeader);
    if (!visitorId) {
      visitorId = randomUUID();
      setCookie = await setVisitorCookie(visitorId);
    }
  }
  const queued = pageViewBuffer().add({
    ...parsed.view,
    path: countedPath(parsed.view.path),
    occurredAt: now,
    day,
    visitorKey: visitorKey(salt, { host, clientIp: request.clientIp, userAgent: request.userAgent }),
    visitorId,
  });
  if (!queued) return { outcome: "full", error: notCounted(), setCookie };
  return { outcome: "counted", setCookie };
}
