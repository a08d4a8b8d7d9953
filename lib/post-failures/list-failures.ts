import type { Queryable } from '@/lib/db/types';
import { POST_STAGES, type PostFailure, type PostStage } from './stage';

export interface ListedPostFailure extends PostFailure {
  publication: string;
  post: string;
  title: string;
  attempts: number;
  firstFailedAt: string;
  lastFailedAt: string;
  nextRetryAt: string;
}

/** Quarantined posts, newest failure first: all of them, or a publication's. */
export async function listPostFailures(
  db: Queryable,
  filter: { publicationId?: string; limit?: number } = {},
): Promise<ListedPostFailure[]> {
  const rows = await db.query<ListedPostFailure & { [key: string]: unknown }>(
    `select f.post_id as "postId", f.stage, f.error as reason, f.attempts,
            pub.slug as publication, p.slug as post, left(p.title, 120) as title,
            to_char(f.first_failed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "firstFailedAt",
            to_char(f.last_failed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "lastFailedAt",
            to_char(f.next_retry_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "nextRetryAt"
       from post_failures f join posts p on p.id = f.post_id join publications pub on pub.id = p.publication_id
      where ($1::uuid is null or p.publication_id = $1)
      order by f.last_failed_at desc, f.post_id, f.stage
      limit $2`,
    [filter.publicationId ?? null, filter.limit ?? 1000],
  );
  return rows;
}

/** Quarantined posts per stage (every stage present, 0 when none), for /readyz. */
export async function countPostFailures(db: Queryable): Promise<Record<PostStage, number> & { total: number }> {
  const rows = await db.query<{ stage: PostStage; n: number }>(
    'select stage, count(*)::int as n from post_failures group by stage',
  );
  const counts = Object.fromEntries(POST_STAGES.map((stage) => [stage, 0])) as Record<PostStage, number>;
  for (const row of rows) counts[row.stage] = row.n;
  return { ...counts, total: rows.reduce((sum, row) => sum + row.n, 0) };
}
