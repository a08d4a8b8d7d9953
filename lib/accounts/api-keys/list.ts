import { typed } from '@/lib/db/typed';
import type { Queryable } from '@/lib/db/types';
import { type ApiKeyScope, scopesFromRow } from './scopes';
import { capFromRow, hasLimit, type SpendCap } from './spend-cap';

export interface ApiKeySummary {
  id: string;
  name: string;
  displayPrefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  cap: SpendCap | null;
  /** What it may read besides its own spending; empty: its own spending only. */
  scopes: ApiKeyScope[];
}

/** A user's API keys, newest first: names and prefixes only (the keys themselves are stored as hashes). */
export async function listApiKeys(db: Queryable, userId: string, limit = 100): Promise<ApiKeySummary[]> {
  const rows = await typed(db)
    .selectFrom('api_keys')
    .select([
      'id',
      'name',
      'display_prefix',
      'created_at',
      'last_used_at',
      'revoked_at',
      'daily_cap_cents',
      'monthly_cap_cents',
      'allowed_products',
      'scopes',
    ])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    displayPrefix: r.display_prefix,
    createdAt: r.created_at.toISOString(),
    lastUsedAt: r.last_used_at?.toISOString() ?? null,
    revokedAt: r.revoked_at?.toISOString() ?? null,
    cap: capOf(r),
    scopes: scopesFromRow(r.scopes),
  }));
}

function capOf(row: Parameters<typeof capFromRow>[0]): SpendCap | null {
  const cap = capFromRow(row);
  return hasLimit(cap) ? cap : null;
}
