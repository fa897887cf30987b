import { createHmac } from "node:crypto";
import { lt, sql } from "drizzle-orm";
import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { AppError } from "./errors";
import { clientNetworkKey } from "./client-ip";
import { getDb } from "./db/client";
import { rateLimits } from "./db/tables/index";
import { defineJob } from "./jobs";
import { rateLimitRejections } from "./metrics";
import { getAppSecret } from "./secret";

/**
 * Rate limits on rate-limiter-flexible's PostgreSQL store: counters live in
 * the `rate_limits` table, so a limit counts requests to every instance.
 *
 *   const contactLimit = defineRateLimit({ name: "contact-ip", points: 5, durationSeconds: 600 });
 *   await consumeRateLimit(contactLimit, clientKey);   // throws AppError `rate_limited` with Retry-After
 *   await tryConsumeRateLimit(contactLimit, clientKey); // counts it; { allowed, ... } instead of throwing
 *   await peekRateLimit(contactLimit, clientKey);      // { allowed, ... } without counting
 */
export type RateLimitDefinition = {
  /** Key prefix, unique per limit: "contact-ip". */
  name: string;
  /** Requests allowed per window. */
  points: number;
  durationSeconds: number;
  /** Message shown with the 429. */
  message?: string;
};

export function defineRateLimit(definition: RateLimitDefinition): RateLimitDefinition {
  return definition;
}

const limiters = new Map<string, RateLimiterPostgres>();
let limiterPool: unknown;

function limiterFor(definition: RateLimitDefinition): RateLimiterPostgres {
  const pool = getDb().$client;
  if (limiterPool !== pool) {
    // A new database (tests, or a restarted runtime): start over.
    limiters.clear();
    limiterPool = pool;
  }
  let limiter = limiters.get(definition.name);
  if (!limiter) {
    limiter = new RateLimiterPostgres({
      storeClient: pool,
      storeType: "pool",
      tableName: "rate_limits",
      tableCreated: true, // by our migration
      clearExpiredByTimeout: false, // pruned by the rate-limits-prune job instead
      keyPrefix: definition.name,
      points: definition.points,
      duration: definition.durationSeconds,
    });
    limiters.set(definition.name, limiter);
  }
  return limiter;
}

export type RateLimitResult = { allowed: true; remaining: number } | { allowed: false; retryAfterSeconds: number };

/** Counts one request (`cost` points) for `key`, and tells whether it was within the limit. */
export async function tryConsumeRateLimit(definition: RateLimitDefinition, key: string, cost = 1): Promise<RateLimitResult> {
  try {
    const result = await limiterFor(definition).consume(key, cost);
    return { allowed: true, remaining: result.remainingPoints };
  } catch (error) {
    if (error instanceof RateLimiterRes) {
      rateLimitRejections.inc({ limit: definition.name });
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)) };
    }
    throw error;
  }
}

/**
 * Reads how much of the budget `key` has left, without counting anything:
 * `allowed` tells whether one more request would be within the limit.
 */
export async function peekRateLimit(definition: RateLimitDefinition, key: string): Promise<RateLimitResult> {
  const state = await limiterFor(definition).get(key);
  if (!state || state.msBeforeNext <= 0) return { allowed: true, remaining: definition.points };
  if (state.consumedPoints < definition.points) return { allowed: true, remaining: definition.points - state.consumedPoints };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(state.msBeforeNext / 1000)) };
}

/** Gives back `points` counted for `key` (the work they were counted for did not happen). */
export async function refundRateLimit(definition: RateLimitDefinition, key: string, points = 1): Promise<void> {
  await limiterFor(definition).reward(key, points);
}

/** Like tryConsumeRateLimit, but throws AppError `rate_limited` with Retry-After when over the limit. */
export async function consumeRateLimit(definition: RateLimitDefinition, key: string, cost = 1): Promise<void> {
  const result = await tryConsumeRateLimit(definition, key, cost);
  if (!result.allowed) {
    throw new AppError("rate_limited", definition.message ?? "Too many requests. Please wait a moment and try again.", {
      retryAfterSeconds: result.retryAfterSeconds,
    });
  }
}

/**
 * A stable, non-reversible key for the client at an address (we do not store raw IPs).
 * The client is the IPv4 address, or the IPv6 /56 (clientNetworkKey), so every
 * per-client limit counts a whole /56 as one client.
 * Keyed with APP_SECRET so the hashes cannot be matched against a list of addresses.
 */
export function hashClientIp(ip: string): string {
  return createHmac("sha256", getAppSecret())
    .update(`ip:${clientNetworkKey(ip)}`)
    .digest("base64url")
    .slice(0, 32);
}

/** Deletes expired counters once an hour (on one instance). */
export const pruneRateLimitsJob = defineJob({
  name: "rate-limits-prune",
  schedule: "17 * * * *",
  handler: async () => {
    await getDb()
      .delete(rateLimits)
      .where(lt(rateLimits.expire, sql`${Date.now()}`));
  },
});
