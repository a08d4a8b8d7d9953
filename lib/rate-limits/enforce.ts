import { ApiError } from '@/lib/api/errors';
import type { Queryable } from '@/lib/db/types';
import { admit } from './admit';
import type { BlockedBuckets } from './blocked-buckets';
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

/**
 * Counts this request against `identity`'s bucket of `policy` and returns the headers to send with the answer;
 * over the limit, throws 429 rate_limited with Retry-After. The count is held in the database, shared by every
 * instance; the refusal cache (`blocked`, the process's AppContext.limits) is this process's own and only ever
 * shortens work.
 */
export async function enforceRateLimit(
  db: Queryable,
  blocked: BlockedBuckets,
  policy: RateLimitPolicy,
  identity: string,
): Promise<Record<string, string>> {
  const bucket = `${policy.name}:${identity}`;
  const now = Date.now();
  const seconds = blocked.secondsLeft(bucket, now);
  if (seconds !== null) throw limited(policy, seconds);
  blocked.forget(bucket);

  const { allowed, remaining, resetSeconds } = await admit(db, bucket, policy);
  if (!allowed) {
    blocked.block(bucket, now + resetSeconds * 1000);
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
