import type { Db } from '@/lib/db/types';

/** Removes the whole catalogue, children first, in one transaction. */
export async function resetCatalogue(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('delete from stock_picks');
    await tx.query('delete from post_summaries');
    await tx.query('delete from posts');
    await tx.query('delete from publications');
  });
}
