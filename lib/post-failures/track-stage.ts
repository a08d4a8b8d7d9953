import type { Queryable } from '@/lib/db/types';
import { clearPostFailures, recordPostFailure } from './record-failure';
import type { PostStage } from './stage';

/**
 * Runs one post's stage (a summary, its picks) and keeps its quarantine in step: a failure is recorded (and thrown
 * on, so the job engine retries it with its own backoff), a success clears what an earlier attempt recorded.
 */
export async function trackStage<T>(
  db: Queryable,
  postId: string,
  stage: PostStage,
  work: () => Promise<T>,
): Promise<T> {
  let result: T;
  try {
    result = await work();
  } catch (error) {
    await recordPostFailure(db, { postId, stage, error }).catch(() => {});
    throw error;
  }
  await clearPostFailures(db, stage, [postId]);
  return result;
}
