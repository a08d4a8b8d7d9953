import { typed } from '@/lib/db/typed';
import type { Queryable } from '@/lib/db/types';

export interface ApiKeySummary {
  id: string;
  name: string;
  displayPrefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** A user's API keys, newest first: names and prefixes only (the keys themselves are stored as hashes). */
export async function listApiKeys(db: Queryable, userId: string, limit = 100): Promise<ApiKeySummary[]> {
  const rows = await typed(db)
    .selectFrom('api_keys')
    .select(['id', 'name', 'display_prefix', 'created_at', 'last_used_at', 'revoked_at'])
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
  }));
}
