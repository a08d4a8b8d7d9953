import { typed } from '@/lib/db/typed';
import type { Queryable } from '@/lib/db/types';

/** Publications with a feed whose next poll time has come (or was never planned), most overdue first. */
export async function listDuePublications(db: Queryable, now: Date, limit = 1000): Promise<string[]> {
  const rows = await typed(db)
    .selectFrom('publications')
    .select('id')
    .where('feed_url', 'is not', null)
    .where((eb) => eb.or([eb('next_poll_at', 'is', null), eb('next_poll_at', '<=', now)]))
    .orderBy('next_poll_at', (order) => order.nullsFirst())
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}
