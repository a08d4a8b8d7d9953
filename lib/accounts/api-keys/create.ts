import { hashSecretToken, newSecretToken } from '@/lib/accounts/secret-token';
import { typed } from '@/lib/db/typed';
import type { Queryable } from '@/lib/db/types';

export const API_KEY_PREFIX = 'pk_svc_';

export interface CreatedApiKey {
  id: string;
  /** The raw key. It is returned here once and never stored. */
  key: string;
  name: string;
  displayPrefix: string;
  createdAt: string;
}

export async function createApiKey(db: Queryable, userId: string, name = 'default'): Promise<CreatedApiKey> {
  const trimmed = name.trim();
  if (trimmed.length < 1 || trimmed.length > 100) throw new Error('key name must be 1-100 characters');
  const key = newSecretToken(API_KEY_PREFIX);
  const displayPrefix = key.slice(0, API_KEY_PREFIX.length + 6);
  const row = await typed(db)
    .insertInto('api_keys')
    .values({ user_id: userId, name: trimmed, key_hash: hashSecretToken(key), display_prefix: displayPrefix })
    .returning(['id', 'created_at'])
    .executeTakeFirst();
  return { id: row!.id, key, name: trimmed, displayPrefix, createdAt: row!.created_at.toISOString() };
}
