import { ApiError } from '@/lib/api/errors';
import type { Queryable } from '@/lib/db/types';
import { admit } from './admit';
import type { RateLimitPolicy } from './policies';

/**
 * Where a client stands after this request: the IETF RateLimit fields (draft-ietf-httpapi-ratelimit-headers,
 * structured form) naming the policy, the quota left and the seconds until it resets.
 */
export function rateLimitHeaders(policy: RateLimitPolicy, remaining: number, resetSeconds: number) {
  return {
    'RateLimit-Policy': `"${policy.name}";q=${policy.limit};w=${policy.windowSeconds};burst=${policy.burst}`,
    RateLimit: `"${policy.name}";r=${Math.max(0, remaining)};t=${resetSeconds}`,
  };
}

// Buckets known to be over their limit, until when (ms): a client being refused costs no database round trip, so
// a flood from one client cannot take the connections that other clients' requests need. Bounded: cleared when full.
// On globalThis: server.ts reads it too (lib/rate-limits/early-refusal.ts), and Next bundles its own module copies.
const holder = globalThis as typeof globalThis & { __rateLimitBlocked?: Map<string, number> };
holder.__rateLimitBlocked ??= new Map<string, number>();
const blockedUntil = holder.__rateLimitBlocked;
const BLOCKED_BUCKETS_MAX = 10_000;

/** Seconds until a bucket known to be over its limit accepts again; null when it is not known to be. */
export function knownBlockedSeconds(bucket: string, now = Date.now()): number | null {
  const until = blockedUntil.get(bucket);
  return until !== undefined && until > now ? Math.ceil((until - now) / 1000) : null;
}

/**
 * Counts this request against `identity`'s bucket of `policy` and returns the headers to send with the answer;
 * over the limit, throws 429 rate_limited with Retry-After. The count is held in the database, shared by every
 * instance; the refusal cache is this process's own and only ever shortens work.
 */
export async function enforceRateLimit(
  db: Queryable,
  policy: RateLimitPolicy,
  identity: string,
): Promise<Record<string, string>> {
  const bucket = `${policy.name}:${identity}`;
  const now = Date.now();
  const blocked = blockedUntil.get(bucket);
  if (blocked !== undefined && blocked > now) throw limited(policy, Math.ceil((blocked - now) / 1000));
  if (blocked !== undefined) blockedUntil.delete(bucket);

  const { allowed, remaining, resetSeconds } = await admit(db, bucket, policy);
  if (!allowed) {
    if (blockedUntil.size >= BLOCKED_BUCKETS_MAX) blockedUntil.clear();
    blockedUntil.set(bucket, now + resetSeconds * 1000);
    throw limited(policy, resetSeconds);
  }
  return rateLimitHeaders(policy, remaining, resetSeconds);
}

export function limited(policy: RateLimitPolicy, resetSeconds: number): ApiError {
  return new ApiError({
    code: 'rate_limited',
    message: `Too many requests: the ${policy.name} limit is ${policy.limit} per ${policy.windowSeconds} s (at most ${policy.burst} at once). Retry after ${resetSeconds} s.`,
    headers: { 'Retry-After': String(resetSeconds), ...rateLimitHeaders(policy, 0, resetSeconds) },
  });
}
