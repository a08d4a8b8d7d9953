import type { Queryable } from '@/lib/db/types';
import { retryDelayMs } from './backoff';
import { describeError } from './describe-error';
import type { PostStage } from './stage';

/**
 * Quarantines a post at one stage: the first failure is recorded, a later one counts an attempt more; either way the
 * next try waits longer (lib/post-failures/backoff.ts). The post itself stays stored and listed.
 */
export async function recordPostFailure(
  db: Queryable,
  failure: { postId: string; stage: PostStage; error: unknown },
): Promise<void> {
  const [row] = await db.query<{ attempts: number }>(
    `insert into post_failures (post_id, stage, error, next_retry_at)
     select id, $2, $3, now() + make_interval(secs => $4) from posts where id = $1
     on conflict (post_id, stage) do update
       set error = excluded.error, attempts = post_failures.attempts + 1, last_failed_at = now()
     returning attempts`,
    [failure.postId, failure.stage, describeError(failure.error), retryDelayMs(1) / 1000],
  );
  // The retry time grows with the attempts, which only the database knows after the upsert.
  if (row && row.attempts > 1) {
    await db.query(
      `update post_failures set next_retry_at = now() + make_interval(secs => $3) where post_id = $1 and stage = $2`,
      [failure.postId, failure.stage, retryDelayMs(row.attempts) / 1000],
    );
  }
}

/** The stage went through for these posts: they leave its quarantine. */
export async function clearPostFailures(db: Queryable, stage: PostStage, postIds: readonly string[]): Promise<void> {
  if (postIds.length === 0) return;
  await db.query('delete from post_failures where stage = $1 and post_id = any($2::uuid[])', [stage, postIds]);
}

/** Makes quarantined posts due now (`posts reprocess --failed`, after a fix); all stages, or one. */
export async function makeFailuresDue(db: Queryable, stage?: PostStage): Promise<number> {
  const rows = await db.query(
    `update post_failures set next_retry_at = now() where ($1::text is null or stage = $1) returning post_id`,
    [stage ?? null],
  );
  return rows.length;
}
