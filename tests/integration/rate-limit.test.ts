import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../support/database";
import { AppError } from "~/.server/errors";
import { rateLimits } from "~/.server/db/tables";
import {
  tryConsumeRateLimit,
  consumeRateLimit,
  defineRateLimit,
  hashClientIp,
  peekRateLimit,
  pruneRateLimitsJob,
} from "~/.server/rate-limit";
import { setAppSecret } from "~/.server/secret";

const database = setupTestDatabase();
setAppSecret("test-secret-test-secret-test-secret-0000");

describe("rate limits on PostgreSQL", () => {
  it("allows the configured number of requests, then answers 429 with Retry-After", async () => {
    const limit = defineRateLimit({ name: "test-three", points: 3, durationSeconds: 60, message: "Slow down." });
    for (let i = 0; i < 3; i++) await consumeRateLimit(limit, "client-a");
    const error = await consumeRateLimit(limit, "client-a").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("rate_limited");
    expect((error as AppError).message).toBe("Slow down.");
    const retryAfter = Number((error as AppError).details.retryAfterSeconds);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another client is counted separately.
    await expect(tryConsumeRateLimit(limit, "client-b")).resolves.toMatchObject({ allowed: true, remaining: 2 });
  });

  it("peeks at a budget without spending it", async () => {
    const limit = defineRateLimit({ name: "test-peek", points: 2, durationSeconds: 60 });
    expect(await peekRateLimit(limit, "p")).toEqual({ allowed: true, remaining: 2 });
    for (let i = 0; i < 5; i++) await peekRateLimit(limit, "p");
    await consumeRateLimit(limit, "p");
    expect(await peekRateLimit(limit, "p")).toEqual({ allowed: true, remaining: 1 });
    await consumeRateLimit(limit, "p");
    const spent = await peekRateLimit(limit, "p");
    expect(spent.allowed).toBe(false);
    expect(spent.allowed ? 0 : spent.retryAfterSeconds).toBeGreaterThan(0);
    // Peeking did not count: a third request is the first one refused.
    expect((await consumeRateLimit(limit, "p").catch((e: unknown) => e)) as AppError).toMatchObject({ code: "rate_limited" });
  });

  it("keeps its counters in the shared table", async () => {
    const limit = defineRateLimit({ name: "test-shared", points: 1, durationSeconds: 60 });
    await consumeRateLimit(limit, "k");
    const rows = await database.current.db.select().from(rateLimits);
    expect(rows.some((row) => row.key === "test-shared:k")).toBe(true);
  });

  it("prunes expired counters", async () => {
    await database.current.db.insert(rateLimits).values({ key: "old:x", points: 1, expire: Date.now() - 1000 });
    await pruneRateLimitsJob.handler({}, undefined as never);
    const rows = await database.current.db.select().from(rateLimits);
    expect(rows.some((row) => row.key === "old:x")).toBe(false);
  });

  it("hashes client addresses without revealing them", () => {
    expect(hashClientIp("203.0.113.9")).toBe(hashClientIp("203.0.113.9"));
    expect(hashClientIp("203.0.113.9")).not.toContain("203");
    expect(hashClientIp("203.0.113.9")).not.toBe(hashClientIp("203.0.113.10"));
  });

  it("counts a whole IPv6 /56 as one client, and IPv4-mapped IPv6 as the IPv4 client", async () => {
    expect(hashClientIp("2001:db8:5:6::1")).toBe(hashClientIp("2001:db8:5:6:9a3c:11ff:fe22:4b1d"));
    expect(hashClientIp("2001:db8:5:7::1")).toBe(hashClientIp("2001:db8:5:6::1"));
    expect(hashClientIp("2001:db8:5:106::1")).not.toBe(hashClientIp("2001:db8:5:6::1"));
    expect(hashClientIp("::ffff:198.51.100.7")).toBe(hashClientIp("198.51.100.7"));

    // Three requests allowed per client: a client rotating through the 256 /64s of its /56 gets no more.
    const limit = defineRateLimit({ name: "test-v6", points: 3, durationSeconds: 60 });
    for (const subnet of ["6", "7", "ff"]) await consumeRateLimit(limit, hashClientIp(`2001:db8:5:${subnet}::1`));
    await expect(consumeRateLimit(limit, hashClientIp("2001:db8:5:80:ffff::4"))).rejects.toMatchObject({ code: "rate_limited" });
    await expect(consumeRateLimit(limit, hashClientIp("2001:db8:5:100::1"))).resolves.toBeUndefined();
  });
});
