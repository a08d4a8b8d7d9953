import type { Queryable } from '@/lib/db/types';

/**
 * Whether a credential's `last_used_at` is due to move. It moves at most once a minute: updating it on every request
 * made all of a credential's concurrent requests queue behind that one row's lock.
 */
export const LAST_USED_IS_STALE = `(last_used_at is null or last_used_at < now() - interval '1 minute')`;

/** Records a use of an API key or session token, unless one was recorded within the minute. */
export async function touchLastUsed(db: Queryable, table: 'api_keys' | 'session_tokens', id: string): Promise<void> {
  await db.query(`update ${table} set last_used_at = now() where id = $1 and ${LAST_USED_IS_STALE}`, [id]);
}
