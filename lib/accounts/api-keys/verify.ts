import { LAST_USED_IS_STALE, touchLastUsed } from '@/lib/accounts/last-used';
import { hashSecretToken } from '@/lib/accounts/secret-token';
import type { TableRow } from '@/lib/db/typed';
import type { Queryable } from '@/lib/db/types';
import { type ApiKeyScope, scopesFromRow } from './scopes';
import { capFromRow, type SpendCap } from './spend-cap';

export interface VerifiedApiKey {
  apiKeyId: string;
  userId: string;
  /** Its spend cap as stored (spend-cap.ts), read with the key so paying with it costs no second lookup. */
  cap: SpendCap;
  /** What it may read besides its own spending (scopes.ts). */
  scopes: ApiKeyScope[];
}

/** Looks a presented key up by its hash; unknown and revoked keys both give null. Its last use is recorded. */
export async function verifyApiKey(db: Queryable, key: string): Promise<VerifiedApiKey | null> {
  const [row] = await db.query<
    Pick<
      TableRow<'api_keys'>,
      'id' | 'user_id' | 'daily_cap_cents' | 'monthly_cap_cents' | 'allowed_products' | 'scopes'
    > & {
      stale: boolean;
    }
  >(
    `select id, user_id, daily_cap_cents, monthly_cap_cents, allowed_products, scopes, ${LAST_USED_IS_STALE} as stale
       from api_keys where key_hash = $1 and revoked_at is null`,
    [hashSecretToken(key)],
  );
  if (!row) return null;
  if (row.stale) await touchLastUsed(db, 'api_keys', row.id);
  return { apiKeyId: row.id, userId: row.user_id, cap: capFromRow(row), scopes: scopesFromRow(row.scopes) };
}
