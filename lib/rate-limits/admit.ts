import type { Queryable } from '@/lib/db/types';
import type { RateLimitPolicy } from './policies';

export interface Admission {
  allowed: boolean;
  /** Requests that could still be made right now (the burst left). */
  remaining: number;
  /** Seconds until the bucket is full again (allowed) or until the next request is allowed (refused). */
  resetSeconds: number;
}

/**
 * GCRA (the generic cell rate algorithm, a token bucket kept as one timestamp): each bucket stores the theoretical
 * arrival time (tat) of its next request. A request is allowed when tat is at most `burst` emission intervals ahead
 * of now, and pushes tat one interval further; so a client gets `burst` requests at once and then `limit` per
 * window, evenly. One upsert per request, on the database clock so every instance agrees.
 */
export async function admit(db: Queryable, bucket: string, policy: RateLimitPolicy): Promise<Admission> {
  const intervalMs = (policy.windowSeconds * 1000) / policy.limit;
  const toleranceMs = intervalMs * policy.burst;
  const [row] = await db.query<{ ahead_ms: number }>(
    `insert into rate_limit_buckets (bucket, tat) values ($1, now() + make_interval(secs => $2 / 1000.0))
     on conflict (bucket) do update
       set tat = greatest(rate_limit_buckets.tat, now()) + make_interval(secs => $2 / 1000.0)
       where greatest(rate_limit_buckets.tat, now()) + make_interval(secs => $2 / 1000.0) - now()
             <= make_interval(secs => $3 / 1000.0)
     returning extract(epoch from tat - now()) * 1000 as ahead_ms`,
    [bucket, intervalMs, toleranceMs],
  );
  if (row) {
    if (Math.random() < 0.001) await db.query(`delete from rate_limit_buckets where tat < now() - interval '1 day'`);
    return {
      allowed: true,
      remaining: Math.max(0, Math.floor((toleranceMs - row.ahead_ms) / intervalMs)),
      resetSeconds: Math.max(1, Math.ceil(row.ahead_ms / 1000)),
    };
  }
  const [current] = await db.query<{ ahead_ms: number }>(
    `select extract(epoch from tat - now()) * 1000 as ahead_ms from rate_limit_buckets where bucket = $1`,
    [bucket],
  );
  const waitMs = (current?.ahead_ms ?? intervalMs) + intervalMs - toleranceMs;
  return { allowed: false, remaining: 0, resetSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}
