import { hashSecretToken } from '@/lib/accounts/secret-token';
import type { Queryable } from '@/lib/db/types';

export interface VerifiedApiKey {
  apiKeyId: string;
  userId: string;
}

/**
 * Looks a presented key up by its hash; unknown and revoked keys both give null. `last_used_at` moves at most once a
 * minute: updating it on every request made all of a key's concurrent requests queue behind that one row's lock.
 */
export async function verifyApiKey(db: Queryable, key: string): Promise<VerifiedApiKey | null> {
  const [row] = await db.query<{ id: string; user_id: string; stale: boolean }>(
    `select id, user_id, (last_used_at is null or last_used_at < now() - interval '1 minute') as stale
       from api_keys where key_hash = $1 and revoked_at is null`,
    [hashSecretToken(key)],
  );
  if (!row) return null;
  if (row.stale) {
    await db.query(
      `update api_keys set last_used_at = now()
        where id = $1 and (last_used_at is null or last_used_at < now() - interval '1 minute')`,
      [row.id],
    );
  }
  return { apiKeyId: row.id, userId: row.user_id };
}
