import type { Queryable } from '@/lib/db/types';

/** True when there is no publication, i.e. nothing has been seeded or synced yet. */
export async function isCatalogueEmpty(db: Queryable): Promise<boolean> {
  const rows = await db.query('select 1 from publications limit 1');
  return rows.length === 0;
}
