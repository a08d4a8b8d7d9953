import type { Queryable } from '@/lib/db/types';

/** Recent runs of the local engine and counts per status, for `admin jobs` (Inngest shows its own in its dashboard). */
export async function listJobRuns(db: Queryable, options: { failedOnly?: boolean; limit?: number } = {}) {
  const runs = await db.query<{
    [key: string]: unknown;
    id: string;
    function_id: string;
    event_name: string;
    event_data: unknown;
    status: string;
    attempts: number;
    max_attempts: number;
    last_error: string | null;
    created_at: Date;
    run_after: Date;
    finished_at: Date | null;
  }>(
    `select id, function_id, event_name, event_data, status, attempts, max_attempts, last_error, created_at,
            run_after, finished_at
       from job_runs ${options.failedOnly ? "where status = 'failed'" : ''}
      order by created_at desc limit $1`,
    [options.limit ?? 50],
  );
  const counts = await db.query<{ [key: string]: unknown; status: string; n: number }>(
    'select status, count(*)::int as n from job_runs group by status',
  );
  return {
    counts: Object.fromEntries(counts.map((row) => [row.status, row.n])),
    runs: runs.map((row) => ({
      id: row.id,
      job: row.function_id,
      event: row.event_name,
      data: row.event_data,
      status: row.status,
      attempts: row.attempts,
      maxAttempts: row.max_attempts,
      lastError: row.last_error,
      createdAt: row.created_at.toISOString(),
      runAfter: row.run_after.toISOString(),
      finishedAt: row.finished_at?.toISOString() ?? null,
    })),
  };
}
