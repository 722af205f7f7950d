// @module-tag shared
import { describe, expect, it } from "vitest";
import { MemoryRequestLimiter, requestPolicy } from "@/server/auth/request-limit";

// The bucket's arithmetic on a clock the test holds (docs/decisions/0473-rate-limits-a-client-can-see.md):
// 60 a minute is one every 1,000 ms, with a burst of 3.
describe("MemoryRequestLimiter", () => {
  it("lets a burst through at once, then one request per interval, and says when", () => {
    const limiter = new MemoryRequestLimiter(1000, 3);
    expect([0, 0, 0].map((t) => limiter.take("k", 1, t).remaining)).toEqual([2, 1, 0]);
    const refused = limiter.take("k", 1, 0);
    expect(refused).toMatchObject({ allowed: false, remaining: 0, retryAfterMs: 1000, resetMs: 3000 });
    expect(limiter.take("k", 1, 999).allowed).toBe(false);
    expect(limiter.take("k", 1, 1000)).toMatchObject({ allowed: true, remaining: 0, resetMs: 3000 });
    // idle for long enough, the bucket is full again, and no fuller
    expect(limiter.take("k", 1, 60_000)).toMatchObject({ allowed: true, remaining: 2, resetMs: 1000 });
  });

  it("charges a batch its cost, and refuses it whole when the bucket cannot pay", () => {
    const limiter = new MemoryRequestLimiter(1000, 5);
    expect(limiter.take("k", 3, 0)).toMatchObject({ allowed: true, remaining: 2 });
    expect(limiter.take("k", 3, 0)).toMatchObject({ allowed: false, remaining: 2, retryAfterMs: 1000 });
    expect(limiter.take("k", 2, 0)).toMatchObject({ allowed: true, remaining: 0 });
  });

  it("keeps keys apart", () => {
    const limiter = new MemoryRequestLimiter(1000, 1);
    expect(limiter.take("a", 1, 0).allowed).toBe(true);
    expect(limiter.take("a", 1, 0).allowed).toBe(false);
    expect(limiter.take("b", 1, 0).allowed).toBe(true);
  });

  it("forgets idle keys (a full bucket is no entry) and holds at most maxKeys", () => {
    const limiter = new MemoryRequestLimiter(1000, 2, 100);
    for (let i = 0; i < 50; i++) limiter.take(`idle-${i}`, 1, 0);
    expect(limiter.size).toBe(50);
    // a minute later every one of them is full again: the sweep drops them
    limiter.take("late", 1, 61_000);
    expect(limiter.size).toBe(1);
    for (let i = 0; i < 500; i++) limiter.take(`spray-${i}`, 1, 62_000);
    expect(limiter.size).toBeLessThanOrEqual(100);
    // the newest are kept, and counted
    expect(limiter.take("spray-499", 1, 62_000).remaining).toBe(0);
  });
});

describe("requestPolicy", () => {
  it("states the burst over the seconds the rate takes to refill it, and nothing when off", () => {
    expect(requestPolicy(1200, 300)).toEqual({ burst: 300, windowSeconds: 15 });
    expect(requestPolicy(1, 5)).toEqual({ burst: 5, windowSeconds: 300 });
    expect(requestPolicy(0, 300)).toBeNull();
  });
});
