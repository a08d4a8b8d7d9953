import { hashSecretToken, newSecretToken } from '@/lib/accounts/secret-token';
import { typed } from '@/lib/db/typed';
import type { Queryable } from '@/lib/db/types';
import { API_KEY_SCOPES, type ApiKeyScope } from './scopes';
import type { SpendCap } from './spend-cap';

export const API_KEY_PREFIX = 'pk_svc_';

export interface CreatedApiKey {
  id: string;
  /** The raw key. It is returned here once and never stored. */
  key: string;
  name: string;
  displayPrefix: string;
  createdAt: string;
  scopes: ApiKeyScope[];
}

/**
 * Issues a key; with `cap`, the key may spend only so much per UTC day and month, and only some products; with
 * `scopes`, it may read more than its own spending (scopes.ts). Callers validate their input; an unknown scope here
 * is a programming error.
 */
export async function createApiKey(
  db: Queryable,
  userId: string,
  name = 'default',
  cap: SpendCap | null = null,
  scopes: readonly ApiKeyScope[] = [],
): Promise<CreatedApiKey> {
  const trimmed = name.trim();
  if (trimmed.length < 1 || trimmed.length > 100) throw new Error('key name must be 1-100 characters');
  const unknown = scopes.filter((scope) => !(API_KEY_SCOPES as readonly string[]).includes(scope));
  if (unknown.length > 0) throw new Error(`unknown API key scope: ${unknown.join(', ')}`);
  const stored = API_KEY_SCOPES.filter((scope) => scopes.includes(scope));
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
      scopes: stored,
    })
    .returning(['id', 'created_at'])
    .executeTakeFirst();
  return { id: row!.id, key, name: trimmed, displayPrefix, createdAt: row!.created_at.toISOString(), scopes: stored };
}
