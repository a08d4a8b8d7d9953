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
  const rows = await db.query<{
    id: string;
    name: string;
    display_prefix: string;
    created_at: Date;
    last_used_at: Date | null;
    revoked_at: Date | null;
  }>(
    `select id, name, display_prefix, created_at, last_used_at, revoked_at from api_keys
      where user_id = $1 order by created_at desc, id limit $2`,
    [userId, limit],
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    displayPrefix: r.display_prefix,
    createdAt: r.created_at.toISOString(),
    lastUsedAt: r.last_used_at?.toISOString() ?? null,
    revokedAt: r.revoked_at?.toISOString() ?? null,
  }));
}
