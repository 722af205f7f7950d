import { env } from "../env";
import { AppError } from "../errors";
import type { Principal } from "./principal";

/**
 * The per-credential request limit (docs/decisions/0473-rate-limits-a-client-can-see.md): every
 * REST request and tRPC call with a principal spends from a bucket of INKSTONE_TOKEN_BURST
 * requests that refills at INKSTONE_TOKEN_RATE a minute. Keyed by the token's id for a Bearer
 * caller, by the account for a browser session. Counted in this process's memory, on every
 * request, so it costs a Map lookup rather than a database write; with several instances behind a
 * balancer each counts its own (docs/architecture.md#growing-past-one-machine).
 */

/** What a request met: the RateLimit-* headers to send, and the refusal when over the limit. */
export interface RequestAllowance {
  headers: Record<string, string>;
  /** rate_limited (429 with Retry-After) when the bucket could not pay; nothing must be done then */
  refusal: AppError | null;
}

/** Where the buckets live: one process's memory by default; Redis could take its place for a shared count. */
export interface RequestLimiter {
  /** spends `cost` from `key`'s bucket at `now` (ms) if it can */
  take(key: string, cost: number, now: number): { allowed: boolean; remaining: number; resetMs: number; retryAfterMs: number };
}

/**
 * GCRA, the token bucket in one number per key: the time at which the bucket would be full again
 * ("theoretical arrival time"). A request costs `interval` ms of it; it is refused when that
 * time would lie more than `burst` intervals ahead. A key whose time has passed holds a full
 * bucket, the same as no entry: those are dropped, at most once a minute, and the oldest keys go
 * first if `maxKeys` is still passed (each then starts full again, the only cost of forgetting).
 */
export class MemoryRequestLimiter implements RequestLimiter {
  private readonly full = new Map<string, number>();
  private lastSweep = 0;

  constructor(
    private readonly intervalMs: number,
    private readonly burst: number,
    private readonly maxKeys = 100_000,
  ) {}

  take(key: string, cost: number, now: number) {
    const span = this.burst * this.intervalMs;
    const fullAt = Math.max(this.full.get(key) ?? now, now) + cost * this.intervalMs;
    const allowedFrom = fullAt - span;
    if (now < allowedFrom) {
      const current = Math.max(this.full.get(key) ?? now, now);
      return { allowed: false, remaining: Math.max(0, Math.floor((span - (current - now)) / this.intervalMs)), resetMs: current - now, retryAfterMs: allowedFrom - now };
    }
    // Re-inserted, so that the Map's order is the order keys were last seen in.
    this.full.delete(key);
    this.full.set(key, fullAt);
    if (now - this.lastSweep >= SWEEP_EVERY_MS || this.full.size > this.maxKeys) this.sweep(now);
    return { allowed: true, remaining: Math.floor((span - (fullAt - now)) / this.intervalMs), resetMs: fullAt - now, retryAfterMs: 0 };
  }

  /** how many keys are held: for the tests of the bound */
  get size(): number {
    return this.full.size;
  }

  private sweep(now: number): void {
    this.lastSweep = now;
    for (const [key, fullAt] of this.full) if (fullAt <= now) this.full.delete(key);
    for (const key of this.full.keys()) {
      if (this.full.size <= this.maxKeys) break;
      this.full.delete(key);
    }
  }
}

const SWEEP_EVERY_MS = 60_000;

// One limiter per process: Next bundles the REST route and the tRPC route apart, each with its own
// copy of this module, and a credential's requests over both must spend from one bucket.
const globalForLimiter = globalThis as { inkstoneRequestLimiter?: RequestLimiter | null };
if (!("inkstoneRequestLimiter" in globalForLimiter)) {
  globalForLimiter.inkstoneRequestLimiter = env.INKSTONE_TOKEN_RATE > 0 ? new MemoryRequestLimiter(60_000 / env.INKSTONE_TOKEN_RATE, env.INKSTONE_TOKEN_BURST) : null;
}
const limiter = globalForLimiter.inkstoneRequestLimiter ?? null;

/** The policy as RateLimit-Policy states it: the burst, over the seconds the rate takes to refill it. */
export function requestPolicy(rate = env.INKSTONE_TOKEN_RATE, burst = env.INKSTONE_TOKEN_BURST): { burst: number; windowSeconds: number } | null {
  return rate > 0 ? { burst, windowSeconds: Math.max(1, Math.ceil((burst * 60) / rate)) } : null;
}

/**
 * Counts `cost` requests (a tRPC batch costs one per call) against the principal's bucket. Null
 * when the limit is off. Call it once a request's principal is known, before any work.
 */
export function countRequests(principal: Principal, cost = 1): RequestAllowance | null {
  const policy = requestPolicy();
  if (!limiter || !policy) return null;
  const key = principal.tokenId !== null ? `token:${principal.tokenId}` : `user:${principal.userId}`;
  // A batch larger than the bucket could never pass: it pays for a full bucket instead.
  const taken = limiter.take(key, Math.min(Math.max(1, cost), policy.burst), Date.now());
  const headers: Record<string, string> = {
    "ratelimit-limit": String(policy.burst),
    "ratelimit-remaining": String(taken.remaining),
    "ratelimit-reset": String(Math.ceil(taken.resetMs / 1000)),
    "ratelimit-policy": `${policy.burst};w=${policy.windowSeconds}`,
  };
  if (taken.allowed) return { headers, refusal: null };
  const retryAfter = Math.max(1, Math.ceil(taken.retryAfterMs / 1000));
  const refusal = new AppError(
    "rate_limited",
    `Too many requests with this credential: ${policy.burst} at once, then ${env.INKSTONE_TOKEN_RATE} a minute. Wait Retry-After seconds.`,
    { retryAfter, limit: policy.burst, perMinute: env.INKSTONE_TOKEN_RATE },
    retryAfter,
  );
  return { headers, refusal };
}

/** The response with these headers added; a response whose headers are immutable is copied. */
export function withRateLimitHeaders(response: Response, allowance: RequestAllowance | null | undefined): Response {
  if (!allowance) return response;
  try {
    for (const [name, value] of Object.entries(allowance.headers)) response.headers.set(name, value);
    return response;
  } catch {
    const headers = new Headers(response.headers);
    for (const [name, value] of Object.entries(allowance.headers)) headers.set(name, value);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}
