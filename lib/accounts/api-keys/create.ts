import { hashSecretToken, newSecretToken } from '@/lib/accounts/secret-token';
import { typed } from '@/lib/db/typed';
import type { Queryable } from '@/lib/db/types';
import type { SpendCap } from './spend-cap';

export const API_KEY_PREFIX = 'pk_svc_';

export interface CreatedApiKey {
  id: string;
  /** The raw key. It is returned here once and never stored. */
  key: string;
  name: string;
  displayPrefix: string;
  createdAt: string;
}

/** Issues a key; with `cap`, the key may spend only so much per UTC day and month, and only some products. */
export async function createApiKey(
  db: Queryable,
  userId: string,
  name = 'default',
  cap: SpendCap | null = null,
): Promise<CreatedApiKey> {
  const trimmed = name.trim();
  if (trimmed.length < 1 || trimmed.length > 100) throw new Error('key name must be 1-100 characters');
  const key = newSecretToken(API_KEY_PREFIX);
  const displayPrefix = key.slice(0, API_KEY_PREFIX.length + 6);
  const row = await typed(db)
    .insertInto('api_keys')
    .values({
      user_id: userId,
      name: trimmed,
      key_hash: hashSecretToken(key),
      display_prefix: displayPrefix,
      daily_cap_cents: cap?.dailyCents ?? null,
      monthly_cap_cents: cap?.monthlyCents ?? null,
      allowed_products: cap?.products ?? null,
    })
    .returning(['id', 'created_at'])
    .executeTakeFirst();
  return { id: row!.id, key, name: trimmed, displayPrefix, createdAt: row!.created_at.toISOString() };
}
