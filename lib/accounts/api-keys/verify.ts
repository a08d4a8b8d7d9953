import { hashSecretToken } from '@/lib/accounts/secret-token';
import type { Queryable } from '@/lib/db/types';

export interface VerifiedApiKey {
  apiKeyId: string;
  userId: string;
}

/** Looks a presented key up by its hash; unknown and revoked keys both give null. */
export async function verifyApiKey(db: Queryable, key: string): Promise<VerifiedApiKey | null> {
  const [row] = await db.query<{ id: string; user_id: string }>(
    `update api_keys set last_used_at = now()
      where key_hash = $1 and revoked_at is null
      returning id, user_id`,
    [hashSecretToken(key)],
  );
  return row ? { apiKeyId: row.id, userId: row.user_id } : null;
}
