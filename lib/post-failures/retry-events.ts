import { sql } from 'kysely';
import { typed } from '@/lib/db/typed';
import type { Queryable } from '@/lib/db/types';
import type { JobEvent } from '@/lib/jobs/events';

/**
 * The job events that try quarantined posts again whose retry time has come: a summary or picks request per post, and
 * one indexing run for the index and embedding stages (the indexer and the embedder take due posts by themselves).
 */
export async function dueRetryEvents(db: Queryable, limit = 500): Promise<JobEvent[]> {
  const due = await typed(db)
    .selectFrom('post_failures')
    .select(['post_id', 'stage'])
    .where('next_retry_at', '<=', sql<Date>`now()`)
    .orderBy('next_retry_at')
    .limit(limit)
    .execute();
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
