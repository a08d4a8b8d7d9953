import type { Queryable } from '@/lib/db/types';

/** Publications with a feed whose next poll time has come (or was never planned), most overdue first. */
export async function listDuePublications(db: Queryable, now: Date, limit = 1000): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `select id from publications
      where feed_url is not null and (next_poll_at is null or next_poll_at <= $1)
      order by next_poll_at nulls first limit $2`,
    [now, limit],
  );
  return rows.map((row) => row.id);
}
