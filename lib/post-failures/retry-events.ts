import type { Queryable } from '@/lib/db/types';
import type { JobEvent } from '@/lib/jobs/events';

/**
 * The job events that try quarantined posts again whose retry time has come: a summary or picks request per post, and
 * one indexing run for the index and embedding stages (the indexer and the embedder take due posts by themselves).
 */
export async function dueRetryEvents(db: Queryable, limit = 500): Promise<JobEvent[]> {
  const due = await db.query<{ post_id: string; stage: string }>(
    `select post_id, stage from post_failures where next_retry_at <= now() order by next_retry_at limit $1`,
    [limit],
  );
  const events: JobEvent[] = [];
  for (const { post_id: postId, stage } of due) {
    if (stage === 'summary') events.push({ name: 'posts/summary.requested', data: { postId } });
    if (stage === 'picks') events.push({ name: 'posts/picks.requested', data: { postId } });
  }
  if (due.some((row) => row.stage === 'index' || row.stage === 'embed')) {
    events.push({ name: 'search/embeddings.requested', data: {} });
  }
  return events;
}
