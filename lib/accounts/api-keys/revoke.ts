import type { Queryable } from '@/lib/db/types';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Revokes a key by id. Revoking twice keeps the first revocation time. Returns null for an unknown id. */
export async function revokeApiKey(db: Queryable, id: string): Promise<{ id: string; revokedAt: string } | null> {
  if (!UUID.test(id)) return null;
  const [row] = await db.query<{ id: string; revoked_at: Date }>(
    `update api_keys set revoked_at = coalesce(revoked_at, now()) where id = $1 returning id, revoked_at`,
    [id],
  );
  return row ? { id: row.id, revokedAt: row.revoked_at.toISOString() } : null;
}
