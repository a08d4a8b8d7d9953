import { ApiError } from '@/lib/api/errors';
import type { Queryable } from '@/lib/db/types';

/** Deletes an account's watch with its events and their attempts; another account's watch is not found, as unknown. */
export async function deleteWatch(db: Queryable, userId: string, id: string): Promise<void> {
  const rows = await db.query('delete from watches where id = $1 and user_id = $2 returning id', [id, userId]);
  if (rows.length === 0) throw new ApiError({ code: 'not_found', message: 'No such watch on this account.' });
}
