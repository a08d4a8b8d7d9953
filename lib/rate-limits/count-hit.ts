import type { Queryable } from '@/lib/db/types';

export interface WindowCount {
  /** Requests counted in the current window, this one included. */
  hits: number;
  /** Seconds until the window ends. */
  resetSeconds: number;
}

/**
 * Counts one request against `bucket` in the current fixed window, on the database clock so every instance agrees
 * on where windows start. One upsert per request; rows of windows older than an hour are swept now and then.
 */
export async function countHit(db: Queryable, bucket: string, windowSeconds: number): Promise<WindowCount> {
  const [row] = await db.query<{ hits: number; reset_seconds: number }>(
    `with window_start as (
       select to_timestamp(floor(extract(epoch from now()) / $2) * $2) as at
     )
     insert into rate_limit_hits (bucket, window_start, hits)
     select $1, at, 1 from window_start
     on conflict (bucket, window_start) do update set hits = rate_limit_hits.hits + 1
     returning hits, ceil(extract(epoch from window_start + make_interval(secs => $2) - now()))::int as reset_seconds`,
    [bucket, windowSeconds],
  );
  if (row!.hits === 1 && Math.random() < 0.01) {
    await db.query(`delete from rate_limit_hits where window_start < now() - interval '1 hour'`);
  }
  return { hits: row!.hits, resetSeconds: Math.max(1, row!.reset_seconds) };
}
