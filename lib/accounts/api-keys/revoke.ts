import { isUuid } from '@/lib/accounts/uuid';
import type { TableRow } from '@/lib/db/typed';
import type { Queryable } from '@/lib/db/types';

/**
 * Revokes a key by id. Revoking twice keeps the first revocation time. Returns null for an unknown id, and, when
 * `ownerId` is given (the dashboard), for a key of another user: nobody revokes someone else's key by guessing.
 */
export async function revokeApiKey(
  db: Queryable,
  id: string,
  ownerId?: string,
): Promise<{ id: string; revokedAt: string } | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.query<Pick<TableRow<'api_keys'>, 'id'> & { revoked_at: Date }>(
    `update api_keys set revoked_at = coalesce(revoked_at, now())
      where id = $1 and ($2::uuid is null or user_id = $2::uuid) returning id, revoked_at`,
    [id, ownerId ?? null],
  );
  return row ? { id: row.id, revokedAt: row.revoked_at.toISOString() } : null;
}
